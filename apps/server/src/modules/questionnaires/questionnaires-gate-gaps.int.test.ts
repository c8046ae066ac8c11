import type { Questionnaire } from '@portal/contract';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildTestApp, requestsTo, type TestApp } from '../../../test/build-test-app.ts';
import {
  countBookingRows,
  listSlots,
  patientDetails,
  reserveBookingKey,
} from '../../../test/factories/booking.ts';
import { fixedClock } from '../../adapters/clock.ts';

/**
 * The gates beyond appointment creation: slot holds, the clinic's calendar day
 * for restrictMinDays, a read-only outcome, and booking requests with
 * required questionnaires unanswered. The clock is 07:00 on Tuesday 3 March in
 * the demo clinics (Sydney, Melbourne, Brisbane) while UTC is still on Monday
 * 2 March, so counting from the UTC date would be a day short.
 */
const clock = fixedClock('2026-03-02T20:00:00Z');
let testApp: TestApp;

beforeAll(async () => {
  testApp = await buildTestApp({ clock, questionnaires: true });
});
afterAll(() => testApp?.close());

const { get, post } = requestsTo(() => testApp.app);

async function firstSlotOn(examSlug: string, day: string) {
  const clinicSlug = (await get(`/api/clinics?examSlugs=${examSlug}`)).json().clinics[0].slug;
  const slots = await listSlots(testApp.app, clinicSlug, examSlug, day, day);
  const slot = slots.find((candidate) => !candidate.enquiry);
  if (!slot) throw new Error(`no ${examSlug} slot on ${day}`);
  expect(slot.start.slice(0, 10)).toBe(day);
  return { clinicSlug, start: slot.start };
}

async function answer(key: string, examSlug: string, slug: string, data: unknown) {
  const list = (await get(`/api/booking-keys/${key}/questionnaires?examSlugs=${examSlug}`)).json();
  const questionnaire = (list.questionnaires as Questionnaire[]).find((q) => q.slug === slug)!;
  const response = await post(`/api/booking-keys/${key}/questionnaire-answers`, {
    questionnaireId: questionnaire.id,
    questionnaireResult: JSON.stringify(data),
    examSlugs: [examSlug],
  });
  expect(response.statusCode).toBe(200);
  return response.json();
}

const kidneyNoBloodTest = {
  contrastAllergy: false,
  kidneyDisease: true,
  recentBloodTest: 'never',
  metformin: false,
};

const hold = (bookingKey: string, examSlug: string, slot: { clinicSlug: string; start: string }) =>
  post('/api/slot-holds', { examSlug, ...slot, bookingKey });

const book = (bookingKey: string, examSlug: string, slot: { clinicSlug: string; start: string }) =>
  post('/api/appointments', {
    bookingKey,
    items: [{ examSlug, ...slot }],
    patientDetails: patientDetails(),
  });

const apiKeyCount = async (bookingKey: string) =>
  (
    await testApp.database.db
      .selectFrom('booking_request_api_keys')
      .select('api_key')
      .where('booking_key', '=', bookingKey)
      .execute()
  ).length;

