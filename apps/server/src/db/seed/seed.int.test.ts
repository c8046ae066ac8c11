import { sql } from 'kysely';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { createTestDatabase } from '../../../test/test-database.ts';
import type { DatabaseHandle } from '../create-db.ts';
import { countSeededRows, isDatabaseEmpty, seedDemoData } from './index.ts';

let database: DatabaseHandle;
beforeAll(async () => {
  database = await createTestDatabase();
});
afterAll(() => database?.close());

it('seeds the demo provider (docs/product/shell-and-configuration.md#demo-mode) into the template', async () => {
  const counts = await countSeededRows(database.db);
  expect(counts.regions).toBeGreaterThanOrEqual(3);
  expect(counts.clinics).toBeGreaterThanOrEqual(12);
  expect(counts.modalities).toBe(8);
  expect(counts.exams).toBeGreaterThanOrEqual(40);
  expect(counts.resource_schedules).toBeGreaterThan(0);
  expect(counts.schedule_exceptions).toBeGreaterThan(0);
  expect(await isDatabaseEmpty(database.db)).toBe(false);
});

it('is idempotent: seeding again leaves the same row counts', async () => {
  const before = await countSeededRows(database.db);
  expect(await seedDemoData(database.db)).toEqual(before);
  expect(await seedDemoData(database.db)).toEqual(before);
});

it('stores holiday closures at local midnight in each clinic time zone', async () => {
  const rows = await database.db
    .selectFrom('schedule_exceptions')
    .innerJoin('clinics', 'clinics.id', 'schedule_exceptions.clinic_id')
    .where('schedule_exceptions.reason', '=', 'Public holiday: Christmas Day')
    .where(sql<boolean>`schedule_exceptions.starts_at < '2026-01-01T00:00:00Z'`)
    .where('clinics.slug', 'in', ['parramatta', 'south-brisbane', 'joondalup'])
    .select(['clinics.slug', 'schedule_exceptions.starts_at', 'schedule_exceptions.ends_at'])
    .orderBy('clinics.slug')
    .execute();
  const bySlug = Object.fromEntries(rows.map((row) => [row.slug, row.starts_at.toISOString()]));
  // Sydney is on daylight time (UTC+11) at Christmas; Brisbane (UTC+10) and Perth (UTC+8) never are.
  expect(bySlug).toEqual({
    parramatta: '2025-12-24T13:00:00.000Z',
    'south-brisbane': '2025-12-24T14:00:00.000Z',
    joondalup: '2025-12-24T16:00:00.000Z',
  });
});

it('refuses a resource performing an exam its clinic does not offer', async () => {
  const mri = await database.db
    .selectFrom('exams')
    .select('id')
    .where('slug', '=', 'mri-brain')
    .executeTakeFirstOrThrow();
  // Fremantle has no MRI: its X-ray room cannot be given an MRI exam.
  const room = await database.db
    .selectFrom('resources')
    .innerJoin('clinics', 'clinics.id', 'resources.clinic_id')
    .where('clinics.slug', '=', 'fremantle')
    .select(['resources.id', 'resources.clinic_id'])
    .executeTakeFirstOrThrow();
  await expect(
    database.db
      .insertInto('resource_exams')
      .values({ resource_id: room.id, clinic_id: room.clinic_id, exam_id: mri.id })
      .execute(),
  ).rejects.toThrow(/foreign key/);
});

it('has btree_gist enabled for the later no-double-booking constraint', async () => {
  const row = await database.db
    .selectFrom(sql<{ extname: string }>`pg_extension`.as('e'))
    .select('extname')
    .where('extname', '=', 'btree_gist')
    .executeTakeFirst();
  expect(row?.extname).toBe('btree_gist');
});
