import { type Kysely, sql } from 'kysely';

/**
 * outbox_messages.qr_codes: the QR codes an e-mail shows inline, as [{ "cid", "text" }], drawn
 * as PNG when it is sent (modules/notifications/qr-codes.ts), like calendar_booking_key's files.
 * The check-in code of a confirmation or a reminder (docs/product/check-in.md#qr-codes) is its
 * first use. The row keeps only the text, a few hundred bytes, never the image.
 */
const up = [
  `ALTER TABLE outbox_messages ADD COLUMN qr_codes jsonb
    CHECK (qr_codes IS NULL OR (jsonb_typeof(qr_codes) = 'array'
      AND jsonb_array_length(qr_codes) BETWEEN 1 AND 20))`,
];

const down = ['ALTER TABLE outbox_messages DROP COLUMN qr_codes'];

export const migration024 = {
  async up(db: Kysely<unknown>): Promise<void> {
    for (const statement of up) await sql.raw(statement).execute(db);
  },
  async down(db: Kysely<unknown>): Promise<void> {
    for (const statement of down) await sql.raw(statement).execute(db);
  },
};
