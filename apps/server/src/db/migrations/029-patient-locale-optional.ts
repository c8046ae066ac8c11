import { type Kysely, sql } from 'kysely';

/**
 * patients.locale may be unknown (NULL): a booking that named no language (an API client, a
 * staff tool) no longer claims en-AU. A message then goes out in the provider's default locale
 * (application.json jsLocale), decided when it is written, not frozen at booking time
 * (docs/product/messages.md#words-and-languages, decision 035). Rows before it keep what they
 * hold: en-AU is the language they have been written to so far.
 */
const up = [
  'ALTER TABLE patients ALTER COLUMN locale DROP DEFAULT',
  'ALTER TABLE patients ALTER COLUMN locale DROP NOT NULL',
];

const down = [
  `UPDATE patients SET locale = 'en-AU' WHERE locale IS NULL`,
  'ALTER TABLE patients ALTER COLUMN locale SET NOT NULL',
  `ALTER TABLE patients ALTER COLUMN locale SET DEFAULT 'en-AU'`,
];

export const migration029 = {
  async up(db: Kysely<unknown>): Promise<void> {
    for (const statement of up) await sql.raw(statement).execute(db);
  },
  async down(db: Kysely<unknown>): Promise<void> {
    for (const statement of down) await sql.raw(statement).execute(db);
  },
};
