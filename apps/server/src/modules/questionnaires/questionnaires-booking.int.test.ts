import type { Questionnaire } from '@portal/contract';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildTestApp, requestsTo, type TestApp } from '../../../test/build-test-app.ts';
import { reserveBookingKey } from '../../../test/factories/booking.ts';
import { fixedClock } from '../../adapters/clock.ts';

const clock = fixedClock('2026-03-02T00:00:00Z');
let testApp: TestApp;

beforeAll(async () => {
  testApp = await buildTestApp({ clock, questionnaires: true });
});
afterAll(() => testApp?.close());

const { get, post } = requestsTo(() => testApp.app);

async function questionnairesFor(key: string, examSlugs: string[]): Promise<Questionnaire[]> {
  const response = await get(
    `/api/booking-keys/${key}/questionnaires?examSlugs=${examSlugs.join(',')}`,
  );
  expect(response.statusCode).toBe(200);
  return response.json().questionnaires;
}

const answerCount = async () =>
  Number(
    (
      await testApp.database.db
        .selectFrom('questionnaire_answers')
        .select((eb) => eb.fn.countAll<string>().as('count'))
        .executeTakeFirstOrThrow()
    ).count,
  );

const mriSafe = {
  pacemaker: false,
  neurostimulator: false,
  cochlearImplant: false,
  metalInEyes: false,
  otherImplants: false,
  recentSurgery: false,
};

async function answer(
  key: string,
  questionnaire: Questionnaire,
  data: unknown,
  examSlugs: string[],
) {
  return post(`/api/booking-keys/${key}/questionnaire-answers`, {
    questionnaireId: questionnaire.id,
    questionnaireResult: JSON.stringify(data),
    examSlugs,
  });
}

describe('GET /api/booking-keys/:key/questionnaires', () => {
  it('lists the booking-flow questionnaires of the exams, without outcome rules', async () => {
    const key = await reserveBookingKey(testApp.app);
    const list = await questionnairesFor(key, ['mri-knee']);
    expect(list.map((q) => q.slug)).toEqual(['mri-safety', 'booking-form']);
    const mri = list[0]!;
    expect(mri).toMatchObject({ type: 'REQUIRED_ON_CONFIRMATION', version: 1, modalSize: 'LG' });
    expect(mri.modalityIds).toHaveLength(1);
    expect(JSON.stringify(mri)).not.toMatch(/outcome|denyBooking|createBookingRequest/);
    expect((await questionnairesFor(key, ['ct-abdomen-pelvis'])).map((q) => q.slug)).toEqual([
      'pregnancy-check',
      'ct-contrast',
      'booking-form',
    ]);
  });

  it('puts answered questionnaires last and returns their answers', async () => {
    const key = await reserveBookingKey(testApp.app);
    const [mri] = await questionnairesFor(key, ['mri-knee']);
    expect((await answer(key, mri!, mriSafe, ['mri-knee'])).statusCode).toBe(200);
    const response = await get(`/api/booking-keys/${key}/questionnaires?examSlugs=mri-knee`);
    const body = response.json();
    expect(body.questionnaires.map((q: Questionnaire) => q.slug)).toEqual([
      'booking-form',
      'mri-safety',
    ]);
    expect(body.examQuestionnaireAnswers).toHaveLength(1);
    expect(JSON.parse(body.examQuestionnaireAnswers[0].questionnaireResult)).toEqual(mriSafe);
    expect(body.examQuestionnaireAnswers[0].questionnaireVersion).toBe(1);
  });

  it('refuses a malformed exam list', async () => {
    const key = await reserveBookingKey(testApp.app);
    expect((await get(`/api/booking-keys/${key}/questionnaires?examSlugs=`)).statusCode).toBe(400);
  });
});

