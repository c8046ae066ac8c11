import { type Kysely, sql } from 'kysely';

/**
 * Catalogue, locations and availability: region centres, walk-in
 * settings on exams, the body figure's parts, mobile imaging units, and the
 * indexes the slot engine's bulk reads need.
 */
const up: string[] = [
  // Where the map centres on a region; null falls back to the centre of its clinics.
  'ALTER TABLE regions ADD COLUMN latitude double precision CHECK (latitude BETWEEN -90 AND 90)',
  'ALTER TABLE regions ADD COLUMN longitude double precision CHECK (longitude BETWEEN -180 AND 180)',

  // Walk-in exam (docs/product/booking.md#data): minutes of preparation and how long
  // before closing to arrive.
  'ALTER TABLE exams ADD COLUMN prep_time_minutes integer NOT NULL DEFAULT 0 CHECK (prep_time_minutes BETWEEN 0 AND 480)',
  'ALTER TABLE exams ADD COLUMN minutes_prior integer NOT NULL DEFAULT 0 CHECK (minutes_prior BETWEEN 0 AND 1440)',
  // Catalogue lists filter on active exams and sort by priority.
  'CREATE INDEX exams_priority_idx ON exams (priority, name) WHERE active',

  `CREATE TABLE body_parts (
    id integer GENERATED ALWAYS AS IDENTITY PRIMARY KEY,
    slug text NOT NULL UNIQUE CHECK (slug ~ '^[a-z0-9]+(-[a-z0-9]+)*$'),
    name text NOT NULL CHECK (length(name) > 0),
    view text NOT NULL CHECK (view IN ('FRONT', 'BACK')),
    sort_order integer NOT NULL DEFAULT 0
  )`,

  `CREATE TABLE mobile_locations (
    id integer GENERATED ALWAYS AS IDENTITY PRIMARY KEY,
    name text NOT NULL CHECK (length(name) > 0),
    region_id integer NOT NULL REFERENCES regions (id),
    address text NOT NULL,
    latitude double precision NOT NULL CHECK (latitude BETWEEN -90 AND 90),
    longitude double precision NOT NULL CHECK (longitude BETWEEN -180 AND 180),
    start_date date NOT NULL,
    end_date date NOT NULL,
    CHECK (end_date >= start_date),
    UNIQUE (name, start_date)
  )`,
  'CREATE INDEX mobile_locations_region_idx ON mobile_locations (region_id, end_date)',

  // Bulk reads of a window: closures by clinic or resource whose range overlaps it.
  'CREATE INDEX schedule_exceptions_clinic_range_idx ON schedule_exceptions (clinic_id, ends_at, starts_at)',
  'CREATE INDEX schedule_exceptions_resource_range_idx ON schedule_exceptions (resource_id, ends_at, starts_at)',
  'CREATE INDEX resources_clinic_idx ON resources (clinic_id) WHERE active',
];

const down: string[] = [
  'DROP INDEX IF EXISTS resources_clinic_idx',
  'DROP INDEX IF EXISTS schedule_exceptions_resource_range_idx',
  'DROP INDEX IF EXISTS schedule_exceptions_clinic_range_idx',
  'DROP TABLE IF EXISTS mobile_locations',
  'DROP TABLE IF EXISTS body_parts',
  'DROP INDEX IF EXISTS exams_priority_idx',
  'ALTER TABLE exams DROP COLUMN IF EXISTS minutes_prior',
  'ALTER TABLE exams DROP COLUMN IF EXISTS prep_time_minutes',
  'ALTER TABLE regions DROP COLUMN IF EXISTS longitude',
  'ALTER TABLE regions DROP COLUMN IF EXISTS latitude',
];

export const migration002 = {
  async up(db: Kysely<unknown>): Promise<void> {
    for (const statement of up) await sql.raw(statement).execute(db);
  },
  async down(db: Kysely<unknown>): Promise<void> {
    for (const statement of down) await sql.raw(statement).execute(db);
  },
};
