import { type Kysely, sql } from 'kysely';

/**
 * The referrer directory (docs/product/referrers.md, decision 028): the doctors a patient names
 * as their referrer at check-in.
 *
 * - referrers: one doctor, known by the 6-digit stem of their Medicare provider numbers (the
 *   stem is the practitioner's, the location character the practice's), so an import of the
 *   same doctor at another practice finds the same row.
 * - referrer_locations: one row per doctor and practice location, carrying that location's
 *   provider number (unique), practice name, city, postcode and state. Its id is what the doctor
 *   search answers and the check-in form's `referrer` names: a referral is from a doctor at one
 *   practice.
 *
 * Search (referrers.repository.ts): btree indexes in byte order (COLLATE "C") on the lowercased
 * "last first" and "first last" names, the provider number, city and postcode serve prefix
 * searches (LIKE 'x%') in index order; pg_trgm's GIN indexes on the lowercased last name and
 * "first last" serve the typo-tolerant fallback (`%`). pg_trgm ships with PostgreSQL's contrib
 * and with PGlite (create-db.ts loads it).
 */
const up = [
  'CREATE EXTENSION IF NOT EXISTS pg_trgm',
  `CREATE TABLE referrers (
    id uuid PRIMARY KEY DEFAULT gen_random_uuid(),
    provider_stem text NOT NULL UNIQUE CHECK (provider_stem ~ '^[0-9]{6}$'),
    first_name text NOT NULL CHECK (length(first_name) BETWEEN 1 AND 60),
    last_name text NOT NULL CHECK (length(last_name) BETWEEN 1 AND 60),
    created_at timestamptz NOT NULL,
    updated_at timestamptz NOT NULL
  )`,
  `CREATE TABLE referrer_locations (
    id uuid PRIMARY KEY DEFAULT gen_random_uuid(),
    referrer_id uuid NOT NULL REFERENCES referrers (id) ON DELETE CASCADE,
    provider_number text NOT NULL UNIQUE
      CHECK (provider_number ~ '^[0-9]{6}[0-9A-HJ-NPQRTUVWXY][A-Z]$'),
    practice_name text CHECK (length(practice_name) BETWEEN 1 AND 120),
    city text NOT NULL CHECK (length(city) BETWEEN 1 AND 60),
    postal_code text NOT NULL CHECK (postal_code ~ '^[0-9]{4}$'),
    state text NOT NULL CHECK (state IN ('ACT', 'NSW', 'NT', 'QLD', 'SA', 'TAS', 'VIC', 'WA')),
    created_at timestamptz NOT NULL,
    updated_at timestamptz NOT NULL
  )`,
  'CREATE INDEX referrer_locations_referrer_idx ON referrer_locations (referrer_id)',
  `CREATE INDEX referrers_last_first_prefix_idx
    ON referrers ((lower(last_name || ' ' || first_name)) COLLATE "C")`,
  `CREATE INDEX referrers_first_last_prefix_idx
    ON referrers ((lower(first_name || ' ' || last_name)) COLLATE "C")`,
  `CREATE INDEX referrers_last_name_trgm_idx
    ON referrers USING gin (lower(last_name) gin_trgm_ops)`,
  `CREATE INDEX referrers_first_last_trgm_idx
    ON referrers USING gin (lower(first_name || ' ' || last_name) gin_trgm_ops)`,
  `CREATE INDEX referrer_locations_provider_number_prefix_idx
    ON referrer_locations ((provider_number COLLATE "C"))`,
  `CREATE INDEX referrer_locations_city_prefix_idx
    ON referrer_locations ((lower(city) COLLATE "C"))`,
  `CREATE INDEX referrer_locations_postal_code_prefix_idx
    ON referrer_locations ((postal_code COLLATE "C"))`,
];

// The extension stays: another table may come to use it.
const down = ['DROP TABLE IF EXISTS referrer_locations', 'DROP TABLE IF EXISTS referrers'];

export const migration021 = {
  async up(db: Kysely<unknown>): Promise<void> {
    for (const statement of up) await sql.raw(statement).execute(db);
  },
  async down(db: Kysely<unknown>): Promise<void> {
    for (const statement of down) await sql.raw(statement).execute(db);
  },
};
