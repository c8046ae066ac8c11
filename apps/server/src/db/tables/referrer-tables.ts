import type { ColumnType, Generated } from 'kysely';

/** Migration 021: the referrer directory (docs/product/referrers.md). */
type Timestamp = ColumnType<Date, Date | string, Date | string>;

/** A doctor, known by the 6-digit stem of their provider numbers. */
export interface ReferrersTable {
  id: Generated<string>;
  provider_stem: string;
  first_name: string;
  last_name: string;
  created_at: Timestamp;
  updated_at: Timestamp;
}

/** One doctor at one practice location: the doctor search's row and the check-in's referrer. */
export interface ReferrerLocationsTable {
  id: Generated<string>;
  referrer_id: string;
  /** Normalised: upper case, 8 characters, the stem padded (contract's normaliseProviderNumber). */
  provider_number: string;
  practice_name: string | null;
  city: string;
  postal_code: string;
  state: string;
  created_at: Timestamp;
  updated_at: Timestamp;
}

export interface ReferrerTables {
  referrers: ReferrersTable;
  referrer_locations: ReferrerLocationsTable;
}
