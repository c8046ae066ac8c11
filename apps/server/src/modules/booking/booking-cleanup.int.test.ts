import { existsSync, mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import { insertHold, resourceIdsOf } from '../../../test/factories/resource-bookings.ts';
import { createTestDatabase } from '../../../test/test-database.ts';
import { fixedClock } from '../../adapters/clock.ts';
import { createLocalStorage, type StorageAdapter } from '../../adapters/storage.ts';
import type { DatabaseHandle } from '../../db/create-db.ts';
import { createBookingCleanup } from './index.ts';

const clock = fixedClock('2026-03-05T00:00:00Z');
const hoursAgo = (hours: number) => new Date(clock.now().getTime() - hours * 3_600_000);
let database: DatabaseHandle;
let filesDir: string;
let storage: StorageAdapter;
let room: number | undefined;

beforeAll(async () => {
  // A copy of the migrated and seeded template.
  database = await createTestDatabase();
  filesDir = mkdtempSync(join(tmpdir(), 'portal-cleanup-'));
  storage = createLocalStorage(filesDir);
  [room] = await resourceIdsOf(database.db, 'parramatta', 'MR');
});
afterAll(async () => {
  await database?.close();
  rmSync(filesDir, { recursive: true, force: true });
});

const fileExists = (key: string) => existsSync(join(filesDir, key.slice(0, 2), key));

async function key(name: string, status: 'RESERVED' | 'USED', expiresAt: Date) {
  const value = `cleanup-test-key-${name}-0123456789abcdef`;
  await database.db
    .insertInto('booking_keys')
    .values({
      key: value,
      status,
      created_at: hoursAgo(72),
      expires_at: expiresAt,
      used_at: status === 'USED' ? hoursAgo(70) : null,
    })
    .execute();
  return value;
}

async function document(bookingKey: string) {
  const storageKey = await storage.put(new TextEncoder().encode('%PDF-1.4 referral'));
  await database.db
    .insertInto('temporary_documents')
    .values({
      booking_key: bookingKey,
      exam_slug: null,
      group_name: null,
      file_name: 'referral.pdf',
      content_type: 'application/pdf',
      size_bytes: 17,
      storage_key: storageKey,
      created_at: hoursAgo(71),
    })
    .execute();
  return storageKey;
}

const hold = (bookingKey: string | null, day: number, expiresAt: Date) =>
  insertHold(database.db, {
    resourceId: room!,
    start: `2026-03-${10 + day}T09:00:00+11:00`,
    end: `2026-03-${10 + day}T09:30:00+11:00`,
    expiresAt,
  }).then(async (id) => {
    if (bookingKey) {
      await database.db
        .updateTable('resource_bookings')
        .set({ booking_key: bookingKey })
        .where('id', '=', id)
        .execute();
    }
    return id;
  });

const exists = async (table: 'booking_keys' | 'resource_bookings', column: string, value: string) =>
  (
    await database.db
      .selectFrom(table)
      .select(column as never)
      .where(column as never, '=', value as never)
      .execute()
  ).length > 0;

describe('booking clean-up', () => {
  it('deletes expired holds and stale unused keys with their documents, once, from two instances at once', async () => {
    const stale = await key('stale', 'RESERVED', hoursAgo(48));
    const staleFiles = [await document(stale), await document(stale)];
    const staleHold = await hold(stale, 1, hoursAgo(47));
    // Expired an hour ago: still re-keyable within the grace period.
    const recent = await key('recent', 'RESERVED', hoursAgo(1));
    const recentFile = await document(recent);
    // Used keys name bookings: never deleted.
    const used = await key('used', 'USED', hoursAgo(48));
    const live = await key('live', 'RESERVED', new Date(clock.now().getTime() + 3_600_000));
    const liveHold = await hold(live, 2, new Date(clock.now().getTime() + 600_000));
    const expiredHold = await hold(live, 3, hoursAgo(1));
    const keylessExpiredHold = await hold(null, 4, hoursAgo(5));

    const instances = [1, 2].map(() =>
      createBookingCleanup({ db: database.db, storage, clock, batchSize: 1 }),
    );
    const results = await Promise.all(instances.map((cleanup) => cleanup.runOnce()));
    const total = results.reduce((sum, result) => ({
      holds: sum.holds + result.holds,
      bookingKeys: sum.bookingKeys + result.bookingKeys,
      documents: sum.documents + result.documents,
      files: sum.files + result.files,
      bookingChanges: sum.bookingChanges + result.bookingChanges,
    }));
    // staleHold goes with its key (cascade) or as an expired hold, whichever comes first.
    expect(total.bookingKeys).toBe(1);
    expect(total.documents).toBe(2);
    expect(total.files).toBe(2);
    expect(total.holds).toBeGreaterThanOrEqual(2);
    expect(total.holds).toBeLessThanOrEqual(3);

    expect(await exists('booking_keys', 'key', stale)).toBe(false);
    for (const file of staleFiles) expect(fileExists(file)).toBe(false);
    expect(await exists('resource_bookings', 'id', staleHold)).toBe(false);
    expect(await exists('resource_bookings', 'id', expiredHold)).toBe(false);
    expect(await exists('resource_bookings', 'id', keylessExpiredHold)).toBe(false);

    expect(await exists('booking_keys', 'key', recent)).toBe(true);
    expect(fileExists(recentFile)).toBe(true);
    expect(await exists('booking_keys', 'key', used)).toBe(true);
    expect(await exists('booking_keys', 'key', live)).toBe(true);
    expect(await exists('resource_bookings', 'id', liveHold)).toBe(true);

    // Nothing left to do: a second run changes nothing.
    expect(await instances[0]!.runOnce()).toEqual({
      holds: 0,
      bookingKeys: 0,
      documents: 0,
      files: 0,
      bookingChanges: 0,
    });

    // A day later the recent key's grace is over too.
    clock.set('2026-03-06T01:00:00Z');
    expect(await instances[0]!.runOnce()).toMatchObject({ bookingKeys: 2, documents: 1 });
    expect(fileExists(recentFile)).toBe(false);
    expect(await exists('resource_bookings', 'id', liveHold)).toBe(false);
  });
});

describe('booking change counts (migration 009)', () => {
  const versions = async () => {
    const { rows } = await sql<{ resource_id: number; version: string; rows: number }>`
      SELECT resource_id, sum(changes)::text AS version, count(*)::integer AS rows
      FROM resource_booking_changes GROUP BY resource_id ORDER BY resource_id`.execute(database.db);
    return rows;
  };

  it('folds each resource into one row and leaves every version as it was', async () => {
    for (const day of [11, 12, 13]) await hold(null, day, hoursAgo(-1));
    const before = await versions();
    expect(before.find((row) => row.resource_id === room)?.rows).toBeGreaterThan(1);

    const folded = await createBookingCleanup({ db: database.db, storage, clock }).runOnce();

    const after = await versions();
    expect(after.map(({ resource_id, version }) => ({ resource_id, version }))).toEqual(
      before.map(({ resource_id, version }) => ({ resource_id, version })),
    );
    expect(after.every((row) => row.rows === 1)).toBe(true);
    expect(folded.bookingChanges).toBe(
      before.reduce((sum, row) => sum + row.rows, 0) - before.length,
    );
  });

  // Migration 007's version row made the second wait for the first's COMMIT (one row
  // lock per resource); PGlite has one connection, so this runs on PostgreSQL only.
  it.skipIf(inject('testDatabase').engine === 'pglite')(
    'lets two transactions book different times of one resource without waiting for each other',
    async () => {
      await database.db.transaction().execute(async (first) => {
        await insertHold(first as never, {
          resourceId: room!,
          start: '2026-03-25T09:00:00+11:00',
          end: '2026-03-25T09:30:00+11:00',
          expiresAt: hoursAgo(-1),
        });
        await database.db.transaction().execute(async (second) => {
          await sql`SET LOCAL lock_timeout = '2s'`.execute(second);
          await insertHold(second as never, {
            resourceId: room!,
            start: '2026-03-25T10:00:00+11:00',
            end: '2026-03-25T10:30:00+11:00',
            expiresAt: hoursAgo(-1),
          });
        });
      });
    },
  );
});
