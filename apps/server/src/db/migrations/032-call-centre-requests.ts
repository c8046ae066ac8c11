import { type Kysely, sql } from 'kysely';

/**
 * Messages and callback requests to the call centre (docs/product/contact-the-clinic.md,
 * decision 044). One row per message (kind MESSAGE, status SENT) or callback request (kind
 * CALLBACK, PENDING until the provider marks it DONE through the integration). The booking
 * facts the e-mail carries are read again from the booking when it is written, not stored here;
 * the row keeps what the patient typed and chose, so the call centre's answer can be traced.
 * `(booking_key, kind, created_at)` serves the daily limit's count.
 */
const up = [
  `CREATE TABLE call_centre_requests (
    id uuid PRIMARY KEY DEFAULT gen_random_uuid(),
    booking_key text NOT NULL,
    scope text NOT NULL CHECK (scope IN ('APPOINTMENT', 'BOOKING_REQUEST')),
    kind text NOT NULL CHECK (kind IN ('MESSAGE', 'CALLBACK')),
    status text NOT NULL CHECK (status IN ('SENT', 'PENDING', 'DONE')),
    topic text CHECK (length(topic) <= 40),
    message text CHECK (length(message) <= 5000),
    phone text CHECK (length(phone) <= 20),
    windows jsonb,
    time_zone text,
    reason text CHECK (length(reason) <= 500),
    created_at timestamptz NOT NULL,
    done_at timestamptz,
    done_by text,
    CHECK ((kind = 'MESSAGE') = (status = 'SENT')),
    CHECK (kind <> 'MESSAGE' OR (topic IS NOT NULL AND message IS NOT NULL)),
    CHECK (kind <> 'CALLBACK' OR (phone IS NOT NULL AND windows IS NOT NULL AND time_zone IS NOT NULL)),
    CHECK ((status = 'DONE') = (done_at IS NOT NULL))
  )`,
  'CREATE INDEX call_centre_requests_key_idx ON call_centre_requests (booking_key, kind, created_at)',
];

const down = ['DROP TABLE IF EXISTS call_centre_requests'];

export const migration032 = {
  async up(db: Kysely<unknown>): Promise<void> {
    for (const statement of up) await sql.raw(statement).execute(db);
  },
  async down(db: Kysely<unknown>): Promise<void> {
    for (const statement of down) await sql.raw(statement).execute(db);
  },
};
