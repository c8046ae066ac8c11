import type { Exam } from '@portal/contract';
import ICAL from 'ical.js';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildTestApp, type TestApp } from '../../../test/build-test-app.ts';
import {
  bookAndSignIn,
  examAndClinic,
  freeStarts,
  providerWithPortal,
} from '../../../test/factories/patient-portal.ts';
import { fixedClock } from '../../adapters/clock.ts';

// Reschedule, change and the calendar file (docs/product/patient-portal.md#manage).
const clock = fixedClock('2026-03-02T00:00:00Z');
let testApp: TestApp;
let plain: { exam: Exam; clinicSlug: string };
let starts: string[];
let next = 0;

beforeAll(async () => {
  testApp = await buildTestApp({
    clock,
    provider: providerWithPortal({
      reschedulePriorMinutes: 1440,
      cancelPriorMinutes: 1440,
      priorMinutesByModality: {},
      enquireOnlyModalities: [],
      rescheduleWalkInAllowed: false,
    }),
  });
  plain = await examAndClinic(testApp.app, (exam) => !exam.bookingRequestOnly && !exam.walkIn);
  starts = await freeStarts(
    testApp.app,
    plain.clinicSlug,
    plain.exam.slug,
    '2026-03-05',
    '2026-03-19',
  );
});
afterAll(() => testApp?.close());

const booked = () =>
  bookAndSignIn(testApp.app, {
    examSlug: plain.exam.slug,
    clinicSlug: plain.clinicSlug,
    start: starts[next++]!,
  });

type Session = Awaited<ReturnType<typeof booked>>;
const post = (session: Session, path: string, payload: object) =>
  testApp.app.inject({
    method: 'POST',
    url: `/api/secured/appointments/${session.bookingKey}/items/${session.appointmentId}/${path}`,
    headers: { cookie: session.cookie },
    payload,
  });

/** The one VEVENT of the appointment's calendar file, parsed by ical.js. */
async function calendarOf(session: Session, appointmentId = session.appointmentId) {
  const response = await testApp.app.inject({
    method: 'GET',
    url: `/api/secured/appointments/${session.bookingKey}/items/${appointmentId}/calendar.ics`,
    headers: { cookie: session.cookie },
  });
  expect(response.statusCode).toBe(200);
  expect(response.headers['content-type']).toContain('text/calendar');
  const calendar = new ICAL.Component(ICAL.parse(response.body));
  const event = calendar.getFirstSubcomponent('vevent')!;
  return {
    method: calendar.getFirstPropertyValue('method'),
    uid: event.getFirstPropertyValue('uid'),
    sequence: event.getFirstPropertyValue('sequence'),
    status: event.getFirstPropertyValue('status'),
    start: (event.getFirstPropertyValue('dtstart') as ICAL.Time).toJSDate().toISOString(),
  };
}

const rowsOfKey = (bookingKey: string) =>
  testApp.database.db
    .selectFrom('appointments')
    .select(['id', 'status', 'replaced_by', 'starts_at', 'calendar_uid', 'calendar_sequence'])
    .where('booking_key', '=', bookingKey)
    .orderBy('created_at')
    .execute();

