import type { Exam } from '@portal/contract';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { buildTestApp, type TestApp } from '../../../test/build-test-app.ts';
import { patientDetails } from '../../../test/factories/booking.ts';
import {
  bookAndSignIn,
  examAndClinic,
  freeStarts,
  providerWithPortal,
} from '../../../test/factories/patient-portal.ts';
import { fixedClock } from '../../adapters/clock.ts';

// With the demo's questionnaires synced: a cancel waits for CANCEL_APPOINTMENT_PATIENT and
// the appointment is CANCELED only once it is saved (docs/product/patient-portal.md#the-rules-of-change); an offer
// made by staff may be declined (docs/product/patient-portal.md#manage).
const clock = fixedClock('2026-03-02T00:00:00Z');
let testApp: TestApp;
let plain: { exam: Exam; clinicSlug: string };
let starts: string[];

beforeAll(async () => {
  testApp = await buildTestApp({
    clock,
    questionnaires: true,
    provider: providerWithPortal({ cancelPriorMinutes: 60, priorMinutesByModality: {} }),
  });
  // An exam no booking-flow questionnaire stands in front of (the demo's X-rays, walk-in or not).
  plain = await examAndClinic(
    testApp.app,
    (exam) => !exam.bookingRequestOnly && exam.modalitySlug === 'x-ray',
  );
  starts = await freeStarts(
    testApp.app,
    plain.clinicSlug,
    plain.exam.slug,
    '2026-03-05',
    '2026-03-19',
  );
});
afterAll(() => testApp?.close());

const get = (url: string, cookie: string) =>
  testApp.app.inject({ method: 'GET', url, headers: { cookie } });
const post = (url: string, cookie: string, payload: object) =>
  testApp.app.inject({ method: 'POST', url, headers: { cookie }, payload });
const statusOf = async (id: string) =>
  await testApp.database.db
    .selectFrom('appointments')
    .select(['status', 'cancel_reason'])
    .where('id', '=', id)
    .executeTakeFirstOrThrow();

it('keeps the appointment until the cancel questionnaire is saved, with the reason given', async () => {
  const { bookingKey, appointmentId, cookie } = await bookAndSignIn(testApp.app, {
    examSlug: plain.exam.slug,
    clinicSlug: plain.clinicSlug,
    start: starts[0]!,
  });
  const base = `/api/secured/appointments/${bookingKey}`;
  const cancel = await post(`${base}/items/${appointmentId}/cancel`, cookie, {
    reason: 'CANNOT_ATTEND',
  });
  expect(cancel.json()).toEqual({
    outcome: 'QUESTIONNAIRE_REQUIRED',
    appointmentStatus: 'BOOKED',
    questionnaireType: 'CANCEL_APPOINTMENT_PATIENT',
  });
  expect(await statusOf(appointmentId)).toEqual({
    status: 'BOOKED',
    cancel_reason: 'CANNOT_ATTEND',
  });

  const listing = await get(
    `${base}/questionnaires?type=CANCEL_APPOINTMENT_PATIENT&appointmentId=${appointmentId}`,
    cookie,
  );
  const [questionnaire] = listing.json().questionnaires;
  const saved = await post(`${base}/questionnaire-answers`, cookie, {
    questionnaireId: questionnaire.id,
    questionnaireResult: JSON.stringify({ reason: 'time' }),
    appointmentId,
  });
  expect(saved.json().appointmentStatus).toBe('CANCELED');
  expect((await statusOf(appointmentId)).status).toBe('CANCELED');
});

it('offers declining a staff-booked appointment, not one the patient booked', async () => {
  const own = await bookAndSignIn(testApp.app, {
    examSlug: plain.exam.slug,
    clinicSlug: plain.clinicSlug,
    start: starts[1]!,
  });
  const ownSummary = await get(`/api/secured/appointments/${own.bookingKey}`, own.cookie);
  expect(ownSummary.json().appointments[0].declinable).toBe(false);

  const bookingKey = (await testApp.app.inject({ method: 'POST', url: '/api/booking-keys' })).json()
    .bookingKey as string;
  const created = await testApp.app.inject({
    method: 'POST',
    url: '/api/appointments',
    payload: {
      bookingKey,
      staffBooking: true,
      items: [{ examSlug: plain.exam.slug, clinicSlug: plain.clinicSlug, start: starts[2]! }],
      patientDetails: patientDetails(),
    },
  });
  expect(created.statusCode).toBe(201);
  const signedIn = await testApp.app.inject({
    method: 'POST',
    url: '/api/authentication',
    payload: {
      bookingKey,
      dateOfBirth: patientDetails().dateOfBirth,
      authenticationType: 'APPOINTMENT',
    },
  });
  const cookie = `portal_session=${signedIn.cookies.find((c) => c.name === 'portal_session')!.value}`;
  const summary = await get(`/api/secured/appointments/${bookingKey}`, cookie);
  expect(summary.json().appointments[0].declinable).toBe(true);
});
