import { afterAll, beforeAll, expect, it } from 'vitest';
import { createTestDatabase } from '../../../test/test-database.ts';
import { fixedClock } from '../../adapters/clock.ts';
import { createAvailabilityService } from '../../modules/availability/index.ts';
import type { DatabaseHandle } from '../create-db.ts';
import { demoBookingKeys, listDemoBookings, seedDemoBookings } from './demo-bookings.ts';

let database: DatabaseHandle;
beforeAll(async () => {
  database = await createTestDatabase();
});
afterAll(() => database?.close());

it('adds two appointments and a booking request with known keys, once', async () => {
  const clock = fixedClock('2026-03-02T00:00:00Z');
  const availability = createAvailabilityService({ db: database.db, clock });
  const findSlot = async (clinicSlug: string, examSlug: string) => {
    const { slots } = await availability.clinicSlots(clinicSlug, {
      examSlug,
      from: '2026-03-09',
      to: '2026-03-13',
    });
    const offered = await availability.offeredSlot({
      clinicSlug,
      examSlug,
      start: new Date(slots[0]!.start),
    });
    return { start: offered!.start, end: offered!.end, resourceId: offered!.resourceIds[0]! };
  };
  expect(await seedDemoBookings(database.db, { now: clock.now(), findSlot })).toBe(3);
  expect(await seedDemoBookings(database.db, { now: clock.now(), findSlot })).toBe(0);
  expect((await listDemoBookings(database.db)).map((line) => line.bookingKey)).toEqual(
    Object.values(demoBookingKeys),
  );
  const statuses = await database.db
    .selectFrom('appointments')
    .select('status')
    .orderBy('status')
    .execute();
  expect(statuses.map((row) => row.status)).toEqual(['BOOKED', 'PENDING']);
  // The booked times are no longer offered to others.
  const taken = await database.db.selectFrom('resource_bookings').selectAll().execute();
  expect(taken.every((row) => row.kind === 'APPOINTMENT')).toBe(true);
  expect(taken).toHaveLength(2);
});
