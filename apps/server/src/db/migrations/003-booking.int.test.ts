import { sql } from 'kysely';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { createTestDatabase } from '../../../test/test-database.ts';
import type { DatabaseHandle } from '../create-db.ts';

let database: DatabaseHandle;
let resourceId: number;
beforeAll(async () => {
  database = await createTestDatabase();
  const resource = await database.db
    .selectFrom('resources')
    .select('id')
    .orderBy('id')
    .executeTakeFirstOrThrow();
  resourceId = resource.id;
  await database.db
    .insertInto('booking_keys')
    .values({ key: 'k'.repeat(32), expires_at: '2099-01-01T00:00:00Z' })
    .execute();
});
afterAll(() => database?.close());

const hold = (start: string, end: string) =>
  database.db
    .insertInto('resource_bookings')
    .values({
      resource_id: resourceId,
      period: sql<string>`tstzrange(${start}::timestamptz, ${end}::timestamptz, '[)')`,
      kind: 'HOLD',
      expires_at: '2099-01-01T00:00:00Z',
      booking_key: 'k'.repeat(32),
    })
    .execute();

it('refuses overlapping resource bookings with SQLSTATE 23P01; touching ranges are fine', async () => {
  await hold('2030-01-01T01:00:00Z', '2030-01-01T01:30:00Z');
  await hold('2030-01-01T01:30:00Z', '2030-01-01T02:00:00Z');
  await expect(hold('2030-01-01T01:15:00Z', '2030-01-01T01:45:00Z')).rejects.toMatchObject({
    code: '23P01',
  });
});

it('keeps audit events append-only', async () => {
  await database.db
    .insertInto('audit_events')
    .values({ actor: 'system', action: 'test', subject_type: 'test', subject_id: '1' })
    .execute();
  await expect(database.db.deleteFrom('audit_events').execute()).rejects.toThrow(/append-only/);
  await expect(
    database.db.updateTable('audit_events').set({ actor: 'x' }).execute(),
  ).rejects.toThrow(/append-only/);
});
