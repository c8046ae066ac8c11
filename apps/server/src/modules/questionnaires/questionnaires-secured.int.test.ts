import type { Questionnaire } from '@portal/contract';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildTestApp, type TestApp } from '../../../test/build-test-app.ts';
import {
  authenticate,
  latestOtp,
  sessionCookieOf,
  validateOtp,
} from '../../../test/factories/authentication.ts';
import { listSlots, patientDetails, reserveBookingKey } from '../../../test/factories/booking.ts';
import { fixedClock } from '../../adapters/clock.ts';

const clock = fixedClock('2026-03-02T00:00:00Z');
const dateOfBirth = patientDetails().dateOfBirth;
let testApp: TestApp;

beforeAll(async () => {
  testApp = await buildTestApp({ clock, questionnaires: true });
});
afterAll(() => testApp?.close());

const inject = (method: 'GET' | 'POST', url: string, cookie?: string, payload?: unknown) =>
  testApp.app.inject({
    method,
    url,
    ...(payload === undefined ? {} : { payload: payload as object }),
    headers: cookie ? { cookie } : {},
  });

async function clinicFor(examSlug: string): Promise<string> {
  const response = await inject('GET', `/api/clinics?examSlugs=${examSlug}`);
  const clinic = response.json().clinics[0];
  if (!clinic) throw new Error(`no clinic performs ${examSlug}`);
  return clinic.slug;
}

/** Books the first free slot of the exam; returns the key, appointment id, clinic and start. */
async function book(examSlug: string) {
  const clinicSlug = await clinicFor(examSlug);
  const slots = await listSlots(testApp.app, clinicSlug, examSlug, '2026-03-03', '2026-03-13');
  const start = slots[0]!.start;
  const bookingKey = await reserveBookingKey(testApp.app);
  const created = await inject('POST', '/api/appointments', undefined, {
    bookingKey,
    items: [{ examSlug, clinicSlug, start }],
    patientDetails: patientDetails(),
  });
  expect(created.statusCode).toBe(201);
  const row = await testApp.database.db
    .selectFrom('appointments')
    .select('id')
    .where('booking_key', '=', bookingKey)
    .executeTakeFirstOrThrow();
  return { bookingKey, appointmentId: row.id, clinicSlug, start };
}

/** Date of birth, then the OTP from the outbox: an AUTHENTICATED session cookie. */
async function signIn(bookingKey: string, authenticationType: 'APPOINTMENT' | 'BOOKING_REQUEST') {
  const first = await authenticate(testApp.app, { bookingKey, dateOfBirth, authenticationType });
  expect(first.json().success).toBe(true);
  const cookie = sessionCookieOf(first);
  if (!first.json().otpRequired) return cookie!;
  const validated = await validateOtp(testApp.app, cookie, {
    otp: await latestOtp(testApp.database.db),
    bookingKey,
    authenticationType,
  });
  expect(validated.json().success).toBe(true);
  return sessionCookieOf(validated) ?? cookie!;
}

async function questionnaire(url: string, cookie: string, slug: string): Promise<Questionnaire> {
  const response = await inject('GET', url, cookie);
  expect(response.statusCode).toBe(200);
  const found = (response.json().questionnaires as Questionnaire[]).find((q) => q.slug === slug);
  if (!found) throw new Error(`${slug} not offered`);
  return found;
}

const appointmentStatus = async (id: string) =>
  (
    await testApp.database.db
      .selectFrom('appointments')
      .select('status')
      .where('id', '=', id)
      .executeTakeFirstOrThrow()
  ).status;

