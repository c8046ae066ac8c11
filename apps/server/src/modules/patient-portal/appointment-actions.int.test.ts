import type { Exam } from '@portal/contract';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildTestApp, type TestApp } from '../../../test/build-test-app.ts';
import { authenticate, sessionCookieOf } from '../../../test/factories/authentication.ts';
import { countBookingRows, patientDetails } from '../../../test/factories/booking.ts';
import {
  bookAndSignIn,
  examAndClinic,
  freeStarts,
  providerWithPortal,
} from '../../../test/factories/patient-portal.ts';
import { fixedClock } from '../../adapters/clock.ts';

// Cancel, confirm and the change windows (docs/product/patient-portal.md#manage), on the
// real app and database; the windows are this file's own settings, not the demo's.
const clock = fixedClock('2026-03-02T00:00:00Z');
let testApp: TestApp;
let plain: { exam: Exam; clinicSlug: string };
let starts: string[];
let next = 0;

const bookable = (exam: Exam) => !exam.bookingRequestOnly && !exam.walkIn;

beforeAll(async () => {
  testApp = await buildTestApp({
    clock,
    provider: providerWithPortal({
      cancelPriorMinutes: 1440,
      reschedulePriorMinutes: 1440,
      priorMinutesByModality: {},
      enquireOnlyModalities: [],
      cancelReasons: ['FEELING_UNWELL', 'OTHER'],
    }),
  });
  plain = await examAndClinic(testApp.app, bookable);
  starts = await freeStarts(
    testApp.app,
    plain.clinicSlug,
    plain.exam.slug,
    '2026-03-05',
    '2026-03-19',
  );
});
afterAll(() => testApp?.close());

/** A new patient's appointment at the next unused start, signed in. */
const booked = () =>
  bookAndSignIn(testApp.app, {
    examSlug: plain.exam.slug,
    clinicSlug: plain.clinicSlug,
    start: starts[next++]!,
  });

const call = (
  method: 'GET' | 'POST',
  path: string,
  session: { bookingKey: string; appointmentId: string; cookie: string },
  payload?: object,
) =>
  testApp.app.inject({
    method,
    url: `/api/secured/appointments/${session.bookingKey}/items/${session.appointmentId}/${path}`,
    headers: { cookie: session.cookie },
    ...(payload ? { payload } : {}),
  });

/** Sessions idle out when the clock moves on: the patient signs in again. */
async function signInAgain<T extends { bookingKey: string; cookie: string }>(
  session: T,
): Promise<T> {
  const signedIn = await authenticate(testApp.app, {
    bookingKey: session.bookingKey,
    dateOfBirth: patientDetails().dateOfBirth,
  });
  return { ...session, cookie: sessionCookieOf(signedIn)! };
}

const appointmentRow = (id: string) =>
  testApp.database.db
    .selectFrom('appointments')
    .selectAll()
    .where('id', '=', id)
    .executeTakeFirstOrThrow();

const resourceBookingsOf = async (id: string) =>
  (
    await testApp.database.db
      .selectFrom('resource_bookings')
      .select('id')
      .where('appointment_id', '=', id)
      .execute()
  ).length;

describe('can-change-status', () => {
  it('allows a change well before the start and refuses inside the window', async () => {
    const session = await booked();
    const far = await call('GET', 'change-status?change=CANCEL', session);
    expect(far.json()).toEqual({ canChange: true, reason: null, priorMinutes: 1440 });

    const row = await appointmentRow(session.appointmentId);
    const saved = clock.now();
    clock.set(new Date(new Date(row.starts_at).getTime() - 1439 * 60_000));
    try {
      const near = await call('GET', 'change-status?change=RESCHEDULE', await signInAgain(session));
      expect(near.json()).toEqual({
        canChange: false,
        reason: 'PRIOR_MINUTES',
        priorMinutes: 1440,
      });
    } finally {
      clock.set(saved);
    }
  });

  it('rejects an unknown change with 400', async () => {
    const session = await booked();
    const response = await call('GET', 'change-status?change=DELETE', session);
    expect(response.statusCode).toBe(400);
  });
});