describe('outcomes evaluated on the server', () => {
  it('MRI + pacemaker: DENY_BOOKING with the message', async () => {
    const key = await reserveBookingKey(testApp.app);
    const [mri] = await questionnairesFor(key, ['mri-knee']);
    const saved = await answer(key, mri!, { ...mriSafe, pacemaker: true }, ['mri-knee']);
    expect(saved.statusCode).toBe(200);
    expect(saved.json().outcome).toMatchObject({ denyBooking: true, createBookingRequest: null });
    expect(saved.json().outcome.message).toMatch(/pacemaker/);
    const outcome = await get(`/api/booking-keys/${key}/outcome?examSlugs=mri-knee`);
    expect(outcome.json().denyBooking).toBe(true);
    // The MRI answers say nothing about another modality's exam.
    expect(
      (await get(`/api/booking-keys/${key}/outcome?examSlugs=chest-x-ray`)).json().denyBooking,
    ).toBe(false);
  });

  it('CT + contrast allergy: CREATE_BOOKING_REQUEST with an apiKey, the same on every read', async () => {
    const key = await reserveBookingKey(testApp.app);
    const contrast = (await questionnairesFor(key, ['ct-chest'])).find(
      (q) => q.slug === 'ct-contrast',
    )!;
    const saved = await answer(
      key,
      contrast,
      {
        contrastAllergy: true,
        reactionDetails: 'Hives in 2019',
        kidneyDisease: false,
        metformin: false,
      },
      ['ct-chest'],
    );
    expect(saved.statusCode).toBe(200);
    const route = saved.json().outcome.createBookingRequest;
    expect(route.apiKey).toMatch(/^[A-Za-z0-9_-]{32}$/);
    expect(route.confirmationMessage).toMatch(/radiologist/);
    const again = (await get(`/api/booking-keys/${key}/outcome?examSlugs=ct-chest`)).json();
    expect(again.createBookingRequest.apiKey).toBe(route.apiKey);
  });

  it('possible pregnancy: CT abdomen becomes an abdominal ultrasound, recorded once', async () => {
    const key = await reserveBookingKey(testApp.app);
    const [pregnancy] = await questionnairesFor(key, ['ct-abdomen-pelvis']);
    const saved = await answer(key, pregnancy!, { possiblyPregnant: 'possibly' }, [
      'ct-abdomen-pelvis',
    ]);
    expect(saved.statusCode).toBe(200);
    expect(saved.json().outcome.newExamSlug).toBe('abdominal-ultrasound');
    expect(saved.json().changedExamSlug).toEqual({
      oldSlug: 'ct-abdomen-pelvis',
      oldestSlug: 'ct-abdomen-pelvis',
      newSlug: 'abdominal-ultrasound',
    });
    const change = await post(`/api/booking-keys/${key}/exam-changes`, {
      oldSlug: 'ct-abdomen-pelvis',
      newSlug: 'abdominal-ultrasound',
    });
    expect(change.statusCode).toBe(200);
    expect(change.json().newSlug).toBe('abdominal-ultrasound');
    const rows = await testApp.database.db
      .selectFrom('questionnaire_exam_changes')
      .selectAll()
      .where('booking_key', '=', key)
      .execute();
    expect(rows).toHaveLength(1);
    // A change no outcome allows is refused.
    const forged = await post(`/api/booking-keys/${key}/exam-changes`, {
      oldSlug: 'ct-abdomen-pelvis',
      newSlug: 'mri-brain',
    });
    expect(forged.statusCode).toBe(400);
    expect(forged.json().error.code).toBe('EXAM_CHANGE_NOT_ALLOWED');
    // The new exam's questionnaires come with changedExamSlug.
    const next = await get(
      `/api/booking-keys/${key}/questionnaires?examSlugs=ct-abdomen-pelvis&changedExamSlug=abdominal-ultrasound`,
    );
    expect(next.statusCode).toBe(200);
  });
});

