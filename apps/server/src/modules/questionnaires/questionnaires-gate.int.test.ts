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
 * Server enforcement (questionnaires-api.md): appointment and booking-request
 * creation act on the outcome of the key's stored answers, whatever the browser does.
 */
const clock = fixedClock('2026-03-02T00:00:00Z');
let testApp: TestApp;

beforeAll(async () => {
  testApp = await buildTestApp({ clock, questionnaires: true });
});
afterAll(() => testApp?.close());

const { get, post } = requestsTo(() => testApp.app);

async function slotFor(examSlug: string, from = '2026-03-03', to = '2026-03-13') {
  const clinicSlug = (await get(`/api/clinics?examSlugs=${examSlug}`)).json().clinics[0].slug;
  const slots = await listSlots(testApp.app, clinicSlug, examSlug, from, to);
  return { clinicSlug, start: slots[0]!.start, slots };
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

const book = (bookingKey: string, examSlug: string, clinicSlug: string, start: string) =>
  post('/api/appointments', {
    bookingKey,
    items: [{ examSlug, clinicSlug, start }],
    patientDetails: patientDetails(),
  });

const mriSafe = {
  pacemaker: false,
  neurostimulator: false,
  cochlearImplant: false,
  metalInEyes: false,
  otherImplants: false,
  recentSurgery: false,
};

describe('appointment creation acts on the stored answers', () => {
  it('MRI + pacemaker: refused with message.booking_denied, nothing created', async () => {
    const key = await reserveBookingKey(testApp.app);
    await answer(key, 'mri-knee', 'mri-safety', { ...mriSafe, pacemaker: true });
    const { clinicSlug, start } = await slotFor('mri-knee');
    const before = await countBookingRows(testApp.database.db);
    const response = await book(key, 'mri-knee', clinicSlug, start);
    expect(response.statusCode).toBe(409);
    expect(response.json().error.code).toBe('message.booking_denied');
    expect(response.json().error.message).toMatch(/pacemaker/);
    expect(await countBookingRows(testApp.database.db)).toEqual(before);
    // Nor as a booking request.
    const request = await post('/api/booking-requests', {
      bookingKey: key,
      examSlugs: ['mri-knee'],
      patientDetails: patientDetails(),
    });
    expect(request.statusCode).toBe(409);
    expect(await countBookingRows(testApp.database.db)).toEqual(before);
  });

  it('an unanswered required questionnaire refuses the booking until it is answered', async () => {
    const key = await reserveBookingKey(testApp.app);
    const { clinicSlug, start } = await slotFor('mri-knee');
    const refused = await book(key, 'mri-knee', clinicSlug, start);
    expect(refused.statusCode).toBe(409);
    expect(refused.json().error.code).toBe('QUESTIONNAIRE_UNANSWERED');
    await answer(key, 'mri-knee', 'mri-safety', mriSafe);
    expect((await book(key, 'mri-knee', clinicSlug, start)).statusCode).toBe(201);
  });

  it('CT + contrast allergy: appointment refused; the booking request with the apiKey is accepted', async () => {
    const key = await reserveBookingKey(testApp.app);
    const saved = await answer(key, 'ct-chest', 'ct-contrast', {
      contrastAllergy: true,
      kidneyDisease: false,
      metformin: false,
    });
    const { apiKey, confirmationMessage } = saved.outcome.createBookingRequest;
    const { clinicSlug, start } = await slotFor('ct-chest');
    const before = await countBookingRows(testApp.database.db);
    const refused = await book(key, 'ct-chest', clinicSlug, start);
    expect(refused.statusCode).toBe(409);
    expect(refused.json().error.code).toBe('BOOKING_REQUEST_REQUIRED');
    expect(await countBookingRows(testApp.database.db)).toEqual(before);

    const request = { bookingKey: key, examSlugs: ['ct-chest'], patientDetails: patientDetails() };
    const forged = await post('/api/booking-requests', { ...request, apiKey: 'x'.repeat(32) });
    expect(forged.statusCode).toBe(400);
    expect(forged.json().error.code).toBe('BOOKING_REQUEST_API_KEY_INVALID');
    expect(await countBookingRows(testApp.database.db)).toEqual(before);

    const created = await post('/api/booking-requests', { ...request, apiKey });
    expect(created.statusCode).toBe(201);
    expect(created.json()[0].confirmationMessage).toBe(confirmationMessage);
    const row = await testApp.database.db
      .selectFrom('booking_request_api_keys')
      .selectAll()
      .where('api_key', '=', apiKey)
      .executeTakeFirstOrThrow();
    expect(row.used_at).not.toBeNull();
    expect(row.booking_request_id).not.toBeNull();
  });

  it('possible pregnancy: the CT abdomen is refused and the ultrasound it became is bookable', async () => {
    const key = await reserveBookingKey(testApp.app);
    const saved = await answer(key, 'ct-abdomen-pelvis', 'pregnancy-check', {
      possiblyPregnant: 'possibly',
    });
    expect(saved.changedExamSlug.newSlug).toBe('abdominal-ultrasound');
    const ct = await slotFor('ct-abdomen-pelvis');
    const refused = await book(key, 'ct-abdomen-pelvis', ct.clinicSlug, ct.start);
    expect(refused.statusCode).toBe(409);
    expect(refused.json().error.code).toBe('EXAM_CHANGE_REQUIRED');
    const ultrasound = await slotFor('abdominal-ultrasound');
    expect(ultrasound.slots.length).toBeGreaterThan(0);
    const booked = await book(key, 'abdominal-ultrasound', ultrasound.clinicSlug, ultrasound.start);
    expect(booked.statusCode).toBe(201);
  });

  it('kidney disease without a recent blood test: slots before restrictMinDate are refused', async () => {
    const key = await reserveBookingKey(testApp.app);
    const saved = await answer(key, 'ct-chest', 'ct-contrast', {
      contrastAllergy: false,
      kidneyDisease: true,
      recentBloodTest: 'never',
      metformin: false,
    });
    expect(saved.outcome.restrictMinDate).toBe('2026-03-09');
    const early = await slotFor('ct-chest', '2026-03-03', '2026-03-05');
    const refused = await book(key, 'ct-chest', early.clinicSlug, early.start);
    expect(refused.statusCode).toBe(409);
    expect(refused.json().error.code).toBe('SLOT_BEFORE_MIN_DATE');
    const later = await slotFor('ct-chest', '2026-03-09', '2026-03-13');
    expect((await book(key, 'ct-chest', later.clinicSlug, later.start)).statusCode).toBe(201);
  });

  it('a Medicare card answer makes the number required on the server, not only in the form', async () => {
    const key = await reserveBookingKey(testApp.app);
    await answer(key, 'knee-x-ray', 'booking-form', { referral: 'paper', hasMedicare: true });
    const { clinicSlug, start } = await slotFor('knee-x-ray');
    const before = await countBookingRows(testApp.database.db);
    const refused = await book(key, 'knee-x-ray', clinicSlug, start);
    expect(refused.statusCode).toBe(400);
    expect(refused.json().error.code).toBe('MEDICARE_NUMBER_REQUIRED');
    expect(refused.json().error.fields).toEqual([
      expect.objectContaining({ path: 'patientDetails.medicareNumber' }),
    ]);
    const request = await post('/api/booking-requests', {
      bookingKey: key,
      examSlugs: ['knee-x-ray'],
      patientDetails: { ...patientDetails(), medicareNumber: '12345' },
    });
    expect(request.json().error.code).toBe('MEDICARE_NUMBER_REQUIRED');
    expect(await countBookingRows(testApp.database.db)).toEqual(before);
    const booked = await post('/api/appointments', {
      bookingKey: key,
      items: [{ examSlug: 'knee-x-ray', clinicSlug, start }],
      patientDetails: { ...patientDetails(), medicareNumber: '2123 45670 1' },
    });
    expect(booked.statusCode).toBe(201);
  });

  it('exams without questionnaires book as before', async () => {
    const key = await reserveBookingKey(testApp.app);
    const { clinicSlug, start } = await slotFor('knee-x-ray');
    expect((await book(key, 'knee-x-ray', clinicSlug, start)).statusCode).toBe(201);
  });
});
