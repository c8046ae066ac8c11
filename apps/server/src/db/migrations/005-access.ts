import { type Kysely, sql } from 'kysely';

/**
 * Patient access (docs/decisions/010): sessions, one-time passwords and
 * authentication attempts. All three are rows, not process memory, so several
 * instances share them and a restart forgets nothing.
 *
 * - access_sessions: only the SHA-256 of the cookie's token is stored. A session
 *   names at most one booking key; ANONYMOUS rows only carry a verified captcha.
 * - access_otps: the code is stored as an HMAC (SESSION_SECRET) bound to its
 *   session and booking key; it expires, has few tries and is used once.
 * - access_attempts: one row per attempt that did not (yet) succeed, counted in a
 *   sliding window per booking key and per client address.
 */
const up: string[] = [
  `CREATE TABLE access_sessions (
    id uuid PRIMARY KEY DEFAULT gen_random_uuid(),
    token_hash text NOT NULL UNIQUE CHECK (token_hash ~ '^[0-9a-f]{64}$'),
    state text NOT NULL CHECK (state IN ('ANONYMOUS', 'OTP_PENDING', 'AUTHENTICATED')),
    booking_key text CHECK (length(booking_key) <= 64),
    authentication_type text CHECK (authentication_type IN
      ('BOOKING_REQUEST', 'APPOINTMENT', 'APPOINTMENT_RESULTS', 'PATIENT_PORTAL')),
    verified_captcha boolean NOT NULL DEFAULT false,
    client_address text,
    created_at timestamptz NOT NULL,
    last_seen_at timestamptz NOT NULL,
    idle_expires_at timestamptz NOT NULL,
    absolute_expires_at timestamptz NOT NULL,
    CHECK ((state = 'ANONYMOUS') = (booking_key IS NULL)),
    CHECK ((booking_key IS NULL) = (authentication_type IS NULL))
  )`,
  'CREATE INDEX access_sessions_absolute_expires_idx ON access_sessions (absolute_expires_at)',

  `CREATE TABLE access_otps (
    id uuid PRIMARY KEY DEFAULT gen_random_uuid(),
    session_id uuid NOT NULL REFERENCES access_sessions (id) ON DELETE CASCADE,
    booking_key text NOT NULL,
    code_hash text NOT NULL CHECK (code_hash ~ '^[0-9a-f]{64}$'),
    channel text NOT NULL CHECK (channel IN ('EMAIL', 'SMS')),
    created_at timestamptz NOT NULL,
    expires_at timestamptz NOT NULL,
    tries_left integer NOT NULL CHECK (tries_left >= 0),
    used_at timestamptz,
    CHECK (expires_at > created_at)
  )`,
  'CREATE INDEX access_otps_session_idx ON access_otps (session_id, created_at)',

  `CREATE TABLE access_attempts (
    id bigserial PRIMARY KEY,
    booking_key text NOT NULL CHECK (length(booking_key) <= 64),
    client_address text NOT NULL,
    kind text NOT NULL CHECK (kind IN ('DATE_OF_BIRTH', 'OTP')),
    occurred_at timestamptz NOT NULL
  )`,
  'CREATE INDEX access_attempts_booking_key_idx ON access_attempts (booking_key, occurred_at)',
  'CREATE INDEX access_attempts_client_address_idx ON access_attempts (client_address, occurred_at)',
];

const down: string[] = [
  'DROP TABLE IF EXISTS access_attempts',
  'DROP TABLE IF EXISTS access_otps',
  'DROP TABLE IF EXISTS access_sessions',
];

export const migration005 = {
  async up(db: Kysely<unknown>): Promise<void> {
    for (const statement of up) await sql.raw(statement).execute(db);
  },
  async down(db: Kysely<unknown>): Promise<void> {
    for (const statement of down) await sql.raw(statement).execute(db);
  },
};
