import type { PatientDetailsState, Questionnaire } from '@portal/contract';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildTestApp, type TestApp } from '../../../test/build-test-app.ts';
import {
  bookAndSignIn,
  bookableExamWithStarts,
  providerWithPortal,
} from '../../../test/factories/patient-portal.ts';
import { fixedClock } from '../../adapters/clock.ts';

// Issue 5's validationCodeRequired acted on by change requests
// (docs/product/patient-detail-changes.md#questionnaire-outcomes-issue-5): the demo's booking
// form asks for a validation code when the referral is electronic.
const clock = fixedClock('2026-03-02T00:00:00Z');

describe('questionnaire outcomes in the patient-details state', () => {
  let testApp: TestApp;
  let exam: { slug: string };
  let clinicSlug: string;
  let starts: string[];

  beforeAll(async () => {
    testApp = await buildTestApp({ clock, provider: providerWithPortal({}), questionnaires: true });
    ({ exam, clinicSlug, starts } = await bookableExamWithStarts(testApp.app));
  });
  afterAll(() => testApp?.close());

  const answerBookingForm = async (bookingKey: string, data: Record<string, unknown>) => {
    const listed = await testApp.app.inject({
      method: 'GET',
      url: `/api/booking-keys/${bookingKey}/questionnaires?examSlugs=${exam.slug}`,
    });
    const form = (listed.json().questionnaires as Questionnaire[]).find(
      (questionnaire) => questionnaire.slug === 'booking-form',
    )!;
    const saved = await testApp.app.inject({
      method: 'POST',
      url: `/api/booking-keys/${bookingKey}/questionnaire-answers`,
      payload: {
        questionnaireId: form.id,
        questionnaireResult: JSON.stringify(data),
        examSlugs: [exam.slug],
      },
    });
    expect(saved.statusCode, saved.body).toBe(200);
  };

  it('requires a validation code while the record has none, when the answers ask for one', async () => {
    const patient = await bookAndSignIn(testApp.app, {
      examSlug: exam.slug,
      clinicSlug,
      start: starts[0]!,
      beforeBooking: (key) =>
        answerBookingForm(key, { referral: 'electronic', hasMedicare: false }),
    });
    const base = `/api/secured/appointments/${patient.bookingKey}`;
    const state = (
      await testApp.app.inject({
        method: 'GET',
        url: `${base}/patient_details`,
        headers: { cookie: patient.cookie },
      })
    ).json() as PatientDetailsState;
    expect(state.patientChangeDetails.requiredFields).toEqual(['validationCode']);
    expect(state.patientChangeDetails.suggestedInsuranceTypeId).toBeNull();

    const ask = (changes: Record<string, unknown>) =>
      testApp.app.inject({
        method: 'POST',
        url: `${base}/patient_change_requests`,
        headers: { cookie: patient.cookie },
        payload: { origin: 'APPOINTMENT', changes },
      });
    const without = await ask({ suburb: 'Bondi' });
    expect(without.statusCode).toBe(422);
    expect(without.json().error).toMatchObject({
      code: 'patient_details.error.field_required',
      fields: [{ path: 'changes.validationCode' }],
    });
    const withCode = await ask({ suburb: 'Bondi', validationCode: 'ER-12345' });
    expect(withCode.statusCode, withCode.body).toBe(201);
  });

  it('requires nothing when the answers do not ask for it', async () => {
    const patient = await bookAndSignIn(testApp.app, {
      examSlug: exam.slug,
      clinicSlug,
      start: starts[1]!,
      beforeBooking: (key) => answerBookingForm(key, { referral: 'paper', hasMedicare: false }),
    });
    const state = (
      await testApp.app.inject({
        method: 'GET',
        url: `/api/secured/appointments/${patient.bookingKey}/patient_details`,
        headers: { cookie: patient.cookie },
      })
    ).json() as PatientDetailsState;
    expect(state.patientChangeDetails.requiredFields).toEqual([]);
  });
});
