import { type Kysely, sql } from 'kysely';

/**
 * Consuming a booking key must find it by its primary key. Migration 003's
 * partial index on `expires_at WHERE status = 'RESERVED'` also matched the
 * consuming `UPDATE ... WHERE key = $1 AND status = 'RESERVED' AND expires_at
 * > now`, and with statistics taken while few keys were reserved (they
 * always are: live keys are the newest rows) the planner chose it and
 * filtered every live key by hand: 16 ms per booking with 10,000 live keys,
 * measured in the booking storm. The clean-up's index now also requires
 * `used_at IS NULL` (true of every reserved key, by 003's check), which the consuming
 * statements do not say, so they can only use the primary key.
 */
const up = [
  'DROP INDEX IF EXISTS booking_keys_reserved_expires_idx',
  `CREATE INDEX booking_keys_unused_expires_idx ON booking_keys (expires_at)
    WHERE status = 'RESERVED' AND used_at IS NULL`,
];

const down = [
  'DROP INDEX IF EXISTS booking_keys_unused_expires_idx',
  `CREATE INDEX booking_keys_reserved_expires_idx ON booking_keys (expires_at) WHERE status = 'RESERVED'`,
];

export const migration008 = {
  async up(db: Kysely<unknown>): Promise<void> {
    for (const statement of up) await sql.raw(statement).execute(db);
  },
  async down(db: Kysely<unknown>): Promise<void> {
    for (const statement of down) await sql.raw(statement).execute(db);
  },
};
