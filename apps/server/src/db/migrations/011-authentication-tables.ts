import { type Kysely, sql } from 'kysely';

/**
 * One vocabulary from URL to table: patient sign-in is "authentication" in the routes
 * (/api/authentication), the web feature and the product docs, so its tables are named so too
 * (they were access_* since migration 005). Renames only: rows, constraints and indexes keep
 * working under the new names.
 */
const renames: Array<[kind: 'TABLE' | 'INDEX', from: string, to: string]> = [
  ['TABLE', 'access_sessions', 'authentication_sessions'],
  ['TABLE', 'access_otps', 'authentication_otps'],
  ['TABLE', 'access_attempts', 'authentication_attempts'],
  ['TABLE', 'access_otp_sends', 'authentication_otp_sends'],
  ['INDEX', 'access_sessions_absolute_expires_idx', 'authentication_sessions_absolute_expires_idx'],
  ['INDEX', 'access_otps_session_idx', 'authentication_otps_session_idx'],
  ['INDEX', 'access_attempts_booking_key_idx', 'authentication_attempts_booking_key_idx'],
  ['INDEX', 'access_attempts_client_address_idx', 'authentication_attempts_client_address_idx'],
  ['INDEX', 'access_otp_sends_last_sent_idx', 'authentication_otp_sends_last_sent_idx'],
];

export const migration011 = {
  async up(db: Kysely<unknown>): Promise<void> {
    for (const [kind, from, to] of renames) {
      await sql.raw(`ALTER ${kind} ${from} RENAME TO ${to}`).execute(db);
    }
  },
  async down(db: Kysely<unknown>): Promise<void> {
    for (const [kind, from, to] of [...renames].reverse()) {
      await sql.raw(`ALTER ${kind} ${to} RENAME TO ${from}`).execute(db);
    }
  },
};
