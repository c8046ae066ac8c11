import { type Kysely, sql } from 'kysely';

/**
 * booking_requests.request_type (docs/product/chat.md, decision 040): who is handling an enquiry.
 * PATIENT, the default and every earlier row, is the front desk's usual follow-up; CHAT marks a
 * request the chat desk has taken (an agent started a conversation about it, or booked it in
 * one). The chat desk sets it back to PATIENT when the conversation is invalidated or no agent is
 * available, so the request is not forgotten between the two desks.
 */
const up = [
  `ALTER TABLE booking_requests ADD COLUMN request_type text NOT NULL DEFAULT 'PATIENT'
    CONSTRAINT booking_requests_request_type_check CHECK (request_type IN ('PATIENT', 'CHAT'))`,
];

const down = ['ALTER TABLE booking_requests DROP COLUMN IF EXISTS request_type'];

export const migration030 = {
  async up(db: Kysely<unknown>): Promise<void> {
    for (const statement of up) await sql.raw(statement).execute(db);
  },
  async down(db: Kysely<unknown>): Promise<void> {
    for (const statement of down) await sql.raw(statement).execute(db);
  },
};