describe('forged or incomplete answer sets: 400 and nothing stored', () => {
  const cases: Array<[string, (mri: Questionnaire, pregnancy: Questionnaire) => unknown]> = [
    ['a missing required answer', () => ({ ...mriSafe, pacemaker: undefined })],
    ['a required answer another answer makes visible', () => ({ ...mriSafe, otherImplants: true })],
    ["another questionnaire's answers", () => ({ possiblyPregnant: 'no' })],
    ['an injected outcome field', () => ({ ...mriSafe, denyBooking: false })],
    ['an injected exam change', () => ({ ...mriSafe, newExamSlug: 'mri-brain' })],
    ['a wrong type', () => ({ ...mriSafe, pacemaker: 'no' })],
  ];
  for (const [name, data] of cases) {
    it(`refuses ${name}`, async () => {
      const key = await reserveBookingKey(testApp.app);
      const [mri] = await questionnairesFor(key, ['mri-knee']);
      const [pregnancy] = await questionnairesFor(key, ['ct-abdomen-pelvis']);
      const before = await answerCount();
      const response = await answer(key, mri!, data(mri!, pregnancy!), ['mri-knee']);
      expect(response.statusCode).toBe(400);
      expect(response.json().error.code).toBe('message.error_answering_questionnaire');
      expect(await answerCount()).toBe(before);
    });
  }

  it('refuses answers to a questionnaire not asked for the exams, and text that is not JSON', async () => {
    const key = await reserveBookingKey(testApp.app);
    const [mri] = await questionnairesFor(key, ['mri-knee']);
    const before = await answerCount();
    expect((await answer(key, mri!, mriSafe, ['chest-x-ray'])).statusCode).toBe(400);
    const notJson = await post(`/api/booking-keys/${key}/questionnaire-answers`, {
      questionnaireId: mri!.id,
      questionnaireResult: '{"pacemaker": fal',
      examSlugs: ['mri-knee'],
    });
    expect(notJson.statusCode).toBe(400);
    const tooLong = await post(`/api/booking-keys/${key}/questionnaire-answers`, {
      questionnaireId: mri!.id,
      questionnaireResult: JSON.stringify({ ...mriSafe, pad: 'x'.repeat(30_000) }),
      examSlugs: ['mri-knee'],
    });
    expect(tooLong.statusCode).toBe(400);
    expect(await answerCount()).toBe(before);
  });

  it('does not echo the answers in the refusal', async () => {
    // onRefused receives reasons naming questions only; the values never reach it.
    const key = await reserveBookingKey(testApp.app);
    const [mri] = await questionnairesFor(key, ['mri-knee']);
    const response = await answer(key, mri!, { ...mriSafe, pacemaker: 'SECRET-DETAIL' }, [
      'mri-knee',
    ]);
    expect(response.statusCode).toBe(400);
    expect(response.body).not.toContain('SECRET-DETAIL');
  });
});

describe('re-keying', () => {
  it('moves temporary answers, exam changes and the api key to the new key', async () => {
    const key = await reserveBookingKey(testApp.app);
    const [pregnancy] = await questionnairesFor(key, ['ct-abdomen-pelvis']);
    await answer(key, pregnancy!, { possiblyPregnant: 'yes' }, ['ct-abdomen-pelvis']);
    const next = await reserveBookingKey(testApp.app);
    const moved = await post(`/api/booking-keys/${key}/rekey`, { newBookingKey: next });
    expect(moved.statusCode).toBe(200);
    expect(moved.json().questionnaireAnswers).toBe(1);
    const outcome = (
      await get(`/api/booking-keys/${next}/outcome?examSlugs=ct-abdomen-pelvis`)
    ).json();
    expect(outcome.newExamSlug).toBe('abdominal-ultrasound');
    expect(
      (await get(`/api/booking-keys/${key}/outcome?examSlugs=ct-abdomen-pelvis`)).json()
        .newExamSlug,
    ).toBe(null);
  });
});

describe('OpenAPI', () => {
  it('documents the booking-flow and secured questionnaire routes', async () => {
    const response = await get('/api/openapi.json');
    expect(response.statusCode).toBe(200);
    expect(Object.keys(response.json().paths)).toEqual(
      expect.arrayContaining([
        '/api/booking-keys/{bookingKey}/questionnaires',
        '/api/booking-keys/{bookingKey}/questionnaire-answers',
        '/api/booking-keys/{bookingKey}/outcome',
        '/api/booking-keys/{bookingKey}/exam-changes',
        '/api/secured/appointments/{bookingKey}/questionnaires',
        '/api/secured/appointments/{bookingKey}/questionnaire-answers',
        '/api/secured/appointments/{bookingKey}/pain-scores',
        '/api/secured/booking_requests/{bookingKey}/questionnaires',
        '/api/secured/booking_requests/{bookingKey}/questionnaire-answers',
      ]),
    );
  });
});
