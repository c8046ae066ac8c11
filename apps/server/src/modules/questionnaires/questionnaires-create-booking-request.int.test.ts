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
 * config/questionnaires/thyroid-scan-preparation.json, the provider's
 * CREATE_BOOKING_REQUEST questionnaire: asked of the patient in the booking
 * flow of a thyroid scan; iodine, thyroid medicine, pregnancy or breastfeeding
 * route the booking to a booking request (the clinic calls first).
 */
const clock = fixedClock('2026-03-02T00:00:00Z');
const exam = 'thyroid-scan';
const slug = 'thyroid-scan-preparation';
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

async function answer(key: string, data: Record<string, unknown>) {
  const questionnaire = (await offered(key, exam)).find((q) => q.slug === slug);
  if (!questionnaire) throw new Error(`${slug} not offered`);
  return inject('POST', `/api/booking-keys/${key}/questionnaire-answers`, {
    questionnaireId: questionnaire.id,
    questionnaireResult: JSON.stringify(data),
    examSlugs: [exam],
  });
}

async function firstSlot() {
  const clinic = (await inject('GET', `/api/clinics?examSlugs=${exam}`)).json().clinics[0];
  if (!clinic) throw new Error(`no clinic performs ${exam}`);
  const slots = await listSlots(testApp.app, clinic.slug, exam, '2026-03-03', '2026-03-13');
  if (!slots[0]) throw new Error(`no free ${exam} slot`);
  return { clinicSlug: clinic.slug as string, start: slots[0].start };
}

async function book(key: string) {
  const { clinicSlug, start } = await firstSlot();
  return inject('POST', '/api/appointments', {
    bookingKey: key,
    items: [{ examSlug: exam, clinicSlug, start }],
    patientDetails: patientDetails(),
  });
}

/** Nothing in the way: no iodine, no thyroid medicine, not pregnant, not breastfeeding. */
const clear = {
  recentContrast: false,
  iodineSupplements: false,
  thyroidMedicine: 'none',
  pregnancy: 'no',
  breastfeeding: false,
};

describe('where the thyroid scan questionnaire is asked', () => {
  it('in the booking flow of a thyroid scan, as CREATE_BOOKING_REQUEST, without its rules', async () => {
    const key = await reserveBookingKey(testApp.app);
    const list = await offered(key, exam);
    expect(list.map((q) => q.slug)).toEqual([slug, 'booking-form']);
    expect(list[0]).toMatchObject({ type: 'CREATE_BOOKING_REQUEST', examSlugs: [exam] });
    expect(JSON.stringify(list[0])).not.toMatch(/outcome|createBookingRequest|confirmationMessage/);
    // A staff booking is asked it too (it has no referrer variant).
    expect((await offered(key, exam, '&staffBooking=true')).map((q) => q.slug)).toEqual([
      slug,
      'booking-form',
    ]);
  });

  it('not for other exams, even of nuclear medicine', async () => {
    const key = await reserveBookingKey(testApp.app);
    for (const other of ['whole-body-bone-scan', 'lung-vq-scan', 'thyroid-ultrasound']) {
      expect((await offered(key, other)).map((q) => q.slug)).toEqual(['booking-form']);
    }
    const before = await answerCount();
    const questionnaire = (await offered(key, exam)).find((q) => q.slug === slug)!;
    const misplaced = await inject('POST', `/api/booking-keys/${key}/questionnaire-answers`, {
      questionnaireId: questionnaire.id,
      questionnaireResult: JSON.stringify(clear),
      examSlugs: ['whole-body-bone-scan'],
    });
    expect(misplaced.statusCode).toBe(400);
    expect(await answerCount()).toBe(before);
  });

  it('must be answered before a thyroid scan is booked', async () => {
    const key = await reserveBookingKey(testApp.app);
    const refused = await book(key);
    expect(refused.statusCode).toBe(409);
    expect(refused.json().error.code).toBe('QUESTIONNAIRE_UNANSWERED');
  });
});

