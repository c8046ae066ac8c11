import { type Kysely, sql } from 'kysely';

/**
 * Booking maintenance (benchmarks in docs/benchmarks.md, and clean-up).
 *
 * A version per resource for its bookings and holds: every statement that
 * inserts, updates or deletes resource_bookings rows bumps the version of each
 * resource it touched (statement triggers with transition tables, so a bulk
 * load bumps once per resource, and a statement touching no row, such as a
 * lost `INSERT ... ON CONFLICT DO NOTHING`, takes no lock). App instances keep
 * computed free slots per resource set and day, and reuse them only while the
 * versions they read in the same request still match
 * (docs/decisions/012-free-slot-cache.md). A resource without a row is at
 * version 0. The lock on a version row lasts from the booking statement to
 * COMMIT, which booking keeps short by claiming last.
 *
 * The expired-key, expired-hold and temporary-document clean-up uses the
 * partial indexes of migration 003 (booking_keys_reserved_expires_idx,
 * resource_bookings_hold_expires_idx); it needs no index of its own.
 */
const bump = (transition: string) => `
  INSERT INTO resource_booking_versions (resource_id, version)
  SELECT DISTINCT resource_id, 1 FROM ${transition} ORDER BY resource_id
  ON CONFLICT (resource_id) DO UPDATE SET version = resource_booking_versions.version + 1`;

const up: string[] = [
  `CREATE TABLE resource_booking_versions (
    resource_id integer PRIMARY KEY,
    version bigint NOT NULL
  )`,
  `CREATE FUNCTION bump_resource_booking_versions_new() RETURNS trigger LANGUAGE plpgsql AS $$
  BEGIN
    ${bump('changed_new')};
    RETURN NULL;
  END
  $$`,
  `CREATE FUNCTION bump_resource_booking_versions_old() RETURNS trigger LANGUAGE plpgsql AS $$
  BEGIN
    ${bump('changed_old')};
    RETURN NULL;
  END
  $$`,
  `CREATE FUNCTION bump_resource_booking_versions_both() RETURNS trigger LANGUAGE plpgsql AS $$
  BEGIN
    INSERT INTO resource_booking_versions (resource_id, version)
    SELECT DISTINCT resource_id, 1
    FROM (SELECT resource_id FROM changed_old UNION SELECT resource_id FROM changed_new) AS changed
    ORDER BY resource_id
    ON CONFLICT (resource_id) DO UPDATE SET version = resource_booking_versions.version + 1;
    RETURN NULL;
  END
  $$`,
  `CREATE FUNCTION bump_all_resource_booking_versions() RETURNS trigger LANGUAGE plpgsql AS $$
  BEGIN
    UPDATE resource_booking_versions SET version = version + 1;
    RETURN NULL;
  END
  $$`,
  `CREATE TRIGGER resource_bookings_version_insert AFTER INSERT ON resource_bookings
    REFERENCING NEW TABLE AS changed_new
    FOR EACH STATEMENT EXECUTE FUNCTION bump_resource_booking_versions_new()`,
  `CREATE TRIGGER resource_bookings_version_update AFTER UPDATE ON resource_bookings
    REFERENCING OLD TABLE AS changed_old NEW TABLE AS changed_new
    FOR EACH STATEMENT EXECUTE FUNCTION bump_resource_booking_versions_both()`,
  `CREATE TRIGGER resource_bookings_version_delete AFTER DELETE ON resource_bookings
    REFERENCING OLD TABLE AS changed_old
    FOR EACH STATEMENT EXECUTE FUNCTION bump_resource_booking_versions_old()`,
  `CREATE TRIGGER resource_bookings_version_truncate AFTER TRUNCATE ON resource_bookings
    FOR EACH STATEMENT EXECUTE FUNCTION bump_all_resource_booking_versions()`,
];

const down: string[] = [
  'DROP TRIGGER IF EXISTS resource_bookings_version_truncate ON resource_bookings',
  'DROP TRIGGER IF EXISTS resource_bookings_version_delete ON resource_bookings',
  'DROP TRIGGER IF EXISTS resource_bookings_version_update ON resource_bookings',
  'DROP TRIGGER IF EXISTS resource_bookings_version_insert ON resource_bookings',
  'DROP FUNCTION IF EXISTS bump_all_resource_booking_versions()',
  'DROP FUNCTION IF EXISTS bump_resource_booking_versions_both()',
  'DROP FUNCTION IF EXISTS bump_resource_booking_versions_old()',
  'DROP FUNCTION IF EXISTS bump_resource_booking_versions_new()',
  'DROP TABLE IF EXISTS resource_booking_versions',
];

export const migration007 = {
  async up(db: Kysely<unknown>): Promise<void> {
    for (const statement of up) await sql.raw(statement).execute(db);
  },
  async down(db: Kysely<unknown>): Promise<void> {
    for (const statement of down) await sql.raw(statement).execute(db);
  },
};
