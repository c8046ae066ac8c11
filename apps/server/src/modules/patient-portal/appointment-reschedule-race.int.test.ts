import { afterAll, beforeAll, expect, it } from 'vitest';
import { buildTestApp, type TestApp } from '../../../test/build-test-app.ts';
import {
  bookAndSignIn,
  examAndClinic,
  freeStarts,
  providerWithPortal,
} from '../../../test/factories/patient-portal.ts';
import { fixedClock } from '../../adapters/clock.ts';

// Fifty patients move their appointments to the same free slot at once: the exclusion
// constraint lets exactly one in, and every other keeps its appointment untouched
// (docs/product/patient-portal.md#reschedule-and-change). Run on both engines; on
// PostgreSQL the transactions really overlap.
const clock = fixedClock('2026-03-02T00:00:00Z');
let testApp: TestApp;

beforeAll(async () => {
  testApp = await buildTestApp({
    clock,
    provider: providerWithPortal({ reschedulePriorMinutes: 60, priorMinutesByModality: {} }),
  });
});
afterAll(() => testApp?.close());

it('lets exactly one of 50 concurrent reschedules into one slot, the others unchanged', async () => {
  const { exam, clinicSlug } = await examAndClinic(
    testApp.app,
    (candidate) => !candidate.bookingRequestOnly && !candidate.walkIn,
  );
  const starts = await freeStarts(testApp.app, clinicSlug, exam.slug, '2026-03-03', '2026-03-31');
  expect(starts.length).toBeGreaterThan(50);
  const [target, ...others] = starts;
  const sessions = [];
  for (const start of others.slice(0, 50)) {
    sessions.push(await bookAndSignIn(testApp.app, { examSlug: exam.slug, clinicSlug, start }));
  }
  const before = await testApp.database.db
    .selectFrom('appointments')
    .select(['id', 'starts_at', 'status', 'resource_id'])
    .orderBy('id')
    .execute();

  const responses = await Promise.all(
    sessions.map((session) =>
      testApp.app.inject({
        method: 'POST',
        url: `/api/secured/appointments/${session.bookingKey}/items/${session.appointmentId}/reschedule`,
        headers: { cookie: session.cookie },
        payload: { start: target },
      }),
    ),
  );
  const codes = responses.map((response) => response.statusCode);
  expect(codes.filter((code) => code === 200)).toHaveLength(1);
  expect(codes.filter((code) => code === 409)).toHaveLength(49);

  const winner = sessions[codes.indexOf(200)]!;
  const after = await testApp.database.db
    .selectFrom('appointments')
    .select(['id', 'starts_at', 'status', 'resource_id', 'booking_key'])
    .orderBy('id')
    .execute();
  // Every loser's appointment is exactly as before; the winner's old one is RESCHEDULED.
  for (const row of before) {
    const now = after.find((candidate) => candidate.id === row.id)!;
    if (row.id === winner.appointmentId) expect(now.status).toBe('RESCHEDULED');
    else expect(now).toMatchObject(row);
  }
  const added = after.filter((row) => !before.some((old) => old.id === row.id));
  expect(added).toHaveLength(1);
  expect(added[0]).toMatchObject({ booking_key: winner.bookingKey, status: 'BOOKED' });
  expect(new Date(added[0]!.starts_at).getTime()).toBe(new Date(target!).getTime());
  const bookingsOfTarget = await testApp.database.db
    .selectFrom('resource_bookings')
    .select('appointment_id')
    .where('appointment_id', '=', added[0]!.id)
    .execute();
  expect(bookingsOfTarget).toHaveLength(1);
  // Exactly one resource booking per live appointment: none lost, none doubled.
  const live = after.filter((row) => row.status === 'BOOKED').length;
  const resourceBookings = await testApp.database.db
    .selectFrom('resource_bookings')
    .select((eb) => eb.fn.countAll<string>().as('count'))
    .where('kind', '=', 'APPOINTMENT')
    .executeTakeFirstOrThrow();
  expect(Number(resourceBookings.count)).toBe(live);
}, 120_000);