describe('answers that route the booking to a booking request', () => {
  const routing: Array<[string, Record<string, unknown>, RegExp]> = [
    ['a recent contrast injection', { ...clear, recentContrast: true }, /contrast injection/],
    ['an iodine supplement', { ...clear, iodineSupplements: true }, /supplement/],
    ['thyroxine', { ...clear, thyroidMedicine: 'thyroxine' }, /thyroid medicines/],
    ['carbimazole or PTU', { ...clear, thyroidMedicine: 'antithyroid' }, /thyroid medicines/],
    ['a possible pregnancy', { ...clear, pregnancy: 'possibly' }, /radioactive tracer/],
    ['breastfeeding', { ...clear, breastfeeding: true }, /breastfeeding/],
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

  it('the appointment is refused; the booking request with the apiKey is created and spends it', async () => {
    const key = await reserveBookingKey(testApp.app);
    const saved = (await answer(key, { ...clear, recentContrast: true })).json();
    const { apiKey, confirmationMessage } = saved.outcome.createBookingRequest;
    const read = (await inject('GET', `/api/booking-keys/${key}/outcome?examSlugs=${exam}`)).json();
    expect(read.createBookingRequest).toEqual({ apiKey, confirmationMessage });

    const before = await countBookingRows(testApp.database.db);
    const refused = await book(key);
    expect(refused.statusCode).toBe(409);
    expect(refused.json().error.code).toBe('BOOKING_REQUEST_REQUIRED');
    expect(await countBookingRows(testApp.database.db)).toEqual(before);

    const created = await inject('POST', '/api/booking-requests', {
      bookingKey: key,
      examSlugs: [exam],
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
  });
});

describe('answers that leave a normal booking', () => {
  it('no outcome; the thyroid scan is booked; the questionnaire is not asked again about the appointment', async () => {
    const key = await reserveBookingKey(testApp.app);
    const saved = await answer(key, clear);
    expect(saved.statusCode).toBe(200);
    expect(saved.json().outcome).toMatchObject({ denyBooking: false, createBookingRequest: null });
    const read = (await inject('GET', `/api/booking-keys/${key}/outcome?examSlugs=${exam}`)).json();
    expect(read.createBookingRequest).toBeNull();
    expect((await book(key)).statusCode).toBe(201);

    // Someone without a chance of pregnancy is not asked about breastfeeding.
    const other = await reserveBookingKey(testApp.app);
    const { breastfeeding: _, ...notApplicable } = { ...clear, pregnancy: 'not-applicable' };
    const plain = await answer(other, notApplicable);
    expect(plain.statusCode).toBe(200);
    expect(plain.json().outcome.createBookingRequest).toBeNull();

    // The appointment's own (secured) questionnaires do not include a booking-flow router.
    const cookie = await signIn(key);
    const secured = await inject(
      'GET',
      `/api/secured/appointments/${key}/questionnaires`,
      undefined,
      cookie,
    );
    expect(secured.statusCode).toBe(200);
    const slugs = (secured.json().questionnaires as Questionnaire[]).map((q) => q.slug);
    expect(slugs).toContain('cancel-reason');
    expect(slugs).not.toContain(slug);
  });
});

const answerCount = async () =>
  Number(
    (
      await testApp.database.db
        .selectFrom('questionnaire_answers')
        .select((eb) => eb.fn.countAll<string>().as('count'))
        .executeTakeFirstOrThrow()
    ).count,
  );

/** Date of birth, then the OTP from the outbox: a session cookie for this appointment. */
async function signIn(bookingKey: string): Promise<string> {
  const dateOfBirth = patientDetails().dateOfBirth;
  const first = await authenticate(testApp.app, { bookingKey, dateOfBirth });
  expect(first.json().success).toBe(true);
  const cookie = sessionCookieOf(first);
  if (!first.json().otpRequired) return cookie!;
  const validated = await validateOtp(testApp.app, cookie, {
    otp: await latestOtp(testApp.database.db),
    bookingKey,
  });
  expect(validated.json().success).toBe(true);
  return sessionCookieOf(validated) ?? cookie!;
}
