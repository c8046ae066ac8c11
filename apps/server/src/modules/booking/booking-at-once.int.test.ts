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

// The one-statement booking (appointments.service.ts, bookedAtOnce) trusts this
// instance's cached catalogue and writes only while the database's catalogue is
// still at that version: a change the cache has not seen yet must not be booked past.
const clinicSlug = 'bondi-junction';
const examSlug = 'bone-density-scan';
const clock = fixedClock('2026-03-02T00:00:00Z');
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
      items: [{ examSlug, clinicSlug, start }],
      patientDetails: patientDetails(),
    },
  });

describe('booking in one statement', () => {
  it('books a slot as the cached catalogue offers it', async () => {
    const [slot] = await listSlots(testApp.app, clinicSlug, examSlug, '2026-03-03', '2026-03-03');
    const key = await reserveBookingKey(testApp.app);
    const response = await book(key, slot!.start);
    expect(response.statusCode).toBe(201);
    expect(response.json().status).toBe('BOOKED');
  });

  it('tells a late loser the slot was taken, as the full checks do, writing nothing and leaving its key usable', async () => {
    const [taken, other] = await listSlots(
      testApp.app,
      clinicSlug,
      examSlug,
      '2026-03-05',
      '2026-03-05',
    );
    expect((await book(await reserveBookingKey(testApp.app), taken!.start)).statusCode).toBe(201);
    const key = await reserveBookingKey(testApp.app);
    const before = await countBookingRows(testApp.database.db);

    // The winner's turn is over: this request books in one statement, which finds the
    // resource taken (this exam has one resource at the clinic).
    const response = await book(key, taken!.start);

    expect(response.statusCode).toBe(409);
    expect(response.json().error.code).toBe('SLOT_UNAVAILABLE');
    expect(response.json().error.message).toMatch(
      /has just been taken\. Please choose another time\.$/,
    );
    expect(await countBookingRows(testApp.database.db)).toEqual(before);
    expect((await book(key, other!.start)).statusCode).toBe(201);
  });

  it('refuses a slot the clinic closed after this instance cached its catalogue, writing nothing', async () => {
    const slots = await listSlots(testApp.app, clinicSlug, examSlug, '2026-03-04', '2026-03-04');
    const start = slots[0]!.start;
    const key = await reserveBookingKey(testApp.app);
    // Straight in the database, as another instance or an administrator would: the
    // trigger bumps the catalogue version, which this instance has not read yet.
    await sql`
      INSERT INTO schedule_exceptions (clinic_id, reason, starts_at, ends_at)
      SELECT id, 'Power outage', ${start}::timestamptz - interval '1 hour',
        ${start}::timestamptz + interval '8 hours'
      FROM clinics WHERE slug = ${clinicSlug}`.execute(testApp.database.db);
    const before = await countBookingRows(testApp.database.db);

    const response = await book(key, start);

    expect(response.statusCode).toBe(422);
    expect(response.json().error.code).toBe('SLOT_NOT_OFFERED');
    expect(await countBookingRows(testApp.database.db)).toEqual(before);
    const keyRow = await testApp.database.db
      .selectFrom('booking_keys')
      .select('status')
      .where('key', '=', key)
      .executeTakeFirstOrThrow();
    expect(keyRow.status).toBe('RESERVED');
  });
});
