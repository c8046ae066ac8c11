import type { FeedbackQuestionnaire } from '@portal/contract';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildTestApp, demoProvider, type TestApp } from '../../../test/build-test-app.ts';
import {
  feedbackPath,
  reportQualityAnswers,
  staffSessionCookie,
} from '../../../test/factories/report-feedback.ts';
import { seedDemoResultsForTest } from '../../../test/factories/results.ts';
import {
  staffUsername,
  startTestIdentityProvider,
  type TestIdentityProvider,
} from '../../../test/oidc-provider.ts';
import { fixedClock } from '../../adapters/clock.ts';
import { demoAccessionNumbers } from '../image-viewer/index.ts';

/**
 * Report-quality feedback by the PACS's accession number (pacsAppointmentId): only for a referrer
 * or staff member signed in with single sign-on (a real OpenID Connect provider), and only for a
 * released result's accession number (decision 033).
 */
const clock = fixedClock(new Date());
let idp: TestIdentityProvider;
let testApp: TestApp;
let staffCookie: string;

const inject = (method: 'GET' | 'POST', query: string, cookie?: string, payload?: object) =>
  testApp.app.inject({
    method,
    url: `${feedbackPath}?${query}`,
    ...(cookie ? { headers: { cookie } } : {}),
    ...(payload ? { payload } : {}),
  });

beforeAll(async () => {
  idp = await startTestIdentityProvider();
  idp.configure(['http://127.0.0.1/sso/callback']);
  const provider = demoProvider();
  testApp = await buildTestApp({
    clock,
    questionnaires: true,
    provider: {
      ...provider,
      application: {
        ...provider.application,
        referrerReportQualityFeedbackEnabled: true,
        azureClientId: idp.clientId,
        azureUrlWithTenantId: idp.issuer,
      },
    },
  });
  await seedDemoResultsForTest(testApp.database.db, clock);
  staffCookie = await staffSessionCookie(testApp.app, idp, staffUsername);
}, 120_000);
afterAll(async () => {
  await testApp?.close();
  await idp?.close();
});

describe('pacsAppointmentId', () => {
  const mri = `pacsAppointmentId=${demoAccessionNumbers.mriKnee}`;

  it('without a single sign-on session: 401 SSO_UNAUTHENTICATED, nothing stored', async () => {
    const payload = { questionnaireId: crypto.randomUUID(), questionnaireResult: '{}' };
    for (const method of ['GET', 'POST'] as const) {
      for (const cookie of [undefined, `portal_staff_session=${'A'.repeat(43)}`]) {
        const response = await inject(method, mri, cookie, payload);
        expect(response.statusCode, `${method} ${cookie}`).toBe(401);
        expect(response.json().error.code).toBe('SSO_UNAUTHENTICATED');
      }
    }
    const stored = await testApp.database.db
      .selectFrom('report_quality_feedback')
      .selectAll()
      .execute();
    expect(stored).toEqual([]);
  });

  it('signed in: a released result is rated once, by the session subject', async () => {
    const first = await inject('GET', mri, staffCookie);
    expect(first.statusCode, first.body).toBe(200);
    const { questionnaireId, questionnaire } = first.json<FeedbackQuestionnaire>();
    expect(questionnaire.slug).toBe('report-quality');
    const saved = await inject('POST', mri, staffCookie, {
      questionnaireId,
      questionnaireResult: reportQualityAnswers({ clarity: 5 }),
    });
    expect(saved.statusCode, saved.body).toBe(201);
    const row = await testApp.database.db
      .selectFrom('report_quality_feedback')
      .selectAll()
      .where('accession_number', '=', demoAccessionNumbers.mriKnee)
      .executeTakeFirstOrThrow();
    expect(row).toMatchObject({
      given_by: 'STAFF',
      staff_subject: staffUsername,
      link_token_id: null,
      questionnaire_version: questionnaire.version,
      result: { clarity: 5 },
    });
    expect((await inject('GET', mri, staffCookie)).json()).toBeNull();
    // Another referrer signed in: the report already has its feedback.
    const other = await staffSessionCookie(testApp.app, idp, 'dr.patel');
    expect((await inject('GET', mri, other)).json()).toBeNull();
    const again = await inject('POST', mri, other, {
      questionnaireId,
      questionnaireResult: reportQualityAnswers(),
    });
    expect(again.statusCode).toBe(409);
    expect(again.json().error.code).toBe('REPORT_FEEDBACK_ALREADY_PROVIDED');

    const audits = await testApp.database.db
      .selectFrom('audit_events')
      .select(['actor', 'action', 'details'])
      .where('subject_id', '=', demoAccessionNumbers.mriKnee)
      .where('action', 'like', 'report-feedback.%')
      .orderBy('id')
      .execute();
    expect(audits.map((a) => [a.action, a.actor, a.details.staffSubject])).toEqual([
      ['report-feedback.read', 'staff', staffUsername],
      ['report-feedback.saved', 'staff', staffUsername],
      ['report-feedback.read', 'staff', staffUsername],
      ['report-feedback.read', 'staff', 'dr.patel'],
      ['report-feedback.refused', 'staff', 'dr.patel'],
    ]);
  });

  it('an accession number of no released result: 404, nothing stored', async () => {
    for (const accession of ['NOT-A-STUDY', 'TEST-FEEDBACK-0001']) {
      const response = await inject('GET', `pacsAppointmentId=${accession}`, staffCookie);
      expect(response.statusCode).toBe(404);
      expect(response.json().error.code).toBe('REPORT_FEEDBACK_REPORT_NOT_FOUND');
    }
    const tooLong = await inject('GET', `pacsAppointmentId=${'A'.repeat(65)}`, staffCookie);
    expect(tooLong.statusCode).toBe(400);
  });
});
