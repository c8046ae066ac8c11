import { ssoNonceCookieName, staffSessionCookieName } from '@portal/contract';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildTestApp, demoProvider, type TestApp } from '../../../test/build-test-app.ts';
import { demoPatient } from '../../../test/factories/authentication.ts';
import { otherStudy, tamperedToken } from '../../../test/factories/image-viewer.ts';
import {
  demoResultKeys,
  seedDemoResultsForTest,
  signInForResults,
} from '../../../test/factories/results.ts';
import {
  startTestIdentityProvider,
  type TestIdentityProvider,
} from '../../../test/oidc-provider.ts';
import { startOrthanc, type TestOrthanc } from '../../../test/orthanc.ts';
import { fixedClock } from '../../adapters/clock.ts';
import { apiKeys } from '../integration/index.ts';
import { demoStudies } from './index.ts';

/**
 * The referrer's quick report (GET /api/image_viewer/report) and staff-made viewer links
 * (docs/product/images.md#quick-report, #staff-links), against a real Orthanc and a real
 * OpenID Connect provider. The clock is the real time: the provider signs with it.
 */
const clock = fixedClock(new Date());
let orthanc: TestOrthanc;
let idp: TestIdentityProvider;
let testApp: TestApp;
let providerKey: string;
let patientCookie: string;

const ct = demoStudies[0]!;
const mri = demoStudies[1]!;
const dayMs = 86_400_000;

const imsecOf = (url: string) => new URL(url).searchParams.get('imsec') as string;
const claimsOf = (token: string) =>
  JSON.parse(Buffer.from(token.split('.')[1] ?? '', 'base64url').toString('utf8'));

const generate = (accessionNumber: string, headers: Record<string, string>) =>
  testApp.app.inject({
    method: 'POST',
    url: `/api/image_viewer/generate?accessionNumber=${accessionNumber}&repositorySource=COMRAD`,
    headers,
  });
const report = (token?: string) =>
  testApp.app.inject({
    method: 'GET',
    url: '/api/image_viewer/report',
    headers: token === undefined ? {} : { authorization: `Bearer ${token}` },
  });

async function referrerToken(accessionNumber: string): Promise<string> {
  const made = await generate(accessionNumber, { authorization: `Bearer ${providerKey}` });
  expect(made.statusCode, made.body).toBe(200);
  return imsecOf(made.json().url);
}

const auditRows = (action: string) =>
  testApp.database.db
    .selectFrom('audit_events')
    .select(['actor', 'subject_type', 'subject_id', 'details'])
    .where('action', '=', action)
    .orderBy('id')
    .execute();

/** A staff member's single sign-on through the test provider: the session cookie's value. */
async function staffSignIn(): Promise<string> {
  const nonceResponse = await testApp.app.inject({ method: 'POST', url: '/api/sso/nonce' });
  const { nonce } = nonceResponse.json<{ nonce: string }>();
  const idToken = await idp.idTokenFor({ nonce });
  const session = await testApp.app.inject({
    method: 'POST',
    url: '/api/sso/session',
    payload: { idToken },
    cookies: { [ssoNonceCookieName]: nonce },
  });
  expect(session.statusCode, session.body).toBe(200);
  const cookie = session.cookies.find((one) => one.name === staffSessionCookieName);
  return cookie?.value as string;
}

beforeAll(async () => {
  orthanc = await startOrthanc();
  await orthanc.upload([...demoStudies, otherStudy]);
  idp = await startTestIdentityProvider();
  idp.configure(['http://127.0.0.1/sso/callback']);
  const provider = demoProvider();
  testApp = await buildTestApp({
    clock,
    env: {
      PACS_DICOMWEB_URL: orthanc.dicomWebUrl,
      PACS_USERNAME: orthanc.username,
      PACS_PASSWORD: orthanc.password,
      PUBLIC_URL: 'https://portal.example',
    },
    provider: {
      ...provider,
      application: {
        ...provider.application,
        azureClientId: idp.clientId,
        azureUrlWithTenantId: idp.issuer,
      },
      imageViewer: { ...provider.imageViewer, directAccessEmailDomains: ['partner.example'] },
    },
  });
  await seedDemoResultsForTest(testApp.database.db, clock);
  providerKey = (await apiKeys({ db: testApp.database.db, clock }).create('ris')).key;
  patientCookie = await signInForResults(testApp.app, testApp.database.db, clock, {
    bookingKey: demoResultKeys.latest,
    dateOfBirth: demoPatient.date_of_birth,
    remoteAddress: '10.71.0.1',
  });
}, 120_000);
afterAll(async () => {
  await testApp?.close();
  await idp?.close();
  await orthanc?.stop();
});