describe('secured appointment questionnaires', () => {
  it('need a session for this very key', async () => {
    const mine = await book('knee-x-ray');
    const other = await book('knee-x-ray');
    const url = `/api/secured/appointments/${mine.bookingKey}/questionnaires`;
    expect((await inject('GET', url)).statusCode).toBe(401);
    const otherCookie = await signIn(other.bookingKey, 'APPOINTMENT');
    expect((await inject('GET', url, otherCookie)).statusCode).toBe(401);
    const post = await inject(
      'POST',
      `/api/secured/appointments/${mine.bookingKey}/questionnaire-answers`,
      otherCookie,
      {
        questionnaireId: crypto.randomUUID(),
        questionnaireResult: '{}',
        appointmentId: mine.appointmentId,
      },
    );
    expect(post.statusCode).toBe(401);
  });

  it('the cancel questionnaire cancels the appointment and frees its slot; a forged one changes nothing', async () => {
    const booked = await book('knee-x-ray');
    const cookie = await signIn(booked.bookingKey, 'APPOINTMENT');
    const cancel = await questionnaire(
      `/api/secured/appointments/${booked.bookingKey}/questionnaires?type=CANCEL_APPOINTMENT_PATIENT&appointmentId=${booked.appointmentId}`,
      cookie,
      'cancel-reason',
    );
    expect(cancel.type).toBe('CANCEL_APPOINTMENT_PATIENT');
    const url = `/api/secured/appointments/${booked.bookingKey}/questionnaire-answers`;
    const slotOffered = async () =>
      (
        await listSlots(testApp.app, booked.clinicSlug, 'knee-x-ray', '2026-03-03', '2026-03-13')
      ).some((slot) => slot.start === booked.start);
    expect(await slotOffered()).toBe(false);

    const forged = await inject('POST', url, cookie, {
      questionnaireId: cancel.id,
      questionnaireResult: JSON.stringify({ reason: 'time', appointmentStatus: 'CANCELED' }),
      appointmentId: booked.appointmentId,
    });
    expect(forged.statusCode).toBe(400);
    expect(forged.json().error.code).toBe('message.error_answering_questionnaire');
    expect(await appointmentStatus(booked.appointmentId)).toBe('BOOKED');

    const saved = await inject('POST', url, cookie, {
      questionnaireId: cancel.id,
      questionnaireResult: JSON.stringify({ reason: 'other', 'reason-Comment': 'Moving house' }),
      appointmentId: booked.appointmentId,
    });
    expect(saved.statusCode).toBe(200);
    expect(saved.json().appointmentStatus).toBe('CANCELED');
    expect(await appointmentStatus(booked.appointmentId)).toBe('CANCELED');
    expect(await slotOffered()).toBe(true);
    const audit = await testApp.database.db
      .selectFrom('audit_events')
      .select(['action', 'details'])
      .where('subject_id', '=', booked.appointmentId)
      .where('action', '=', 'appointment.canceled-by-patient')
      .execute();
    expect(audit).toHaveLength(1);
    expect(JSON.stringify(audit)).not.toContain('Moving house');

    const again = await inject('POST', url, cookie, {
      questionnaireId: cancel.id,
      questionnaireResult: JSON.stringify({ reason: 'time' }),
      appointmentId: booked.appointmentId,
    });
    expect(again.statusCode).toBe(409);
  });

  it('a saved feedback answer comes back with the list; the appointment stays booked', async () => {
    const booked = await book('knee-x-ray');
    const cookie = await signIn(booked.bookingKey, 'APPOINTMENT');
    const base = `/api/secured/appointments/${booked.bookingKey}`;
    const feedback = await questionnaire(
      `${base}/questionnaires?type=FEEDBACK`,
      cookie,
      'feedback',
    );
    const saved = await inject('POST', `${base}/questionnaire-answers`, cookie, {
      questionnaireId: feedback.id,
      questionnaireResult: JSON.stringify({ overall: 5 }),
      appointmentId: booked.appointmentId,
    });
    expect(saved.statusCode).toBe(200);
    expect(saved.json().appointmentStatus).toBe('BOOKED');
    const listed = (await inject('GET', `${base}/questionnaires?type=FEEDBACK`, cookie)).json();
    expect(listed.examQuestionnaireAnswers).toHaveLength(1);
    expect(JSON.parse(listed.examQuestionnaireAnswers[0].questionnaireResult)).toEqual({
      overall: 5,
    });
  });
});

