import { afterAll, beforeAll, expect, it } from 'vitest';
import { createTestDatabase } from '../../../test/test-database.ts';
import { createAvailabilityService } from '../../modules/availability/index.ts';
import type { DatabaseHandle } from '../create-db.ts';
import { type DemoSlotBetween, demoCheckInKey, seedDemoCheckIn } from './demo-check-in.ts';

let database: DatabaseHandle;
beforeAll(async () => {
  database = await createTestDatabase();
});
afterAll(() => database?.close());

const settings = { priorMinutes: 1440, closesMinutesAfterStart: 30 };
const finder = (now: Date): DemoSlotBetween => {
  const availability = createAvailabilityService({
    db: database.db,
    clock: { now: () => now },
  });
  return async (clinicSlug, examSlug, after, before) => {
    const day = (date: Date) => date.toISOString().slice(0, 10);
    const { slots } = await availability.clinicSlots(clinicSlug, {
      examSlug,
      from: day(after),
      to: day(new Date(before.getTime() + 86_400_000)),
    });
    const slot = slots.find((row) => new Date(row.start) > after && new Date(row.start) < before);
    if (!slot) return null;
    const offered = await availability.offeredSlot({
      clinicSlug,
      examSlug,
      start: new Date(slot.start),
    });
    return offered
      ? { start: offered.start, end: offered.end, resourceId: offered.resourceIds[0]! }
      : null;
  };
};
const appointment = () =>
  database.db
    .selectFrom('appointments')
    .select(['id', 'starts_at', 'status'])
    .where('booking_key', '=', demoCheckInKey)
    .execute();

it('places the demo appointment inside its check-in window, keeps it while open, moves it once closed', async () => {
  const monday = new Date('2026-03-02T00:00:00Z'); // 11:00 in Sydney
  expect(
    await seedDemoCheckIn(database.db, { now: monday, findSlot: finder(monday), ...settings }),
  ).toBe(demoCheckInKey);
  const [placed] = await appointment();
  const start = new Date(placed!.starts_at).getTime();
  expect(start).toBeGreaterThan(monday.getTime() + 30 * 60_000);
  expect(start).toBeLessThan(monday.getTime() + 1440 * 60_000);

  const soon = new Date(monday.getTime() + 10 * 60_000);
  await seedDemoCheckIn(database.db, { now: soon, findSlot: finder(soon), ...settings });
  expect(await appointment()).toEqual([placed]);

  const later = new Date(start + 2 * 86_400_000);
  await seedDemoCheckIn(database.db, { now: later, findSlot: finder(later), ...settings });
  const moved = await appointment();
  expect(moved).toHaveLength(1);
  expect(moved[0]!.id).toBe(placed!.id);
  expect(new Date(moved[0]!.starts_at).getTime()).toBeGreaterThan(later.getTime());
  expect(moved[0]!.status).toBe('BOOKED');
});