describe('the quick report of a referrer’s link', () => {
  it('answers the released report of the link’s study, and nothing else of the patient', async () => {
    const imsec = await referrerToken(ct.accessionNumber);
    const response = await report(imsec);
    expect(response.statusCode, response.body).toBe(200);
    expect(response.headers['cache-control']).toBe('no-store');
    const body = response.json();
    expect(body).toEqual({
      accessionNumber: 'DEMO-CT-0001',
      report: {
        examName: 'CT chest',
        clinicName: expect.any(String),
        studyDate: expect.stringMatching(/^\d{4}-\d{2}-\d{2}$/),
        timeZone: expect.stringMatching(/^[A-Za-z]+\/[A-Za-z_]+$/),
        releasedAt: expect.any(String),
        title: 'CT chest: report',
        text: expect.stringContaining('Conclusion: normal CT of the chest.'),
      },
    });
    // The text as released, its line breaks kept.
    expect(body.report.text).toMatch(/six weeks\.\n\nFindings:/);
    // The demo visit was 10 days ago and released 2 days after it (seed/demo-results.ts).
    const released = new Date(body.report.releasedAt).getTime();
    expect(Math.abs(released - (clock.now().getTime() - 8 * dayMs))).toBeLessThan(2 * 3_600_000);
    const day = new Intl.DateTimeFormat('en-CA', { timeZone: body.report.timeZone }).format(
      new Date(released - 2 * dayMs),
    );
    expect(body.report.studyDate).toBe(day);
    for (const detail of Object.values(demoPatient)) {
      expect(response.body).not.toContain(detail);
    }
    expect(response.body).not.toContain('knee');

    const read = (await auditRows('image-viewer.report-read')).at(-1);
    expect(read).toMatchObject({
      actor: 'public',
      subject_type: 'accession_number',
      subject_id: 'DEMO-CT-0001',
      details: expect.objectContaining({
        audience: 'REFERRER',
        tokenId: claimsOf(imsec).jti,
        released: true,
      }),
    });
    expect(JSON.stringify(read)).not.toMatch(/Jordan|Sample/);
  });

  it('answers report null when no report is released for the study yet', async () => {
    const response = await report(await referrerToken(otherStudy.accessionNumber));
    expect(response.statusCode, response.body).toBe(200);
    expect(response.json()).toEqual({ accessionNumber: 'TEST-OTHER-0001', report: null });
    expect((await auditRows('image-viewer.report-read')).at(-1)).toMatchObject({
      subject_id: 'TEST-OTHER-0001',
      details: expect.objectContaining({ released: false }),
    });
  });

  it('reads the report for an external radiologist’s link too', async () => {
    const direct = await testApp.app.inject({
      method: 'POST',
      url: '/api/image_viewer/direct',
      payload: { input: mri.accessionNumber, username: 'Dr Ng', email: 'ng@partner.example' },
    });
    expect(direct.statusCode, direct.body).toBe(200);
    const response = await report(imsecOf(direct.json().url));
    expect(response.statusCode, response.body).toBe(200);
    expect(response.json().report).toMatchObject({ title: 'MRI right knee: report' });
  });

  it('never reaches another study’s report: a tampered token is forged', async () => {
    const imsec = await referrerToken(ct.accessionNumber);
    const other = tamperedToken(imsec, { acc: mri.accessionNumber });
    const response = await report(other);
    expect(response.statusCode).toBe(403);
    expect(response.json().error.code).toBe('IMAGE_VIEWER_TOKEN_FORBIDDEN');
    expect(response.body).not.toContain('meniscus');
  });

  it('refuses a patient’s own link with the forbidden code, audited', async () => {
    const made = await generate(ct.accessionNumber, { cookie: patientCookie });
    expect(made.statusCode, made.body).toBe(200);
    const imsec = imsecOf(made.json().url);
    expect(claimsOf(imsec).aud).toBe('image-viewer:PATIENT');
    const response = await report(imsec);
    expect(response.statusCode).toBe(403);
    expect(response.json().error.code).toBe('IMAGE_VIEWER_TOKEN_FORBIDDEN');
    expect(response.body).not.toContain('Findings');
    expect((await auditRows('image-viewer.refused')).at(-1)).toMatchObject({
      subject_id: 'DEMO-CT-0001',
      details: expect.objectContaining({ reason: 'patient-link', audience: 'PATIENT' }),
    });
  });

  it('refuses malformed (400), forged (403), missing (400) and expired (401) tokens', async () => {
    const imsec = await referrerToken(ct.accessionNumber);
    const [header, payload] = imsec.split('.');
    const cases: [string, string | undefined, number, string][] = [
      ['garbage', 'not-a-token', 400, 'IMAGE_VIEWER_TOKEN_INVALID'],
      ['truncated', imsec.slice(0, imsec.lastIndexOf('.')), 400, 'IMAGE_VIEWER_TOKEN_INVALID'],
      [
        'forged signature',
        `${header}.${payload}.${Buffer.alloc(32, 7).toString('base64url')}`,
        403,
        'IMAGE_VIEWER_TOKEN_FORBIDDEN',
      ],
      ['longer', tamperedToken(imsec, { exp: 4102444800 }), 403, 'IMAGE_VIEWER_TOKEN_FORBIDDEN'],
      ['none', undefined, 400, 'IMAGE_VIEWER_TOKEN_INVALID'],
    ];
    for (const [name, token, status, code] of cases) {
      const response = await report(token);
      expect(response.statusCode, name).toBe(status);
      expect(response.json().error.code, name).toBe(code);
    }
    const start = clock.now();
    // A referrer's link lives 7 days by default (config/image-viewer.json referrerLinkMinutes).
    clock.set(new Date(start.getTime() + 7 * dayMs + 60_000));
    try {
      const expired = await report(imsec);
      expect(expired.statusCode).toBe(401);
      expect(expired.json().error.code).toBe('IMAGE_VIEWER_TOKEN_EXPIRED');
      expect(expired.body).not.toContain('Findings');
    } finally {
      clock.set(start);
    }
  });
});