describe('cancel', () => {
  it('cancels with a reason and a note: status, words, slot free again, audit and message', async () => {
    const session = await booked();
    const start = starts[next - 1]!;
    const response = await call('POST', 'cancel', session, {
      reason: 'FEELING_UNWELL',
      note: '  Flu, sorry  ',
    });
    expect(response.statusCode).toBe(200);
    expect(response.json()).toEqual({
      outcome: 'CANCELED',
      appointmentStatus: 'CANCELED',
      questionnaireType: null,
    });
    const row = await appointmentRow(session.appointmentId);
    expect(row).toMatchObject({
      status: 'CANCELED',
      cancel_reason: 'FEELING_UNWELL',
      cancel_note: 'Flu, sorry',
      calendar_sequence: 1,
    });
    expect(await resourceBookingsOf(session.appointmentId)).toBe(0);
    const offered = await freeStarts(
      testApp.app,
      plain.clinicSlug,
      plain.exam.slug,
      '2026-03-05',
      '2026-03-19',
    );
    expect(offered).toContain(start);

    const audit = await testApp.database.db
      .selectFrom('audit_events')
      .select(['action', 'actor'])
      .where('subject_id', '=', session.appointmentId)
      .where('action', '=', 'appointment.canceled-by-patient')
      .execute();
    expect(audit).toEqual([{ action: 'appointment.canceled-by-patient', actor: 'patient' }]);
    const messages = await testApp.database.db
      .selectFrom('outbox_messages')
      .select(['channel', 'recipient'])
      .where('template', '=', 'APPOINTMENT_CANCELED')
      .where('recipient', '=', patientDetails().email)
      .execute();
    expect(messages.map((message) => message.channel).sort()).toEqual(['EMAIL']);

    const again = await call('POST', 'cancel', session, {});
    expect(again.statusCode).toBe(409);
    expect(again.json().error.code).toBe('message.cancel_not_allowed');
  });

  it('refuses inside the window with message.cancel_prior_minutes and changes nothing', async () => {
    const session = await booked();
    const row = await appointmentRow(session.appointmentId);
    const saved = clock.now();
    clock.set(new Date(new Date(row.starts_at).getTime() - 60 * 60_000));
    try {
      const again = await signInAgain(session);
      const before = await countBookingRows(testApp.database.db);
      const response = await call('POST', 'cancel', again, { reason: 'OTHER' });
      expect(response.statusCode).toBe(409);
      expect(response.json().error.code).toBe('message.cancel_prior_minutes');
      expect((await appointmentRow(session.appointmentId)).status).toBe('BOOKED');
      expect(await countBookingRows(testApp.database.db)).toEqual(before);
    } finally {
      clock.set(saved);
    }
  });

  it('refuses a reason the provider does not offer, wrong types and a long note; nothing changes', async () => {
    const session = await booked();
    const unknown = await call('POST', 'cancel', session, { reason: 'BORED' });
    expect(unknown.statusCode).toBe(422);
    expect(unknown.json().error.code).toBe('UNKNOWN_CANCEL_REASON');
    for (const payload of [{ reason: 42 }, { note: 'x'.repeat(501) }, { reason: 'lower case' }]) {
      expect((await call('POST', 'cancel', session, payload)).statusCode).toBe(400);
    }
    const row = await appointmentRow(session.appointmentId);
    expect(row).toMatchObject({ status: 'BOOKED', cancel_reason: null });
    expect(await resourceBookingsOf(session.appointmentId)).toBe(1);
  });

  it("answers 404 for another key's appointment id and 401 on another key's path", async () => {
    const mine = await booked();
    const theirs = await booked();
    const crossId = await call(
      'POST',
      'cancel',
      { ...mine, appointmentId: theirs.appointmentId },
      {},
    );
    expect(crossId.statusCode).toBe(404);
    const crossKey = await call('POST', 'cancel', { ...theirs, cookie: mine.cookie }, {});
    expect(crossKey.statusCode).toBe(401);
    expect((await appointmentRow(theirs.appointmentId)).status).toBe('BOOKED');
  });

  it('turns a cancel of an enquire-only modality into a request to the clinic', async () => {
    const enquireOnly = await buildTestApp({
      clock,
      provider: providerWithPortal({ enquireOnlyModalities: [plain.exam.modalitySlug] }),
    });
    try {
      const session = await bookAndSignIn(enquireOnly.app, {
        examSlug: plain.exam.slug,
        clinicSlug: plain.clinicSlug,
        start: starts[0]!,
      });
      const status = await enquireOnly.app.inject({
        method: 'GET',
        url: `/api/secured/appointments/${session.bookingKey}/items/${session.appointmentId}/change-status`,
        headers: { cookie: session.cookie },
      });
      expect(status.json()).toMatchObject({ canChange: false, reason: 'ENQUIRE_ONLY' });
      const response = await enquireOnly.app.inject({
        method: 'POST',
        url: `/api/secured/appointments/${session.bookingKey}/items/${session.appointmentId}/cancel`,
        headers: { cookie: session.cookie },
        payload: { reason: 'CANNOT_ATTEND' },
      });
      expect(response.json()).toMatchObject({ outcome: 'REQUESTED', appointmentStatus: 'BOOKED' });
      const templates = await enquireOnly.database.db
        .selectFrom('outbox_messages')
        .select('template')
        .where('template', 'in', ['APPOINTMENT_CANCEL_REQUESTED', 'CLINIC_REQUEST'])
        .execute();
      expect(templates.map((row) => row.template)).toContain('APPOINTMENT_CANCEL_REQUESTED');
    } finally {
      await enquireOnly.close();
    }
  });
});