describe('restrictMinDate', () => {
  it('a slot hold before the earliest day is refused and holds nothing; one on it is held', async () => {
    const key = await reserveBookingKey(testApp.app);
    await answer(key, 'ct-chest', 'ct-contrast', kidneyNoBloodTest);
    const early = await firstSlotOn('ct-chest', '2026-03-05');
    const before = await countBookingRows(testApp.database.db);
    const refused = await hold(key, 'ct-chest', early);
    expect(refused.statusCode).toBe(409);
    expect(refused.json().error.code).toBe('SLOT_BEFORE_MIN_DATE');
    expect(await countBookingRows(testApp.database.db)).toEqual(before);
    const allowed = await firstSlotOn('ct-chest', '2026-03-10');
    expect((await hold(key, 'ct-chest', allowed)).statusCode).toBe(201);
  });

  it('holds are not refused without such an outcome', async () => {
    const key = await reserveBookingKey(testApp.app);
    const early = await firstSlotOn('ct-chest', '2026-03-05');
    expect((await hold(key, 'ct-chest', early)).statusCode).toBe(201);
  });

  it("counts restrictMinDays from the clinic's date, not UTC's", async () => {
    const key = await reserveBookingKey(testApp.app);
    const saved = await answer(key, 'ct-chest', 'ct-contrast', kidneyNoBloodTest);
    // 3 March (clinic) + 7; from UTC's 2 March it would be 9 March.
    expect(saved.outcome.restrictMinDate).toBe('2026-03-10');
    const dayShort = await firstSlotOn('ct-chest', '2026-03-09');
    const heldEarly = await hold(key, 'ct-chest', dayShort);
    expect(heldEarly.statusCode).toBe(409);
    expect(heldEarly.json().error.code).toBe('SLOT_BEFORE_MIN_DATE');
    const bookedEarly = await book(key, 'ct-chest', dayShort);
    expect(bookedEarly.statusCode).toBe(409);
    expect(bookedEarly.json().error.code).toBe('SLOT_BEFORE_MIN_DATE');
    const onTheDay = await firstSlotOn('ct-chest', '2026-03-10');
    expect((await book(key, 'ct-chest', onTheDay)).statusCode).toBe(201);
  });
});

describe('the api key of a routed booking', () => {
  it('is issued when the routing answer is saved; reading the outcome never creates one', async () => {
    const key = await reserveBookingKey(testApp.app);
    const saved = await answer(key, 'ct-chest', 'ct-contrast', {
      contrastAllergy: true,
      kidneyDisease: false,
      metformin: false,
    });
    const apiKey = saved.outcome.createBookingRequest.apiKey as string;
    expect(await apiKeyCount(key)).toBe(1);
    const read = await get(`/api/booking-keys/${key}/outcome?examSlugs=ct-chest`);
    expect(read.statusCode).toBe(200);
    expect(read.json().createBookingRequest.apiKey).toBe(apiKey);
    expect(await apiKeyCount(key)).toBe(1);

    // Without an issued key a read reports no routing and still writes nothing.
    await testApp.database.db
      .deleteFrom('booking_request_api_keys')
      .where('booking_key', '=', key)
      .execute();
    const bare = await get(`/api/booking-keys/${key}/outcome?examSlugs=ct-chest`);
    expect(bare.statusCode).toBe(200);
    expect(bare.json().createBookingRequest).toBeNull();
    expect(await apiKeyCount(key)).toBe(0);
  });
});

describe('booking requests and required questionnaires', () => {
  const request = (bookingKey: string, examSlug: string) =>
    post('/api/booking-requests', {
      bookingKey,
      examSlugs: [examSlug],
      patientDetails: patientDetails(),
    });

  it('are refused while a required questionnaire is unanswered, changing nothing', async () => {
    const key = await reserveBookingKey(testApp.app);
    const before = await countBookingRows(testApp.database.db);
    const refused = await request(key, 'mri-knee');
    expect(refused.statusCode).toBe(409);
    expect(refused.json().error.code).toBe('QUESTIONNAIRE_UNANSWERED');
    expect(await countBookingRows(testApp.database.db)).toEqual(before);
    await answer(key, 'mri-knee', 'mri-safety', {
      pacemaker: false,
      neurostimulator: false,
      cochlearImplant: false,
      metalInEyes: false,
      otherImplants: false,
      recentSurgery: false,
    });
    expect((await request(key, 'mri-knee')).statusCode).toBe(201);
  });

  it('an enquiry-only exam without questionnaires is requested as before', async () => {
    const key = await reserveBookingKey(testApp.app);
    const listed = (
      await get(`/api/booking-keys/${key}/questionnaires?examSlugs=ct-coronary-angiogram`)
    ).json().questionnaires as Questionnaire[];
    expect(listed.filter((q) => q.type !== 'BOOKING_FORM')).toEqual([]);
    expect((await request(key, 'ct-coronary-angiogram')).statusCode).toBe(201);
  });
});