describe('staff make viewer links', () => {
  it('a staff session makes a referrer’s link for any study the PACS holds, audited by subject', async () => {
    const cookie = await staffSignIn();
    const made = await generate(otherStudy.accessionNumber, {
      cookie: `${staffSessionCookieName}=${cookie}`,
    });
    expect(made.statusCode, made.body).toBe(200);
    expect(made.json()).toMatchObject({ imageViewerLinkStatus: 'ACTIVE', preference: 'PORTAL' });
    const imsec = imsecOf(made.json().url);
    expect(claimsOf(imsec)).toMatchObject({
      aud: 'image-viewer:REFERRER',
      acc: 'TEST-OTHER-0001',
    });
    const generated = (await auditRows('image-viewer.generated')).at(-1);
    expect(generated).toMatchObject({
      actor: 'staff',
      subject_id: 'TEST-OTHER-0001',
      details: expect.objectContaining({
        audience: 'REFERRER',
        staffSubject: expect.any(String),
        staffSessionId: expect.any(String),
      }),
    });
    const { staffSessionId } = (generated?.details ?? {}) as { staffSessionId: string };
    const session = await testApp.database.db
      .selectFrom('staff_sessions')
      .select(['id', 'subject', 'first_name', 'last_name'])
      .where('id', '=', staffSessionId)
      .executeTakeFirstOrThrow();
    expect(generated?.details).toMatchObject({ staffSubject: session.subject });
    // The subject, never the person's name.
    for (const name of [session.first_name, session.last_name]) {
      if (name) expect(JSON.stringify(generated)).not.toContain(name);
    }
    // The staff member's link opens the quick report like any referrer's.
    expect((await report(imsec)).statusCode).toBe(200);
    // A study the PACS does not hold is still 404.
    const missing = await generate('NOT-IN-PACS-1', {
      cookie: `${staffSessionCookieName}=${cookie}`,
    });
    expect(missing.statusCode).toBe(404);
    expect(missing.json().error.code).toBe('IMAGE_STUDY_NOT_FOUND');
  });

  it('an absent, made-up or expired staff session is 401', async () => {
    expect((await generate(ct.accessionNumber, {})).statusCode).toBe(401);
    const madeUp = await generate(ct.accessionNumber, {
      cookie: `${staffSessionCookieName}=${'A'.repeat(43)}`,
    });
    expect(madeUp.statusCode).toBe(401);
    expect(madeUp.json().error.code).toBe('UNAUTHENTICATED');

    const cookie = await staffSignIn();
    const start = clock.now();
    // 30 idle minutes end a staff session (docs/product/single-sign-on.md#sessions).
    clock.set(new Date(start.getTime() + 31 * 60_000));
    try {
      const expired = await generate(ct.accessionNumber, {
        cookie: `${staffSessionCookieName}=${cookie}`,
      });
      expect(expired.statusCode).toBe(401);
      expect(expired.json().error.code).toBe('UNAUTHENTICATED');
    } finally {
      clock.set(start);
    }
  });
});
