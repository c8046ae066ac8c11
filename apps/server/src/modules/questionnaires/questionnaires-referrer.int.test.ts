import type { Questionnaire } from '@portal/contract';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildTestApp, requestsTo, type TestApp } from '../../../test/build-test-app.ts';
import {
  authenticate,
  latestOtp,
  sessionCookieOf,
  validateOtp,
} from '../../../test/factories/authentication.ts';
import {
  countBookingRows,
  listSlots,
  patientDetails,
  reserveBookingKey,
} from '../../../test/factories/booking.ts';
import { fixedClock } from '../../adapters/clock.ts';

/**
 * config/questionnaires/injection-referrer-check.json, the provider's
 * CREATE_BOOKING_REQUEST_REFERRER questionnaire: asked in the booking flow of
 * an image-guided injection only when staff or a referrer book for the patient
 * (staffBooking); bleeding risk, a recent steroid injection or an infection
 * route the booking to a booking request for a radiologist to review first.
 */
const clock = fixedClock('2026-03-02T00:00:00Z');
const exam = 'ultrasound-guided-joint-injection';
const slug = 'injection-referrer-check';
const staff = '&staffBooking=true';
let testApp: TestApp;

beforeAll(async () => {
  testApp = await buildTestApp({ clock, questionnaires: true });
});
afterAll(() => testApp?.close());

const { inject } = requestsTo(() => testApp.app);

async function offered(key: string, examSlug: string, query = ''): Promise<Questionnaire[]> {
  const response = await inject(
    'GET',
    `/api/booking-keys/${key}/questionnaires?examSlugs=${examSlug}${query}`,
  );
  expect(response.statusCode).toBe(200);
  return response.json().questionnaires;
}

async function referrerQuestionnaire(key: string): Promise<Questionnaire> {
  const found = (await offered(key, exam, staff)).find((q) => q.slug === slug);
  if (!found) throw new Error(`${slug} not offered`);
  return found;
}

const save = (key: string, questionnaireId: string, data: unknown, staffBooking: boolean) =>
  inject('POST', `/api/booking-keys/${key}/questionnaire-answers`, {
    questionnaireId,
    questionnaireResult: JSON.stringify(data),
    examSlugs: [exam],
    staffBooking,
  });

async function answer(key: string, data: Record<string, unknown>) {
  return save(key, (await referrerQuestionnaire(key)).id, data, true);
}

async function book(key: string, staffBooking = true) {
  const clinic = (await inject('GET', `/api/clinics?examSlugs=${exam}`)).json().clinics[0];
  if (!clinic) throw new Error(`no clinic performs ${exam}`);
  const slots = await listSlots(testApp.app, clinic.slug, exam, '2026-03-03', '2026-03-13');
  if (!slots[0]) throw new Error(`no free ${exam} slot`);
  return inject('POST', '/api/appointments', {
    bookingKey: key,
    staffBooking,
    items: [{ examSlug: exam, clinicSlug: clinic.slug, start: slots[0].start }],
    patientDetails: patientDetails(),
  });
}

/** No bleeding risk, no recent steroid injection, no infection. */
const clear = {
  anticoagulant: 'none',
  bleedingDisorder: false,
  recentSteroidInjection: false,
  activeInfection: false,
  insulinDiabetes: true,
  injectate: 'steroid-and-local',
  clinicalNotes: 'Right shoulder subacromial bursitis, 3 months.',
};

const answerCount = async () =>
  Number(
    (
      await testApp.database.db
        .selectFrom('questionnaire_answers')
        .select((eb) => eb.fn.countAll<string>().as('count'))
        .executeTakeFirstOrThrow()
    ).count,
  );

describe('where the referrer questionnaire is asked', () => {
  it('in a staff booking of an image-guided injection, as CREATE_BOOKING_REQUEST_REFERRER', async () => {
    const key = await reserveBookingKey(testApp.app);
    for (const injection of [exam, 'ct-guided-spinal-injection']) {
      const list = await offered(key, injection, staff);
      expect(list.map((q) => q.slug)).toEqual([slug, 'booking-form']);
      expect(list[0]).toMatchObject({ type: 'CREATE_BOOKING_REQUEST_REFERRER' });
      expect(JSON.stringify(list[0])).not.toMatch(/outcome|createBookingRequest/);
    }
  });

  it('not when the patient books, nor for other exams a staff member books', async () => {
    const key = await reserveBookingKey(testApp.app);
    expect((await offered(key, exam)).map((q) => q.slug)).toEqual(['booking-form']);
    expect((await offered(key, exam, '&staffBooking=false')).map((q) => q.slug)).toEqual([
      'booking-form',
    ]);
    expect((await offered(key, 'knee-x-ray', staff)).map((q) => q.slug)).toEqual(['booking-form']);
    // The patient's own flow cannot store an answer to it either.
    const questionnaire = await referrerQuestionnaire(key);
    const before = await answerCount();
    const refused = await save(key, questionnaire.id, clear, false);
    expect(refused.statusCode).toBe(400);
    expect(refused.json().error.code).toBe('message.error_answering_questionnaire');
    expect(await answerCount()).toBe(before);
  });

  it('does not hold up a staff booking left unanswered (not required before booking)', async () => {
    const key = await reserveBookingKey(testApp.app);
    expect((await book(key)).statusCode).toBe(201);
  });
});

