import { randomUUID } from 'node:crypto';
import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildTestApp, type TestApp } from '../../../test/build-test-app.ts';
import {
  countBookingRows,
  listSlots,
  patientDetails,
  reserveBookingKey,
} from '../../../test/factories/booking.ts';
import { fixedClock } from '../../adapters/clock.ts';
import type { AtOnceBooking } from './booking-batch.ts';
import { bookAppointmentsAtOnce } from './resource-bookings.repository.ts';

// Bookings ready in the same turn share one statement (booking-batch.ts): each still
// stands alone. On PostgreSQL (TEST_DATABASE_URL) the requests really run concurrently.
const clock = fixedClock('2026-03-02T00:00:00Z');
const clinicSlug = 'bondi-junction';
const examSlug = 'bone-density-scan';
let testApp: TestApp;
beforeAll(async () => {
  testApp = await buildTestApp({ clock });
});
afterAll(() => testApp?.close());

const book = (bookingKey: string, start: string) =>
  testApp.app.inject({
    method: 'POST',
    url: '/api/appointments',
    payload: {
      bookingKey,
      items: [{ clinicSlug, examSlug, start }],
      patientDetails: patientDetails({ email: `${bookingKey.slice(0, 8)}@example.org` }),
    },
  });

it('books five slots of one resource at once, each exactly once, and a used key books nothing', async () => {
  const slots = (await listSlots(testApp.app, clinicSlug, examSlug, '2026-03-05', '2026-03-05'))
    .filter((slot) => !slot.enquiry)
    .slice(0, 6);
  expect(slots).toHaveLength(6);
  const racing = slots.slice(0, 5);
  const usedKey = await reserveBookingKey(testApp.app);
  expect((await book(usedKey, racing[0]!.start)).statusCode).toBe(201);
  const [, ...free] = racing;
  const keys = await Promise.all(
    Array.from({ length: free.length * 3 }, () => reserveBookingKey(testApp.app)),
  );
  const versionBefore = await bookingVersion();
  const responses = await Promise.all([
    ...keys.map((key, index) => book(key, free[index % free.length]!.start)),
    book(usedKey, slots[5]!.start),
  ]);
  const used = responses.pop()!;
  expect(used.statusCode).toBe(409);
  expect(used.json().error.code).toBe('BOOKING_KEY_USED');
  expect(responses.filter((r) => r.statusCode === 201)).toHaveLength(free.length);
  expect(responses.filter((r) => r.statusCode === 409)).toHaveLength(free.length * 2);
  const booked = await testApp.database.db
    .selectFrom('appointments')
    .select(['starts_at', 'booking_key'])
    .where(
      'starts_at',
      'in',
      slots.map((slot) => new Date(slot.start)),
    )
    .execute();
  // One appointment per raced slot, none at the used key's second slot.
  expect(booked.map((row) => row.starts_at.toISOString()).sort()).toEqual(
    racing.map((slot) => new Date(slot.start).toISOString()).sort(),
  );
  const messages = await testApp.database.db
    .selectFrom('outbox_messages')
    .select('recipient')
    .where('channel', '=', 'EMAIL')
    .execute();
  for (const row of booked) {
    expect(messages.map((m) => m.recipient)).toContain(
      `${row.booking_key.slice(0, 8)}@example.org`,
    );
  }
  expect(await overlappingPairs()).toBe(0);
  // Every booking bumped the resource's version (however many statements it took).
  expect(await bookingVersion()).toBeGreaterThan(versionBefore);
});

async function bookingVersion(): Promise<number> {
  const { rows } = await sql<{ version: string | null }>`
    SELECT max(v.version)::text AS version FROM resource_booking_versions v
      JOIN resource_exams re ON re.resource_id = v.resource_id
      JOIN clinics c ON c.id = re.clinic_id JOIN exams e ON e.id = re.exam_id
     WHERE c.slug = ${clinicSlug} AND e.slug = ${examSlug}`.execute(testApp.database.db);
  return Number(rows[0]?.version ?? 0);
}

async function overlappingPairs(): Promise<number> {
  const { rows } = await sql<{ count: string }>`
    SELECT count(*) AS count FROM resource_bookings a JOIN resource_bookings b
      ON a.resource_id = b.resource_id AND a.id < b.id AND a.period && b.period`.execute(
    testApp.database.db,
  );
  return Number(rows[0]!.count);
}

describe('several bookings in one statement', () => {
  const day = '2026-03-06';
  async function writesFor(start: string, bookingKey: string): Promise<AtOnceBooking> {
    const db = testApp.database.db;
    const exam = await db
      .selectFrom('exams')
      .select('id')
      .where('slug', '=', examSlug)
      .executeTakeFirstOrThrow();
    const place = await db
      .selectFrom('resource_exams')
      .innerJoin('clinics', 'clinics.id', 'resource_exams.clinic_id')
      .select(['resource_exams.resource_id as resourceId', 'clinics.id as clinicId'])
      .where('clinics.slug', '=', clinicSlug)
      .where('resource_exams.exam_id', '=', exam.id)
      .orderBy('resource_exams.resource_id')
      .executeTakeFirstOrThrow();
    const patientId = randomUUID();
    const appointmentId = randomUUID();
    const begins = new Date(start);
    const ends = new Date(begins.getTime() + 15 * 60_000);
    return {
      bookingKey,
      now: clock.now(),
      patient: { id: patientId, details: patientDetails({ contactNumber: '0400000000' }) },
      appointments: [
        {
          id: appointmentId,
          bookingKey,
          examId: exam.id,
          clinicId: place.clinicId,
          start: begins,
          end: ends,
          status: 'BOOKED',
          patientId,
          staffBooking: false,
          patientNotes: null,
          holdId: null,
          resourceId: place.resourceId,
        },
      ],
      audits: [],
      outbox: [],
      claims: [{ appointmentId, resourceId: place.resourceId, start: begins, end: ends }],
    };
  }

  it('writes nothing at all when one of them overlaps a booking, and books each that stands alone', async () => {
    const slots = (await listSlots(testApp.app, clinicSlug, examSlug, day, day)).slice(0, 3);
    const [first, second, third] = await Promise.all(
      slots.map(async (slot) => writesFor(slot.start, await reserveBookingKey(testApp.app))),
    );
    const before = await countBookingRows(testApp.database.db);
    // The third overlaps the first: the whole statement is refused.
    const clash = { ...third!, claims: [{ ...third!.claims[0]!, start: first!.claims[0]!.start }] };
    expect(await bookAppointmentsAtOnce(testApp.database.db, [first!, second!, clash])).toBe(
      'TAKEN',
    );
    expect(await countBookingRows(testApp.database.db)).toEqual(before);

    // A used key books nothing of its own; the others book.
    await testApp.database.db
      .updateTable('booking_keys')
      .set({ status: 'USED', used_at: clock.now() })
      .where('key', '=', second!.bookingKey)
      .execute();
    expect(await bookAppointmentsAtOnce(testApp.database.db, [first!, second!, third!])).toEqual([
      'BOOKED',
      'KEY_UNUSABLE',
      'BOOKED',
    ]);
    const booked = await testApp.database.db
      .selectFrom('appointments')
      .select('booking_key')
      .where('booking_key', 'in', [first!.bookingKey, second!.bookingKey, third!.bookingKey])
      .execute();
    expect(booked.map((row) => row.booking_key).sort()).toEqual(
      [first!.bookingKey, third!.bookingKey].sort(),
    );
    expect(await overlappingPairs()).toBe(0);
  });
});
