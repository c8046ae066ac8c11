import { sql } from 'kysely';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { createTestDatabase } from '../../../test/test-database.ts';
import type { DatabaseHandle } from '../create-db.ts';

let database: DatabaseHandle;
beforeAll(async () => {
  database = await createTestDatabase();
  // Statistics taken while every key was used (as after a quiet night), then many live
  // keys: the state in which the planner used to prefer the clean-up's index.
  await sql`INSERT INTO booking_keys (key, status, created_at, expires_at, used_at)
    SELECT 'used_' || lpad(n::text, 24, '0'), 'USED', now() - interval '2 days',
      now() - interval '1 day', now() - interval '2 days'
    FROM generate_series(1, 20000) AS n`.execute(database.db);
  await sql`ANALYZE booking_keys`.execute(database.db);
  await sql`INSERT INTO booking_keys (key, created_at, expires_at)
    SELECT 'live_' || lpad(n::text, 24, '0'), now(), now() + interval '1 hour'
    FROM generate_series(1, 5000) AS n`.execute(database.db);
});
afterAll(() => database?.close());

it('consumes a booking key through its primary key, however many keys are live', async () => {
  const plan = await sql<{ 'QUERY PLAN': string }>`EXPLAIN
    UPDATE booking_keys SET status = 'USED', used_at = now()
    WHERE key = 'live_000000000000000000000042' AND status = 'RESERVED' AND expires_at > now()`.execute(
    database.db,
  );
  const text = plan.rows.map((row) => row['QUERY PLAN']).join('\n');
  expect(text).toContain('booking_keys_pkey');
  expect(text).not.toMatch(/expires_idx/);
});

it('lets the clean-up find stale unused keys by their expiry', async () => {
  const plan = await sql<{ 'QUERY PLAN': string }>`EXPLAIN
    SELECT key FROM booking_keys
    WHERE status = 'RESERVED' AND used_at IS NULL AND expires_at <= now() - interval '1 day'
    ORDER BY expires_at LIMIT 100`.execute(database.db);
  const text = plan.rows.map((row) => row['QUERY PLAN']).join('\n');
  expect(text).toContain('booking_keys_unused_expires_idx');
});
