import { type Kysely, sql } from 'kysely';

/**
 * Closing two holes in patient access (docs/decisions/015):
 *
 * - access_sessions.otp_verified: whether this session proved a one-time
 *   password. A secured route admits a session only when it passed every check
 *   the route's kind of page requires, whatever type the browser named at sign-in.
 *   Sessions signed in before this migration keep their access when one of their
 *   OTPs was used.
 * - access_otp_sends: one row per booking key counting the OTP messages sent for
 *   it, so the resend wait and the hourly cap hold however the OTP was triggered
 *   (a date-of-birth step opens a new session each time) and on every instance.
 *   Its upsert locks the key's row, so concurrent sign-ins send one message.
 */
const up = [
  'ALTER TABLE access_sessions ADD COLUMN otp_verified boolean NOT NULL DEFAULT false',
  `UPDATE access_sessions SET otp_verified = true
    WHERE state = 'AUTHENTICATED'
      AND EXISTS (SELECT 1 FROM access_otps o WHERE o.session_id = access_sessions.id AND o.used_at IS NOT NULL)`,
  `CREATE TABLE access_otp_sends (
    booking_key text PRIMARY KEY CHECK (length(booking_key) <= 64),
    last_sent_at timestamptz NOT NULL,
    window_started_at timestamptz NOT NULL,
    sent_in_window integer NOT NULL CHECK (sent_in_window >= 1),
    CHECK (last_sent_at >= window_started_at)
  )`,
  'CREATE INDEX access_otp_sends_last_sent_idx ON access_otp_sends (last_sent_at)',
];

const down = [
  'DROP TABLE IF EXISTS access_otp_sends',
  'ALTER TABLE access_sessions DROP COLUMN IF EXISTS otp_verified',
];

export const migration010 = {
  async up(db: Kysely<unknown>): Promise<void> {
    for (const statement of up) await sql.raw(statement).execute(db);
  },
  async down(db: Kysely<unknown>): Promise<void> {
    for (const statement of down) await sql.raw(statement).execute(db);
  },
};
