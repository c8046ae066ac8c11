import { type Kysely, sql } from 'kysely';

/**
 * Results and sharing (docs/product/results-and-sharing.md):
 * - `appointment_results`: the report the provider released for an appointment (plain text),
 *   when and by which provider system (`provider:<name>`); released again, it is replaced.
 * - `result_shares`: a patient's share of one result or of their history with a contact. The
 *   link's token is 256 random bits; only its SHA-256 is stored (like provider API keys,
 *   decision 021). Every share expires; a revoked one keeps its row for the patient's list.
 * - `result_share_accesses`: each sign-in and read by the recipient (time, address, browser).
 * - `authentication_sessions.share_id`: a recipient's session names its share; such a session
 *   reaches the shared read only (docs/decisions/023).
 */
const up = [
  `CREATE TABLE appointment_results (
    appointment_id uuid PRIMARY KEY REFERENCES appointments (id) ON DELETE CASCADE,
    report_title text NOT NULL CHECK (length(report_title) BETWEEN 1 AND 200),
    report_text text NOT NULL CHECK (length(report_text) BETWEEN 1 AND 50000),
    released_at timestamptz NOT NULL,
    released_by text NOT NULL CHECK (length(released_by) <= 100)
  )`,
  `CREATE TABLE result_shares (
    id uuid PRIMARY KEY DEFAULT gen_random_uuid(),
    booking_key text NOT NULL REFERENCES booking_keys (key),
    patient_id uuid NOT NULL REFERENCES patients (id) ON DELETE CASCADE,
    token_hash text NOT NULL UNIQUE CHECK (token_hash ~ '^[0-9a-f]{64}$'),
    type text NOT NULL CHECK (type IN ('RESULT', 'HISTORY')),
    appointment_id uuid REFERENCES appointments (id) ON DELETE CASCADE,
    contact_details text NOT NULL CHECK (length(contact_details) BETWEEN 1 AND 254),
    contact_details_type text NOT NULL CHECK (contact_details_type IN ('EMAIL', 'PHONE')),
    contact_name text CHECK (length(contact_name) <= 100),
    note text CHECK (length(note) <= 2000),
    created_at timestamptz NOT NULL,
    expires_at timestamptz NOT NULL,
    revoked_at timestamptz,
    last_notice_at timestamptz,
    CHECK ((type = 'RESULT') = (appointment_id IS NOT NULL)),
    CHECK (expires_at > created_at)
  )`,
  'CREATE INDEX result_shares_booking_key_idx ON result_shares (booking_key, created_at)',
  `CREATE TABLE result_share_accesses (
    id uuid PRIMARY KEY DEFAULT gen_random_uuid(),
    share_id uuid NOT NULL REFERENCES result_shares (id) ON DELETE CASCADE,
    kind text NOT NULL CHECK (kind IN ('SIGN_IN', 'READ')),
    occurred_at timestamptz NOT NULL,
    client_address text NOT NULL CHECK (length(client_address) <= 100),
    user_agent text CHECK (length(user_agent) <= 500)
  )`,
  'CREATE INDEX result_share_accesses_share_idx ON result_share_accesses (share_id, occurred_at)',
  `ALTER TABLE authentication_sessions
    ADD COLUMN share_id uuid REFERENCES result_shares (id) ON DELETE CASCADE`,
];

const down = [
  'ALTER TABLE authentication_sessions DROP COLUMN IF EXISTS share_id',
  'DROP TABLE IF EXISTS result_share_accesses',
  'DROP TABLE IF EXISTS result_shares',
  'DROP TABLE IF EXISTS appointment_results',
];

export const migration017 = {
  async up(db: Kysely<unknown>): Promise<void> {
    for (const statement of up) await sql.raw(statement).execute(db);
  },
  async down(db: Kysely<unknown>): Promise<void> {
    for (const statement of down) await sql.raw(statement).execute(db);
  },
};
