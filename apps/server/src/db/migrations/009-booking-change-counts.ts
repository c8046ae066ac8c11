import { type Kysely, sql } from 'kysely';

/**
 * Booking versions without a lock (the booking storm in docs/benchmarks.md).
 *
 * Migration 007 kept one version row per resource and updated it in every
 * statement that changed the resource's bookings, so concurrent bookings of
 * one resource, even of different times, queued on that row until each
 * commit: twenty winners of a rush committed one after another. Now each such
 * statement INSERTs a row of changes instead (inserts never wait for each
 * other), and a resource's version is the SUM of its rows. A sum read in one
 * snapshot grows with every committed change and with nothing else, which is
 * all the free-slot cache asks of a version (docs/decisions/012-free-slot-cache.md).
 * The booking clean-up folds each resource's rows into one (one statement:
 * the sum is unchanged for every reader), so the table stays about one row per
 * resource. The versions carry over: each resource starts at its old number.
 */
/** A statement trigger's function: `body`, then RETURN NULL. */
const triggerFunction = (name: string, body: string) => `
  CREATE OR REPLACE FUNCTION ${name}() RETURNS trigger LANGUAGE plpgsql AS $$
  BEGIN
    ${body};
    RETURN NULL;
  END
  $$`;

const changed = (transition: string) =>
  `INSERT INTO resource_booking_changes (resource_id, changes)
    SELECT DISTINCT resource_id, 1 FROM ${transition}`;

/** Migration 007's version bump, for `down`. */
const bumped = (transition: string) =>
  `INSERT INTO resource_booking_versions (resource_id, version)
    SELECT DISTINCT resource_id, 1 FROM ${transition} ORDER BY resource_id
    ON CONFLICT (resource_id) DO UPDATE SET version = resource_booking_versions.version + 1`;

const both =
  '(SELECT resource_id FROM changed_old UNION SELECT resource_id FROM changed_new) AS changed';

const up: string[] = [
  `CREATE TABLE resource_booking_changes (
    resource_id integer NOT NULL,
    changes bigint NOT NULL CHECK (changes > 0)
  )`,
  `CREATE INDEX resource_booking_changes_resource_idx
    ON resource_booking_changes (resource_id) INCLUDE (changes)`,
  `INSERT INTO resource_booking_changes (resource_id, changes)
    SELECT resource_id, version FROM resource_booking_versions WHERE version > 0`,
  triggerFunction('bump_resource_booking_versions_new', changed('changed_new')),
  triggerFunction('bump_resource_booking_versions_old', changed('changed_old')),
  triggerFunction('bump_resource_booking_versions_both', changed(both)),
  // Every resource, not only those with rows: a TRUNCATE may empty one never bumped.
  triggerFunction(
    'bump_all_resource_booking_versions',
    'INSERT INTO resource_booking_changes (resource_id, changes) SELECT id, 1 FROM resources',
  ),
  'DROP TABLE resource_booking_versions',
];

const down: string[] = [
  `CREATE TABLE resource_booking_versions (
    resource_id integer PRIMARY KEY,
    version bigint NOT NULL
  )`,
  `INSERT INTO resource_booking_versions (resource_id, version)
    SELECT resource_id, sum(changes) FROM resource_booking_changes GROUP BY resource_id`,
  triggerFunction('bump_resource_booking_versions_new', bumped('changed_new')),
  triggerFunction('bump_resource_booking_versions_old', bumped('changed_old')),
  triggerFunction('bump_resource_booking_versions_both', bumped(both)),
  triggerFunction(
    'bump_all_resource_booking_versions',
    'UPDATE resource_booking_versions SET version = version + 1',
  ),
  'DROP TABLE resource_booking_changes',
];

export const migration009 = {
  async up(db: Kysely<unknown>): Promise<void> {
    for (const statement of up) await sql.raw(statement).execute(db);
  },
  async down(db: Kysely<unknown>): Promise<void> {
    for (const statement of down) await sql.raw(statement).execute(db);
  },
};