describe('answers that route the booking to a booking request', () => {
  const routing: Array<[string, Record<string, unknown>, RegExp]> = [
    ['warfarin', { ...clear, anticoagulant: 'warfarin' }, /bleeding risk/],
    ['a DOAC', { ...clear, anticoagulant: 'doac' }, /bleeding risk/],
    ['clopidogrel', { ...clear, anticoagulant: 'antiplatelet' }, /bleeding risk/],
    ['a bleeding disorder', { ...clear, bleedingDisorder: true }, /bleeding risk/],
    ['a recent steroid injection', { ...clear, recentSteroidInjection: true }, /3 months/],
    ['an infection', { ...clear, activeInfection: true }, /infection/],
  ];
  for (const [name, data, message] of routing) {
    it(`${name}: CREATE_BOOKING_REQUEST with an apiKey and the rule's message`, async () => {
      const key = await reserveBookingKey(testApp.app);
      const saved = await answer(key, data);
      expect(saved.statusCode).toBe(200);
      const { outcome } = saved.json();
      expect(outcome.denyBooking).toBe(false);
      expect(outcome.createBookingRequest.apiKey).toMatch(/^[A-Za-z0-9_-]{32}$/);
      expect(outcome.createBookingRequest.confirmationMessage).toMatch(message);
    });
  }

  it('the appointment is refused, whoever books; the booking request with the apiKey is created', async () => {
    const key = await reserveBookingKey(testApp.app);
    const saved = (await answer(key, { ...clear, anticoagulant: 'warfarin' })).json();
    const { apiKey, confirmationMessage } = saved.outcome.createBookingRequest;
    const read = (await inject('GET', `/api/booking-keys/${key}/outcome?examSlugs=${exam}`)).json();
    expect(read.createBookingRequest).toEqual({ apiKey, confirmationMessage });

    const before = await countBookingRows(testApp.database.db);
    for (const staffBooking of [true, false]) {
      const refused = await book(key, staffBooking);
      expect(refused.statusCode).toBe(409);
      expect(refused.json().error.code).toBe('BOOKING_REQUEST_REQUIRED');
    }
    expect(await countBookingRows(testApp.database.db)).toEqual(before);

    const created = await inject('POST', '/api/booking-requests', {
      bookingKey: key,
      examSlugs: [exam],
      staffBooking: true,
      patientDetails: patientDetails(),
      apiKey,
    });
    expect(created.statusCode).toBe(201);
    expect(created.json()[0].confirmationMessage).toBe(confirmationMessage);
    const row = await testApp.database.db
      .selectFrom('booking_request_api_keys')
      .select(['used_at', 'booking_request_id'])
      .where('api_key', '=', apiKey)
      .executeTakeFirstOrThrow();
    expect(row.used_at).not.toBeNull();
    expect(row.booking_request_id).not.toBeNull();

    // The booking request's own questionnaires offer the referrer variant (the web app's
    // /questionnaires?type=CREATE_BOOKING_REQUEST_REFERRER page).
    const cookie = await signIn(key, 'BOOKING_REQUEST');
    const secured = await inject(
      'GET',
      `/api/secured/booking_requests/${key}/questionnaires?type=CREATE_BOOKING_REQUEST_REFERRER`,
      undefined,
      cookie,
    );
    expect(secured.statusCode).toBe(200);
    expect((secured.json().questionnaires as Questionnaire[]).map((q) => q.slug)).toEqual([slug]);
  });
});

describe('answers that leave a normal booking', () => {
  it('no outcome; the staff booking is made; the appointment is not asked it again', async () => {
    const key = await reserveBookingKey(testApp.app);
    const saved = await answer(key, clear);
    expect(saved.statusCode).toBe(200);
    expect(saved.json().outcome).toMatchObject({ denyBooking: false, createBookingRequest: null });
    const read = (await inject('GET', `/api/booking-keys/${key}/outcome?examSlugs=${exam}`)).json();
    expect(read.createBookingRequest).toBeNull();
    // Answered, it drops to the end of the staff list.
    expect((await offered(key, exam, staff)).map((q) => q.slug)).toEqual(['booking-form', slug]);
    expect((await book(key)).statusCode).toBe(201);

    const cookie = await signIn(key, 'APPOINTMENT');
    const secured = await inject(
      'GET',
      `/api/secured/appointments/${key}/questionnaires`,
      undefined,
      cookie,
    );
    expect(secured.statusCode).toBe(200);
    const slugs = (secured.json().questionnaires as Questionnaire[]).map((q) => q.slug);
    expect(slugs).toContain('pain-score-initial');
    expect(slugs).not.toContain(slug);
  });
});

/** Date of birth, then the OTP from the outbox: a session cookie for this key. */
async function signIn(
  bookingKey: string,
  authenticationType: 'APPOINTMENT' | 'BOOKING_REQUEST',
): Promise<string> {
  const dateOfBirth = patientDetails().dateOfBirth;
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
