import { ssoNonceCookieName, staffSessionCookieName } from '@portal/contract';
import type { FastifyInstance, LightMyRequestResponse } from 'fastify';
import type { Selectable } from 'kysely';
import { expect } from 'vitest';
import type { Clock } from '../../src/adapters/clock.ts';
import type { ReportQualityFeedbackTable } from '../../src/db/tables/report-feedback-tables.ts';
import { demoStudies, type StudyDefinition } from '../../src/modules/image-viewer/index.ts';
import { apiKeys } from '../../src/modules/integration/index.ts';
import { buildTestApp, demoProvider, type TestApp } from '../build-test-app.ts';
import type { TestIdentityProvider } from '../oidc-provider.ts';
import { startOrthanc } from '../orthanc.ts';
import { demoPatient } from './authentication.ts';
import { demoResultKeys, seedDemoResultsForTest, signInForResults } from './results.ts';

/** Report-quality feedback's fixtures (modules/report-feedback). */

export const feedbackPath = '/api/image_viewer_link/questionnaires';

/** Valid answers to config/questionnaires/report-quality.json, as SurveyJS's survey.data. */
export const reportQualityAnswers = (overrides: Record<string, unknown> = {}) =>
  JSON.stringify({
    clarity: 4,
    answeredClinicalQuestion: 'yes',
    comment: 'Clear and to the point.',
    ...overrides,
  });

/** Studies of no released result, for links only (one feedback each). */
export const feedbackStudies: StudyDefinition[] = ['0001', '0002', '0003'].map((n) => ({
  accessionNumber: `TEST-FEEDBACK-${n}`,
  patientId: `TEST-PATIENT-F${n}`,
  patientName: 'Test^Feedback',
  studyDate: '20260110',
  description: `XR wrist ${n} (test)`,
  series: [{ number: 1, modality: 'DX', description: 'PA', instances: 1 }],
}));

/** The jti of a viewer link (its token's middle part), as the feedback row names it. */
export const tokenIdOf = (imsec: string): string =>
  JSON.parse(Buffer.from(imsec.split('.')[1] ?? '', 'base64url').toString('utf8')).jti;

/** Signs in with single sign-on at the test identity provider: the staff session's cookie. */
export async function staffSessionCookie(
  app: FastifyInstance,
  idp: TestIdentityProvider,
  username: string,
): Promise<string> {
  const nonceResponse = await app.inject({ method: 'POST', url: '/api/sso/nonce' });
  const { nonce } = nonceResponse.json<{ nonce: string }>();
  const response = await app.inject({
    method: 'POST',
    url: '/api/sso/session',
    payload: { idToken: await idp.idTokenFor({ nonce, username }) },
    cookies: { [ssoNonceCookieName]: nonce },
  });
  expect(response.statusCode, response.body).toBe(200);
  const value = response.cookies.find((cookie) => cookie.name === staffSessionCookieName)?.value;
  return `${staffSessionCookieName}=${value}`;
}

/** The app the feedback's integration tests share: feature on, a real Orthanc, real links. */
export interface FeedbackTestApp {
  testApp: TestApp;
  providerKey: string;
  /** A patient signed in to the demo results (their own viewer links). */
  patientCookie: string;
  inject(
    method: 'GET' | 'POST',
    query: string,
    options?: { payload?: object; remoteAddress?: string; app?: TestApp },
  ): Promise<LightMyRequestResponse>;
  /** The provider's systems make a referrer's link (its imsec). */
  referrerLink(accessionNumber: string): Promise<string>;
  rows(): Promise<Selectable<ReportQualityFeedbackTable>[]>;
  feedbackAudits(): Promise<
    Array<{
      actor: string;
      action: string;
      subject_type: string;
      subject_id: string;
      details: Record<string, unknown>;
    }>
  >;
  close(): Promise<void>;
}

export const imsecOf = (url: string) => new URL(url).searchParams.get('imsec') as string;
export const linkQuery = (imsec: string) => `imsec=${encodeURIComponent(imsec)}`;

export async function startFeedbackTestApp(
  clock: Clock & { set(next: Date): void },
): Promise<FeedbackTestApp> {
  const orthanc = await startOrthanc();
  await orthanc.upload([...demoStudies, ...feedbackStudies]);
  const provider = demoProvider();
  const testApp = await buildTestApp({
    clock,
    questionnaires: true,
    env: {
      PACS_DICOMWEB_URL: orthanc.dicomWebUrl,
      PACS_USERNAME: orthanc.username,
      PACS_PASSWORD: orthanc.password,
      PUBLIC_URL: 'https://portal.example',
      // 100 a minute on the feedback routes per address; the rate limit's test uses its own.
      RATE_LIMIT_MAX: '1000',
    },
    provider: {
      ...provider,
      application: { ...provider.application, referrerReportQualityFeedbackEnabled: true },
      imageViewer: { ...provider.imageViewer, directAccessEmailDomains: ['partner.example'] },
    },
  });
  await seedDemoResultsForTest(testApp.database.db, clock);
  const providerKey = (await apiKeys({ db: testApp.database.db, clock }).create('ris')).key;
  const patientCookie = await signInForResults(testApp.app, testApp.database.db, clock, {
    bookingKey: demoResultKeys.latest,
    dateOfBirth: demoPatient.date_of_birth,
    remoteAddress: '10.71.0.1',
  });
  const db = testApp.database.db;
  return {
    testApp,
    providerKey,
    patientCookie,
    inject: (method, query, options = {}) =>
      (options.app ?? testApp).app.inject({
        method,
        url: `${feedbackPath}?${query}`,
        ...(options.payload ? { payload: options.payload } : {}),
        ...(options.remoteAddress ? { remoteAddress: options.remoteAddress } : {}),
      }),
    async referrerLink(accessionNumber) {
      const made = await testApp.app.inject({
        method: 'POST',
        url: `/api/image_viewer/generate?accessionNumber=${accessionNumber}`,
        headers: { authorization: `Bearer ${providerKey}` },
      });
      expect(made.statusCode, made.body).toBe(200);
      return imsecOf(made.json().url);
    },
    rows: () =>
      db.selectFrom('report_quality_feedback').selectAll().orderBy('created_at').execute(),
    feedbackAudits: () =>
      db
        .selectFrom('audit_events')
        .select(['actor', 'action', 'subject_type', 'subject_id', 'details'])
        .where('action', 'like', 'report-feedback.%')
        .orderBy('id')
        .execute() as ReturnType<FeedbackTestApp['feedbackAudits']>,
    async close() {
      await testApp.close();
      await orthanc.stop();
    },
  };
}