describe('reschedule', () => {
  it('books the new time and retires the old one in one step, under the same key', async () => {
    const session = await booked();
    const before = await calendarOf(session);
    expect(before).toMatchObject({ method: 'PUBLISH', sequence: 0, status: 'CONFIRMED' });

    const later = starts[next++]!;
    const response = await post(session, 'reschedule', { start: later });
    expect(response.statusCode).toBe(200);
    const body = response.json();
    expect(body.appointmentStatus).toBe('RESCHEDULED');
    expect(new Date(body.replacement.startsAt).getTime()).toBe(new Date(later).getTime());

    const rows = await rowsOfKey(session.bookingKey);
    expect(rows.map((row) => row.status)).toEqual(['RESCHEDULED', 'BOOKED']);
    expect(rows[0]!.replaced_by).toBe(rows[1]!.id);
    expect(rows[1]!.calendar_uid).toBe(rows[0]!.calendar_uid);
    const offered = await freeStarts(
      testApp.app,
      plain.clinicSlug,
      plain.exam.slug,
      '2026-03-05',
      '2026-03-19',
    );
    expect(offered).toContain(starts[next - 2]);
    expect(offered).not.toContain(later);

    // The old id's calendar link now gives the new time: same UID, one SEQUENCE on.
    const after = await calendarOf(session);
    expect(after).toMatchObject({ uid: before.uid, sequence: 1, status: 'CONFIRMED' });
    expect(after.start).toBe(new Date(later).toISOString());

    const moved = { ...session, appointmentId: rows[1]!.id };
    expect((await post(moved, 'cancel', {})).json().outcome).toBe('CANCELED');
    const cancelled = await calendarOf(moved);
    expect(cancelled).toMatchObject({
      uid: before.uid,
      sequence: 2,
      method: 'CANCEL',
      status: 'CANCELLED',
    });

    const message = await testApp.database.db
      .selectFrom('outbox_messages')
      .select('body_text')
      .where('template', '=', 'APPOINTMENT_RESCHEDULED')
      .where('channel', '=', 'EMAIL')
      .orderBy('id', 'desc')
      .executeTakeFirstOrThrow();
    expect(message.body_text).toMatch(/Now: .*\n- Was: /);
  });

  it('refuses a slot someone else has and leaves the appointment as it was', async () => {
    const mine = await booked();
    const theirs = await booked();
    const taken = starts[next - 1]!;
    const response = await post(mine, 'reschedule', { start: taken });
    expect(response.statusCode).toBe(409);
    const rows = await rowsOfKey(mine.bookingKey);
    expect(rows).toEqual([expect.objectContaining({ status: 'BOOKED', replaced_by: null })]);
    expect((await rowsOfKey(theirs.bookingKey))[0]!.status).toBe('BOOKED');
  });

  it('refuses a moved appointment, a time not offered, and bad input, with clear codes', async () => {
    const session = await booked();
    expect((await post(session, 'reschedule', { start: 'tomorrow' })).statusCode).toBe(400);
    const notOffered = await post(session, 'reschedule', { start: '2026-03-10T03:07:00+11:00' });
    expect(notOffered.statusCode).toBe(422);
    await post(session, 'reschedule', { start: starts[next++]! });
    const twice = await post(session, 'reschedule', { start: starts[next++]! });
    expect(twice.statusCode).toBe(409);
    expect(twice.json().error.code).toBe('message.reschedule_cancelled_appts');
  });

  it('refuses a walk-in exam with message.reschedule_with_walk_in_not_allowed', async () => {
    let walkIn: { exam: Exam; clinicSlug: string };
    try {
      walkIn = await examAndClinic(testApp.app, (exam) => exam.walkIn);
    } catch {
      return expect.fail('the catalogue has no walk-in exam to test with');
    }
    const free = await freeStarts(
      testApp.app,
      walkIn.clinicSlug,
      walkIn.exam.slug,
      '2026-03-05',
      '2026-03-19',
    );
    const session = await bookAndSignIn(testApp.app, {
      examSlug: walkIn.exam.slug,
      clinicSlug: walkIn.clinicSlug,
      start: free[0]!,
    });
    const response = await post(session, 'reschedule', { start: free[1]! });
    expect(response.statusCode).toBe(409);
    expect(response.json().error.code).toBe('message.reschedule_with_walk_in_not_allowed');
  });
});

describe('change', () => {
  it('moves to another clinic as CHANGED; the calendar event follows', async () => {
    const session = await booked();
    const clinics = (
      await testApp.app.inject({ method: 'GET', url: `/api/clinics?examSlugs=${plain.exam.slug}` })
    ).json().clinics as Array<{ slug: string }>;
    const other = clinics.find((clinic) => clinic.slug !== plain.clinicSlug);
    if (!other) return expect.fail('the exam is performed at one clinic only');
    const free = await freeStarts(
      testApp.app,
      other.slug,
      plain.exam.slug,
      '2026-03-05',
      '2026-03-19',
    );
    const response = await post(session, 'change', {
      examSlug: plain.exam.slug,
      clinicSlug: other.slug,
      start: free[0]!,
    });
    expect(response.statusCode).toBe(200);
    expect(response.json().appointmentStatus).toBe('CHANGED');
    expect(response.json().replacement.clinic.slug).toBe(other.slug);
    expect((await rowsOfKey(session.bookingKey)).map((row) => row.status)).toEqual([
      'CHANGED',
      'BOOKED',
    ]);
  });
});