describe('confirm', () => {
  it('records the first confirmation once, and refuses a cancelled appointment', async () => {
    const session = await booked();
    const first = await call('POST', 'confirm', session);
    expect(first.statusCode).toBe(200);
    const { confirmedAt } = first.json();
    clock.set(new Date(clock.now().getTime() + 60_000));
    const second = await call('POST', 'confirm', session);
    expect(second.json().confirmedAt).toBe(confirmedAt);
    const summary = await testApp.app.inject({
      method: 'GET',
      url: `/api/secured/appointments/${session.bookingKey}`,
      headers: { cookie: session.cookie },
    });
    expect(summary.json().appointments[0].confirmedAt).toBe(confirmedAt);

    await call('POST', 'cancel', session, {});
    const afterCancel = await call('POST', 'confirm', session);
    expect(afterCancel.statusCode).toBe(409);
  });
});

describe('booking request cancel', () => {
  it('cancels a received request once; the summary then says CANCELED', async () => {
    const bookingKey = (
      await testApp.app.inject({ method: 'POST', url: '/api/booking-keys' })
    ).json().bookingKey as string;
    const created = await testApp.app.inject({
      method: 'POST',
      url: '/api/booking-requests',
      payload: {
        bookingKey,
        examSlugs: [plain.exam.slug],
        clinicSlug: plain.clinicSlug,
        patientDetails: patientDetails(),
      },
    });
    expect(created.statusCode).toBe(201);
    const signedIn = await authenticate(testApp.app, {
      bookingKey,
      dateOfBirth: patientDetails().dateOfBirth,
      authenticationType: 'BOOKING_REQUEST',
    });
    const cookie = sessionCookieOf(signedIn)!;
    const cancel = () =>
      testApp.app.inject({
        method: 'POST',
        url: `/api/secured/booking_requests/${bookingKey}/cancel`,
        headers: { cookie },
        payload: { reason: 'OTHER', note: 'Found another provider' },
      });
    expect((await cancel()).json()).toEqual({ status: 'CANCELED' });
    const again = await cancel();
    expect(again.statusCode).toBe(409);
    expect(again.json().error.code).toBe('BOOKING_REQUEST_NOT_ACTIVE');
    const summary = await testApp.app.inject({
      method: 'GET',
      url: `/api/secured/booking_requests/${bookingKey}`,
      headers: { cookie },
    });
    expect(summary.json()).toMatchObject({ status: 'CANCELED', cancellable: false });
  });
});

describe('public configuration', () => {
  it('names the cancel reasons and the background flag, and nothing else of the windows', async () => {
    const response = await testApp.app.inject({ method: 'GET', url: '/api/config/patient-portal' });
    expect(response.json()).toEqual({
      patientPortalBackgroundImageEnabled: expect.any(Boolean),
      cancelReasons: ['FEELING_UNWELL', 'OTHER'],
      rescheduleWalkInAllowed: expect.any(Boolean),
      // What the share results modal checks before sending (docs/product/results-and-sharing.md).
      results: {
        shareExpiryDefaultDays: expect.any(Number),
        shareExpiryMaxDays: expect.any(Number),
        shareNoteMaxLength: expect.any(Number),
        shareBySmsEnabled: expect.any(Boolean),
      },
    });
  });
});

describe('summary', () => {
  it("times the exam's preparation steps from this appointment's start", async () => {
    const prepared = await examAndClinic(
      testApp.app,
      (exam) => bookable(exam) && exam.preparationSteps.length > 0,
    );
    const [start] = await freeStarts(
      testApp.app,
      prepared.clinicSlug,
      prepared.exam.slug,
      '2026-03-05',
      '2026-03-19',
    );
    const session = await bookAndSignIn(testApp.app, {
      examSlug: prepared.exam.slug,
      clinicSlug: prepared.clinicSlug,
      start: start!,
    });
    const summary = await testApp.app.inject({
      method: 'GET',
      url: `/api/secured/appointments/${session.bookingKey}`,
      headers: { cookie: session.cookie },
    });
    const [appointment] = summary.json().appointments;
    const earliest = Math.max(...prepared.exam.preparationSteps.map((step) => step.minutesBefore));
    expect(appointment.preparation).toHaveLength(prepared.exam.preparationSteps.length);
    expect(new Date(appointment.preparation[0].at).getTime()).toBe(
      new Date(start!).getTime() - earliest * 60_000,
    );
    expect(appointment.confirmedAt).toBeNull();
    expect(appointment.replacedBy).toBeNull();
  });
});
