import { type Kysely, sql } from 'kysely';

/**
 * Provider API keys (docs/product/integration.md): the keys the provider's own systems send
 * to /api/integration/...
 *
 * - name: the operator's name for the system holding it (`front-desk`), unique, also for a
 *   revoked key, so the audit trail's `provider:<name>` always means one key.
 * - key_hash: SHA-256 (hex) of the key; the key itself is shown once and never stored. A key
 *   is 256 random bits, so a fast hash is enough (decision 021).
 * - revoked_at: set once; a revoked key never works again.
 * - last_used_at: the last call it authorised (for an operator deciding what to revoke).
 */
const up = [
  `CREATE TABLE provider_api_keys (
    id uuid PRIMARY KEY DEFAULT gen_random_uuid(),
    name text NOT NULL UNIQUE CHECK (name ~ '^[a-z0-9][a-z0-9-]{0,62}$'),
    key_hash text NOT NULL UNIQUE CHECK (key_hash ~ '^[0-9a-f]{64}$'),
    created_at timestamptz NOT NULL,
    revoked_at timestamptz,
    last_used_at timestamptz,
    CHECK (revoked_at IS NULL OR revoked_at >= created_at)
  )`,
];

const down = ['DROP TABLE IF EXISTS provider_api_keys'];

export const migration016 = {
  async up(db: Kysely<unknown>): Promise<void> {
    for (const statement of up) await sql.raw(statement).execute(db);
  },
  async down(db: Kysely<unknown>): Promise<void> {
    for (const statement of down) await sql.raw(statement).execute(db);
  },
};
