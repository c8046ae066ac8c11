import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildTestApp, demoProvider, type TestApp } from '../../../test/build-test-app.ts';
import {
  insertAppointment,
  insertHold,
  resourceIdsOf,
} from '../../../test/factories/resource-bookings.ts';
import { fixedClock } from '../../adapters/clock.ts';
import { type AvailabilityService, createAvailabilityService } from './index.ts';

// Monday 2 March 2026, 11:00 in Sydney (UTC+11). Parramatta has one MRI room.
const clock = fixedClock('2026-03-02T00:00:00Z');
let testApp: TestApp;
/** Two app instances' slot engines over the same database, each with its own cache. */
let first: AvailabilityService;
let second: AvailabilityService;
let mriRoom: number | undefined;
beforeAll(async () => {
  testApp = await buildTestApp({ clock });
  first = createAvailabilityService({ db: testApp.database.db, clock });
  second = createAvailabilityService({ db: testApp.database.db, clock });
  [mriRoom] = await resourceIdsOf(testApp.database.db, 'parramatta', 'MR');
});
afterAll(() => testApp?.close());

// A start free in the demo data, the one after it, and the end of the first.
const tenOClock = '2026-03-11T10:00:00+11:00';
const halfPastTen = '2026-03-11T10:30:00+11:00';
const week = { examSlug: 'mri-knee', from: '2026-03-09', to: '2026-03-15' };

async function offersTen(service: AvailabilityService): Promise<boolean> {
  const { slots } = await service.clinicSlots('parramatta', week);
  return slots.some((slot) => slot.start === tenOClock);
}

async function nextFromTen(service: AvailabilityService): Promise<string | undefined> {
  const clinic = await testApp.database.db
    .selectFrom('clinics')
    .where('slug', '=', 'parramatta')
    .select('id')
    .executeTakeFirstOrThrow();
  const { slots } = await service.nextAvailable({
    examSlug: 'mri-knee',
    clinicIds: [clinic.id],
    start: '2026-03-11T09:59:00+11:00',
  });
  return slots[0]?.start;
}

describe('free slots cached per instance', () => {
  it('never offers a slot another instance held or booked, and offers it again once free', async () => {
    // Both instances have computed (and cached) the week with 09:00 free.
    expect(await offersTen(first)).toBe(true);
    expect(await offersTen(second)).toBe(true);
    expect(await nextFromTen(first)).toBe(tenOClock);

    // Another instance's hold (here straight SQL, as any instance writes it).
    const holdId = await insertHold(testApp.database.db, {
      resourceId: mriRoom!,
      start: tenOClock,
      end: halfPastTen,
      expiresAt: '2026-03-02T00:10:00Z',
    });
    expect(await offersTen(first)).toBe(false);
    expect(await offersTen(second)).toBe(false);
    expect(await nextFromTen(first)).toBe(halfPastTen);

    // The hold expires with no write at all: the cached answer must not outlive it.
    clock.set('2026-03-02T00:10:00Z');
    expect(await offersTen(first)).toBe(true);
    expect(await nextFromTen(first)).toBe(tenOClock);
    await testApp.database.db.deleteFrom('resource_bookings').where('id', '=', holdId).execute();

    // A booking made through the HTTP API (the app's own instance) is seen by both.
    const key = await testApp.app.inject({ method: 'POST', url: '/api/booking-keys' });
    const booked = await testApp.app.inject({
      method: 'POST',
      url: '/api/appointments',
      payload: {
        bookingKey: key.json().bookingKey,
        items: [{ examSlug: 'mri-knee', clinicSlug: 'parramatta', start: tenOClock }],
        patientDetails: {
          firstName: 'Cache',
          lastName: 'Test',
          dateOfBirth: '1980-01-01',
          sex: 'FEMALE',
          email: 'cache@example.org',
          contactNumber: '0400000000',
          postalCode: '2150',
        },
      },
    });
    expect(booked.statusCode, booked.body).toBe(201);
    expect(await offersTen(first)).toBe(false);
    expect(await offersTen(second)).toBe(false);

    // A cancellation (the resource booking deleted) frees it again everywhere.
    await testApp.database.db
      .deleteFrom('resource_bookings')
      .where('resource_id', '=', mriRoom!)
      .where(sql<boolean>`lower(period) = ${new Date(tenOClock)}::timestamptz`)
      .execute();
    expect(await offersTen(first)).toBe(true);
    expect(await offersTen(second)).toBe(true);
  });

  it('gives a cached next-available answer again only while its first slot is still bookable', async () => {
    clock.set('2026-03-02T00:00:00Z');
    const notice = demoProvider().booking.minimumNoticeMinutes * 60_000;
    const clinic = await testApp.database.db
      .selectFrom('clinics')
      .where('slug', '=', 'parramatta')
      .select('id')
      .executeTakeFirstOrThrow();
    const ask = async () =>
      (await first.nextAvailable({ examSlug: 'mri-knee', clinicIds: [clinic.id] })).slots[0]!;
    const firstStart = Date.parse((await ask()).start);
    // 10 s before the first slot falls inside the notice: still offered (and cached).
    clock.set(new Date(firstStart - notice - 10_000));
    const before = await ask();
    expect(Date.parse(before.start)).toBe(firstStart);
    expect(await ask()).toEqual(before);
    // 20 s later, nothing in the database changed, but that slot is inside the notice now.
    clock.set(new Date(firstStart - notice + 10_000));
    const after = await ask();
    expect(Date.parse(after.start)).toBeGreaterThan(Date.parse(before.start));
    expect(Date.parse(after.start)).toBeGreaterThanOrEqual(clock.now().getTime() + notice);
  });

  it('bumps only the versions of resources a statement changed, and none for a lost insert', async () => {
    const versionOf = async (resourceId: number) => {
      const row = await sql<{ version: string }>`
        SELECT sum(changes)::text AS version FROM resource_booking_changes
        WHERE resource_id = ${resourceId}`.execute(testApp.database.db);
      return row.rows[0]?.version ?? '0';
    };
    const [xrayRoom] = await resourceIdsOf(testApp.database.db, 'parramatta', 'XR');
    const mriBefore = await versionOf(mriRoom!);
    const xrayBefore = await versionOf(xrayRoom!);
    await insertAppointment(testApp.database.db, {
      resourceId: mriRoom!,
      examSlug: 'mri-knee',
      start: '2026-03-12T09:00:00+11:00',
      end: '2026-03-12T09:30:00+11:00',
    });
    const mriAfter = await versionOf(mriRoom!);
    expect(BigInt(mriAfter)).toBeGreaterThan(BigInt(mriBefore));
    expect(await versionOf(xrayRoom!)).toBe(xrayBefore);
    // An overlapping insert that ON CONFLICT DO NOTHING skips changes nothing.
    await sql`INSERT INTO resource_bookings (resource_id, period, kind, expires_at)
      VALUES (${mriRoom}, tstzrange('2026-03-12T09:00:00+11:00', '2026-03-12T09:30:00+11:00', '[)'),
        'HOLD', now() + interval '1 hour')
      ON CONFLICT DO NOTHING`.execute(testApp.database.db);
    expect(await versionOf(mriRoom!)).toBe(mriAfter);
  });
});