describe('declining', () => {
  it('the decline questionnaire sets DECLINED_BY_PATIENT and frees the slot', async () => {
    const booked = await book('knee-x-ray');
    const cookie = await signIn(booked.bookingKey, 'APPOINTMENT');
    const base = `/api/secured/appointments/${booked.bookingKey}`;
    const decline = await questionnaire(
      `${base}/questionnaires?type=DECLINE_APPOINTMENT`,
      cookie,
      'decline',
    );
    const saved = await inject('POST', `${base}/questionnaire-answers`, cookie, {
      questionnaireId: decline.id,
      questionnaireResult: JSON.stringify({ reason: 'location' }),
      appointmentId: booked.appointmentId,
    });
    expect(saved.statusCode).toBe(200);
    expect(saved.json().appointmentStatus).toBe('DECLINED_BY_PATIENT');
    const bookings = await testApp.database.db
      .selectFrom('resource_bookings')
      .select('id')
      .where('appointment_id', '=', booked.appointmentId)
      .execute();
    expect(bookings).toEqual([]);
  });
});

describe('pain scores', () => {
  it('saves a pain score; an out-of-range one is message.pain_score_problem', async () => {
    const booked = await book('ultrasound-guided-joint-injection');
    const cookie = await signIn(booked.bookingKey, 'APPOINTMENT');
    const base = `/api/secured/appointments/${booked.bookingKey}`;
    const initial = await questionnaire(
      `${base}/questionnaires?type=PAIN_SCORE_INITIAL`,
      cookie,
      'pain-score-initial',
    );
    const bad = await inject('POST', `${base}/pain-scores`, cookie, {
      questionnaireId: initial.id,
      questionnaireResult: JSON.stringify({ painScore: 11 }),
      appointmentId: booked.appointmentId,
    });
    expect(bad.statusCode).toBe(400);
    expect(bad.json().error.code).toBe('message.pain_score_problem');
    const good = await inject('POST', `${base}/pain-scores`, cookie, {
      questionnaireId: initial.id,
      questionnaireResult: JSON.stringify({ painScore: 7 }),
      appointmentId: booked.appointmentId,
    });
    expect(good.statusCode).toBe(200);
    // A pain score is not saved through the general answer route, nor the other way round.
    const cancel = await questionnaire(`${base}/questionnaires`, cookie, 'cancel-reason');
    const crossed = await inject('POST', `${base}/pain-scores`, cookie, {
      questionnaireId: cancel.id,
      questionnaireResult: JSON.stringify({ reason: 'time' }),
      appointmentId: booked.appointmentId,
    });
    expect(crossed.statusCode).toBe(400);
    expect(await appointmentStatus(booked.appointmentId)).toBe('BOOKED');
  });
});

describe('booking request questionnaires', () => {
  it('a protocol questionnaire: refused answers are message.booking_request_waiting_protocol_error', async () => {
    const bookingKey = await reserveBookingKey(testApp.app);
    const created = await inject('POST', '/api/booking-requests', undefined, {
      bookingKey,
      examSlugs: ['ct-coronary-angiogram'],
      patientDetails: patientDetails(),
    });
    expect(created.statusCode).toBe(201);
    const cookie = await signIn(bookingKey, 'BOOKING_REQUEST');
    const base = `/api/secured/booking_requests/${bookingKey}`;
    const protocol = await questionnaire(
      `${base}/questionnaires?type=PROTOCOL`,
      cookie,
      'protocol',
    );
    const answers = {
      weightKg: 82,
      betaBlockers: false,
      asthma: false,
      contrastAllergy: false,
      erectileDysfunctionMedicine: false,
    };
    const bad = await inject('POST', `${base}/questionnaire-answers`, cookie, {
      questionnaireId: protocol.id,
      questionnaireResult: JSON.stringify({ ...answers, weightKg: 900 }),
    });
    expect(bad.statusCode).toBe(400);
    expect(bad.json().error.code).toBe('message.booking_request_waiting_protocol_error');
    const good = await inject('POST', `${base}/questionnaire-answers`, cookie, {
      questionnaireId: protocol.id,
      questionnaireResult: JSON.stringify(answers),
    });
    expect(good.statusCode).toBe(200);
    const listed = (await inject('GET', `${base}/questionnaires?type=PROTOCOL`, cookie)).json();
    expect(listed.examQuestionnaireAnswers).toHaveLength(1);
  });
});
