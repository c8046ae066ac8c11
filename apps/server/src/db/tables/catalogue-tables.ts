import type { ColumnType, Generated } from 'kysely';

/**
 * Tables added for the booking catalogue, locations and availability:
 * body parts and mobile locations. The columns migration 002 adds to existing
 * tables (regions.latitude/longitude, exams.prep_time_minutes/minutes_prior)
 * are declared on those tables in ../database.ts.
 * `Database` in ../database.ts extends this interface.
 */
export interface BodyPartsTable {
  id: Generated<number>;
  slug: string;
  name: string;
  view: 'FRONT' | 'BACK';
  sort_order: Generated<number>;
}

export interface MobileLocationsTable {
  id: Generated<number>;
  name: string;
  region_id: number;
  address: string;
  latitude: number;
  longitude: number;
  /** 'YYYY-MM-DD' text (see create-db.ts). */
  start_date: ColumnType<string, string, string>;
  end_date: ColumnType<string, string, string>;
}

/** One row: bumped by any change to what the slot engine caches (migration 004). */
export interface AvailabilityVersionTable {
  id: boolean;
  version: string;
}

export interface CatalogueTables {
  availability_version: AvailabilityVersionTable;
  body_parts: BodyPartsTable;
  mobile_locations: MobileLocationsTable;
}
