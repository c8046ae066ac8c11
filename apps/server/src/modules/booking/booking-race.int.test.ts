import { sql } from 'kysely';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { buildTestApp, type TestApp } from '../../../test/build-test-app.ts';
import { listSlots, patientDetails, reserveBookingKey } from '../../../test/factories/booking.ts';
import { fixedClock } from '../../adapters/clock.ts';
import { createAvailabilityService } from '../availability/index.ts';

// On PostgreSQL (TEST_DATABASE_URL) these transactions really run concurrently.
const clock = fixedClock('2026-03-02T00:00:00Z');
let testApp: TestApp;
beforeAll(async () => {
  testApp = await buildTestApp({ clock });
});
afterAll(() => testApp?.close());

const book = (bookingKey: string, clinicSlug: string, examSlug: string, start: string) =>
  testApp.app.inject({
    method: 'POST',
    url: '/api/appointments',
    payload: {
      bookingKey,
      items: [{ clinicSlug, examSlug, start }],
      patientDetails: patientDetails(),
    },
  });

async function overlappingPairs(): Promise<number> {
  const { rows } = await sql<{ count: string }>`
    SELECT count(*) AS count FROM resource_bookings a JOIN resource_bookings b
      ON a.resource_id = b.resource_id AND a.id < b.id AND a.period && b.period`.execute(
    testApp.database.db,
  );
  return Number(rows[0]!.count);
}

it('20 concurrent bookings of a one-resource slot: exactly 1 succeeds, 19 get 409', async () => {
  const clinicSlug = 'bondi-junction';
  const examSlug = 'bone-density-scan';
  const [slot] = await listSlots(testApp.app, clinicSlug, examSlug, '2026-03-04', '2026-03-04');
  const offered = await createAvailabilityService({
    db: testApp.database.db,
    clock,
  }).offeredSlot({ clinicSlug, examSlug, start: new Date(slot!.start) });
  expect(offered?.resourceIds).toHaveLength(1);

  const keys = await Promise.all(Array.from({ length: 20 }, () => reserveBookingKey(testApp.app)));
  const responses = await Promise.all(
    keys.map((key) => book(key, clinicSlug, examSlug, slot!.start)),
  );
  const statuses = responses.map((response) => response.statusCode).sort();
  expect(statuses.filter((status) => status === 201)).toHaveLength(1);
  expect(statuses.filter((status) => status === 409)).toHaveLength(19);
  for (const response of responses.filter((r) => r.statusCode === 409)) {
    expect(response.json().error).toMatchObject({
      code: 'SLOT_UNAVAILABLE',
      message: expect.stringContaining('has just been taken'),
    });
  }
  const appointments = await testApp.database.db
    .selectFrom('appointments')
    .select('id')
    .where('starts_at', '=', new Date(slot!.start))
    .execute();
  expect(appointments).toHaveLength(1);
  // The 19 losers left nothing behind: one patient, one used key, two messages.
  const used = await testApp.database.db
    .selectFrom('booking_keys')
    .select('key')
    .where('key', 'in', keys)
    .where('status', '=', 'USED')
    .execute();
  expect(used).toHaveLength(1);
  expect(await overlappingPairs()).toBe(0);
});

it('books the next free resource when the first one is taken, then refuses', async () => {
  const { rows } = await sql<{ clinic: string; exam: string }>`
    SELECT c.slug AS clinic, e.slug AS exam FROM resource_exams re
      JOIN clinics c ON c.id = re.clinic_id JOIN exams e ON e.id = re.exam_id
     WHERE NOT e.booking_request_only AND NOT e.walk_in
     GROUP BY c.slug, e.slug HAVING count(*) >= 2 ORDER BY c.slug, e.slug LIMIT 1`.execute(
    testApp.database.db,
  );
  const { clinic, exam } = rows[0]!;
  const availability = createAvailabilityService({ db: testApp.database.db, clock });
  const slots = await listSlots(testApp.app, clinic, exam, '2026-03-05', '2026-03-05');
  let start: string | undefined;
  let resources = 0;
  for (const slot of slots) {
    const offered = await availability.offeredSlot({
      clinicSlug: clinic,
      examSlug: exam,
      start: new Date(slot.start),
    });
    if ((offered?.resourceIds.length ?? 0) >= 2) {
      start = slot.start;
      resources = offered!.resourceIds.length;
      break;
    }
  }
  expect(start).toBeDefined();
  const results = [];
  for (let index = 0; index <= resources; index += 1) {
    results.push(
      (await book(await reserveBookingKey(testApp.app), clinic, exam, start!)).statusCode,
    );
  }
  expect(results).toEqual([...Array.from({ length: resources }, () => 201), 409]);
  expect(await overlappingPairs()).toBe(0);
});

it('one booking key may hold at most 10 slots at once', async () => {
  const clinicSlug = 'bondi-junction';
  const examSlug = 'bone-density-scan';
  const slots = await listSlots(testApp.app, clinicSlug, examSlug, '2026-03-10', '2026-03-12');
  const key = await reserveBookingKey(testApp.app);
  const hold = (start: string) =>
    testApp.app.inject({
      method: 'POST',
      url: '/api/slot-holds',
      payload: { clinicSlug, examSlug, start, bookingKey: key },
    });
  for (const slot of slots.slice(0, 10)) expect((await hold(slot.start)).statusCode).toBe(201);
  const eleventh = await hold(slots[10]!.start);
  expect(eleventh.statusCode).toBe(409);
  expect(eleventh.json().error.code).toBe('TOO_MANY_HOLDS');
});

it('20 concurrent holds of a one-resource slot: exactly 1 holds it, 19 are told it was taken', async () => {
  const clinicSlug = 'bondi-junction';
  const examSlug = 'bone-density-scan';
  const [slot] = await listSlots(testApp.app, clinicSlug, examSlug, '2026-03-13', '2026-03-13');
  const keys = await Promise.all(Array.from({ length: 20 }, () => reserveBookingKey(testApp.app)));
  const responses = await Promise.all(
    keys.map((bookingKey) =>
      testApp.app.inject({
        method: 'POST',
        url: '/api/slot-holds',
        payload: { clinicSlug, examSlug, start: slot!.start, bookingKey },
      }),
    ),
  );
  expect(responses.filter((r) => r.statusCode === 201)).toHaveLength(1);
  const losers = responses.filter((r) => r.statusCode === 409);
  expect(losers).toHaveLength(19);
  for (const loser of losers) {
    expect(loser.json().error).toMatchObject({
      code: 'SLOT_UNAVAILABLE',
      message: expect.stringContaining('taken'),
    });
  }
  const holds = await testApp.database.db
    .selectFrom('resource_bookings')
    .select('booking_key')
    .where('kind', '=', 'HOLD')
    .where('booking_key', 'in', keys)
    .execute();
  expect(holds).toHaveLength(1);
  expect(await overlappingPairs()).toBe(0);
});
