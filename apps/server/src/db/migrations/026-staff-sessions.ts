import { type Kysely, sql } from 'kysely';

/**
 * Single sign-on for staff and referrers (docs/product/single-sign-on.md, decision 031).
 *
 * - sso_nonces: the nonces the server issued for sign-ins at the OpenID Connect provider, by
 *   SHA-256. An ID token is accepted only with a nonce issued here, unexpired and not used
 *   before: used_at is set once, so a replayed token is refused.
 * - staff_sessions: a verified ID token becomes a row behind the HttpOnly cookie (by the
 *   token's SHA-256), so logout and expiry end it on the server. It keeps the provider's
 *   subject and issuer, and the names the header shows; never the ID token itself.
 */
const up = [
  `CREATE TABLE sso_nonces (
    nonce_hash text PRIMARY KEY CHECK (length(nonce_hash) = 64),
    created_at timestamptz NOT NULL,
    expires_at timestamptz NOT NULL,
    used_at timestamptz
  )`,
  'CREATE INDEX sso_nonces_expires_idx ON sso_nonces (expires_at)',
  `CREATE TABLE staff_sessions (
    id uuid PRIMARY KEY DEFAULT gen_random_uuid(),
    token_hash text NOT NULL UNIQUE CHECK (length(token_hash) = 64),
    issuer text NOT NULL CHECK (length(issuer) <= 500),
    subject text NOT NULL CHECK (length(subject) <= 255),
    username text NOT NULL CHECK (length(username) <= 255),
    name text CHECK (length(name) <= 255),
    first_name text CHECK (length(first_name) <= 255),
    last_name text CHECK (length(last_name) <= 255),
    organization text CHECK (length(organization) <= 255),
    client_address text,
    created_at timestamptz NOT NULL,
    last_seen_at timestamptz NOT NULL,
    idle_expires_at timestamptz NOT NULL,
    absolute_expires_at timestamptz NOT NULL
  )`,
  'CREATE INDEX staff_sessions_expires_idx ON staff_sessions (idle_expires_at)',
];

const down = ['DROP TABLE IF EXISTS staff_sessions', 'DROP TABLE IF EXISTS sso_nonces'];

export const migration026 = {
  async up(db: Kysely<unknown>): Promise<void> {
    for (const statement of up) await sql.raw(statement).execute(db);
  },
  async down(db: Kysely<unknown>): Promise<void> {
    for (const statement of down) await sql.raw(statement).execute(db);
  },
};
