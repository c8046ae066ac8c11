import { type Kysely, sql } from 'kysely';

/**
 * patients.locale: the language the patient booked in (the web's locale, sent with the booking
 * or booking request), so every message about that booking is written in it
 * (docs/product/messages.md#words-and-languages, decision 032). Rows before it: en-AU, the
 * language every message was written in until now.
 */
const up = [
  `ALTER TABLE patients ADD COLUMN locale text NOT NULL DEFAULT 'en-AU'
    CHECK (locale IN ('en-AU', 'en-NZ', 'en-CA', 'en', 'mk'))`,
];

const down = ['ALTER TABLE patients DROP COLUMN locale'];

export const migration027 = {
  async up(db: Kysely<unknown>): Promise<void> {
    for (const statement of up) await sql.raw(statement).execute(db);
  },
  async down(db: Kysely<unknown>): Promise<void> {
    for (const statement of down) await sql.raw(statement).execute(db);
  },
};
