import { type Kysely, sql } from 'kysely';

/**
 * Availability reads (the slot search benchmark, docs/benchmarks.md).
 *
 * 1. A version number for what the slot engine reads besides bookings: the
 * catalogue (modalities, exams, clinics, which clinic performs which exam),
 * resources, their weekly schedules and closures. Any statement changing one
 * of those tables bumps it (statement triggers), so every app instance can
 * keep those rows in memory and check with one tiny query per request that
 * they are still current (docs/decisions/008-availability-catalogue-cache.md).
 * Bookings and holds are never cached and have no trigger here.
 *
 * 2. A btree index on resource_bookings (resource_id, lower(period)) carrying
 * the columns a slot search reads, so it is answered from the index. Because
 * bookings on one resource never overlap (the exclusion constraint), the rows
 * overlapping a window are those starting inside it plus at most one starting
 * before it (availability.repository.ts); finite bounds make that exact.
 */
const watched = [
  'modalities',
  'exams',
  'clinics',
  'clinic_exams',
  'resources',
  'resource_exams',
  'resource_schedules',
  'schedule_exceptions',
];

const up: string[] = [
  `CREATE TABLE availability_version (
    id boolean PRIMARY KEY DEFAULT true CHECK (id),
    version bigint NOT NULL
  )`,
  'INSERT INTO availability_version (id, version) VALUES (true, 1)',
  `CREATE FUNCTION bump_availability_version() RETURNS trigger LANGUAGE plpgsql AS $$
  BEGIN
    UPDATE availability_version SET version = version + 1;
    RETURN NULL;
  END
  $$`,
  `ALTER TABLE resource_bookings ADD CONSTRAINT resource_bookings_period_finite
    CHECK (NOT lower_inf(period) AND NOT upper_inf(period))`,
  `CREATE INDEX resource_bookings_resource_start_idx
    ON resource_bookings (resource_id, lower(period)) INCLUDE (period, kind, expires_at)`,
  ...watched.map(
    (table) =>
      `CREATE TRIGGER ${table}_availability_version
        AFTER INSERT OR UPDATE OR DELETE OR TRUNCATE ON ${table}
        FOR EACH STATEMENT EXECUTE FUNCTION bump_availability_version()`,
  ),
];

const down: string[] = [
  'DROP INDEX IF EXISTS resource_bookings_resource_start_idx',
  'ALTER TABLE resource_bookings DROP CONSTRAINT IF EXISTS resource_bookings_period_finite',
  ...watched.map((table) => `DROP TRIGGER IF EXISTS ${table}_availability_version ON ${table}`),
  'DROP FUNCTION IF EXISTS bump_availability_version()',
  'DROP TABLE IF EXISTS availability_version',
];

export const migration004 = {
  async up(db: Kysely<unknown>): Promise<void> {
    for (const statement of up) await sql.raw(statement).execute(db);
  },
  async down(db: Kysely<unknown>): Promise<void> {
    for (const statement of down) await sql.raw(statement).execute(db);
  },
};
