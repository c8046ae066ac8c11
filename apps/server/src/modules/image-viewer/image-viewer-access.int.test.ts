import { createServer } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildTestApp, demoProvider, type TestApp } from '../../../test/build-test-app.ts';
import { demoPatient } from '../../../test/factories/authentication.ts';
import {
  demoResultKeys,
  seedDemoResultsForTest,
  signInForResults,
} from '../../../test/factories/results.ts';
import { startOrthanc, type TestOrthanc } from '../../../test/orthanc.ts';
import { fixedClock } from '../../adapters/clock.ts';
import { apiKeys } from '../integration/index.ts';
import { demoStudies } from './index.ts';

/**
 * External radiologists' direct access, a PACS that is down, no PACS at all, and the OpenAPI
 * entries (docs/product/images.md).
 */
const clock = fixedClock('2026-03-02T00:00:00Z');
let orthanc: TestOrthanc;
let testApp: TestApp;
let providerKey: string;

const withPacs = (pacsUrl: string | null) => {
  const provider = demoProvider();
  return buildTestApp({
    clock,
    env: {
      PUBLIC_URL: 'https://portal.example',
      ...(pacsUrl
        ? {
            PACS_DICOMWEB_URL: pacsUrl,
            PACS_USERNAME: orthanc.username,
            PACS_PASSWORD: orthanc.password,
          }
        : {}),
    },
    provider: {
      ...provider,
      imageViewer: { ...provider.imageViewer, directAccessEmailDomains: ['partner.example'] },
    },
  });
};
const generate = (app: TestApp, accessionNumber: string, authorization: string) =>
  app.app.inject({
    method: 'POST',
    url: `/api/image_viewer/generate?accessionNumber=${accessionNumber}`,
    headers: { authorization },
  });
const direct = (payload: object) =>
  testApp.app.inject({ method: 'POST', url: '/api/image_viewer/direct', payload });
const imsecOf = (url: string) => new URL(url).searchParams.get('imsec') as string;

beforeAll(async () => {
  orthanc = await startOrthanc();
  await orthanc.upload(demoStudies);
  testApp = await withPacs(orthanc.dicomWebUrl);
  await seedDemoResultsForTest(testApp.database.db, clock);
  providerKey = (await apiKeys({ db: testApp.database.db, clock }).create('ris')).key;
}, 120_000);
afterAll(async () => {
  await testApp?.close();
  await orthanc?.stop();
});

describe('an external radiologist', () => {
  it("of a partner practice gets a link of their own from a referrer's link or an accession number", async () => {
    const referrer = await generate(testApp, 'DEMO-MR-0002', `Bearer ${providerKey}`);
    const fromLink = await direct({
      input: imsecOf(referrer.json().url),
      username: 'Dr A Radiologist',
      email: 'a.radiologist@Partner.example',
    });
    expect(fromLink.statusCode, fromLink.body).toBe(200);
    const own = imsecOf(fromLink.json().url);
    const opened = await testApp.app.inject({
      method: 'GET',
      url: `/api/image_viewer?input=${own}`,
    });
    expect(opened.json()).toMatchObject({ imageViewerLinkStatus: 'ACTIVE', preference: 'PORTAL' });
    const study = await testApp.app.inject({
      method: 'GET',
      url: '/api/image_viewer/study',
      headers: { authorization: `Bearer ${own}` },
    });
    expect(study.json()).toMatchObject({ accessionNumber: 'DEMO-MR-0002' });
    const fromAccession = await direct({
      input: 'DEMO-CT-0001',
      username: 'Dr B',
      email: 'b@partner.example',
    });
    expect(fromAccession.statusCode, fromAccession.body).toBe(200);

    const audit = await testApp.database.db
      .selectFrom('audit_events')
      .select(['actor', 'subject_id', 'details'])
      .where('action', '=', 'image-viewer.direct')
      .orderBy('subject_id', 'desc')
      .execute();
    expect(audit.map((event) => [event.subject_id, event.details])).toEqual([
      [
        'DEMO-MR-0002',
        expect.objectContaining({
          audience: 'EXTERNAL',
          username: 'Dr A Radiologist',
          email: 'a.radiologist@partner.example',
        }),
      ],
      ['DEMO-CT-0001', expect.objectContaining({ username: 'Dr B', email: 'b@partner.example' })],
    ]);
  });

  it("is refused (403 USER_NOT_HAVE_ACCESS_TO_IMAGES, audited) outside the partners, with a patient's link or an unknown study", async () => {
    const cookie = await signInForResults(testApp.app, testApp.database.db, clock, {
      bookingKey: demoResultKeys.latest,
      dateOfBirth: demoPatient.date_of_birth,
      remoteAddress: '10.71.0.1',
    });
    const patient = await testApp.app.inject({
      method: 'POST',
      url: '/api/image_viewer/generate?accessionNumber=DEMO-CT-0001',
      headers: { cookie },
    });
    expect(patient.statusCode, patient.body).toBe(200);
    const refusals = {
      domain: { input: 'DEMO-CT-0001', username: 'Mallory', email: 'm@elsewhere.example' },
      lookalike: { input: 'DEMO-CT-0001', username: 'Mallory', email: 'm@notpartner.example' },
      'patient-link': {
        input: imsecOf(patient.json().url),
        username: 'Dr C',
        email: 'c@partner.example',
      },
      'no-study': { input: 'NOT-IN-PACS', username: 'Dr C', email: 'c@partner.example' },
      malformed: { input: 'a.b.c', username: 'Dr C', email: 'c@partner.example' },
    };
    for (const [name, body] of Object.entries(refusals)) {
      const response = await direct(body);
      expect(response.statusCode, name).toBe(403);
      expect(response.json().error.code, name).toBe('USER_NOT_HAVE_ACCESS_TO_IMAGES');
    }
    const refused = await testApp.database.db
      .selectFrom('audit_events')
      .select('details')
      .where('action', '=', 'image-viewer.direct-refused')
      .execute();
    expect(refused.map((event) => (event.details as { reason: string }).reason).sort()).toEqual([
      'domain',
      'domain',
      'malformed',
      'no-study',
      'patient-link',
    ]);
    for (const missing of [
      { username: 'x', email: 'x@partner.example' },
      { input: 'DEMO-CT-0001', email: 'x@partner.example' },
      { input: 'DEMO-CT-0001', username: 'x' },
      { input: 'DEMO-CT-0001', username: ' ', email: 'x@partner.example' },
      { input: 'DEMO-CT-0001', username: 'x', email: 'not-an-email' },
    ]) {
      expect((await direct(missing)).statusCode).toBe(400);
    }
  });
});

describe('without a working PACS', () => {
  it('answers 502 PACS_UNAVAILABLE when it is down, and results still show (no images)', async () => {
    const closed = await new Promise<number>((resolve) => {
      const server = createServer().listen(0, '127.0.0.1', () => {
        const { port } = server.address() as { port: number };
        server.close(() => resolve(port));
      });
    });
    const down = await withPacs(`http://127.0.0.1:${closed}/dicom-web`);
    try {
      await seedDemoResultsForTest(down.database.db, clock);
      const key = (await apiKeys({ db: down.database.db, clock }).create('ris')).key;
      const response = await generate(down, 'DEMO-CT-0001', `Bearer ${key}`);
      expect(response.statusCode).toBe(502);
      expect(response.json().error).toMatchObject({ code: 'PACS_UNAVAILABLE' });
      expect(response.body).not.toContain(String(closed));
      const cookie = await signInForResults(down.app, down.database.db, clock, {
        bookingKey: demoResultKeys.latest,
        dateOfBirth: demoPatient.date_of_birth,
        remoteAddress: '10.72.0.1',
      });
      const results = await down.app.inject({
        method: 'GET',
        url: `/api/secured/appointments/${demoResultKeys.latest}/result`,
        headers: { cookie },
      });
      expect(results.statusCode).toBe(200);
      expect(results.json().results[0]).toMatchObject({
        imagesAvailable: false,
        accessionNumber: 'DEMO-CT-0001',
      });
    } finally {
      await down.close();
    }
  });

  it('says images are unavailable (url null) when none is configured, never faking them', async () => {
    const none = await withPacs(null);
    try {
      await seedDemoResultsForTest(none.database.db, clock);
      const key = (await apiKeys({ db: none.database.db, clock }).create('ris')).key;
      const response = await generate(none, 'DEMO-CT-0001', `Bearer ${key}`);
      expect(response.json()).toEqual({
        url: null,
        imageViewerLinkStatus: 'ACTIVE',
        redirectUrl: null,
        preference: null,
        pacsUrl: null,
      });
    } finally {
      await none.close();
    }
  });
});

describe('rate limits', () => {
  it('refuse a burst of link checks from one address (a tenth of RATE_LIMIT_MAX, 30 a minute)', async () => {
    const statuses: number[] = [];
    for (let attempt = 0; attempt < 31; attempt += 1) {
      const response = await testApp.app.inject({
        method: 'GET',
        url: '/api/image_viewer?input=not-a-token',
        remoteAddress: '10.99.0.1',
      });
      statuses.push(response.statusCode);
    }
    expect(statuses.slice(0, 30).every((status) => status === 400)).toBe(true);
    expect(statuses[30]).toBe(429);
    const other = await testApp.app.inject({
      method: 'GET',
      url: '/api/image_viewer?input=not-a-token',
      remoteAddress: '10.99.0.2',
    });
    expect(other.statusCode).toBe(400);
  });
});

describe('the OpenAPI document', () => {
  it('lists every image viewer route', async () => {
    const document = (await testApp.app.inject({ method: 'GET', url: '/api/openapi.json' })).json();
    expect(
      Object.keys(document.paths)
        // The viewer's own paths; /api/image_viewer_link/... is the questionnaires' (another module).
        .filter((path) => path === '/api/image_viewer' || path.startsWith('/api/image_viewer/'))
        .sort(),
    ).toEqual([
      '/api/image_viewer',
      '/api/image_viewer/dicomweb/studies/{study}/series/{series}/instances/{instance}/frames/{frame}/rendered',
      '/api/image_viewer/direct',
      '/api/image_viewer/generate',
      '/api/image_viewer/report',
      '/api/image_viewer/study',
    ]);
  });
});

describe("the provider's release", () => {
  it('names the study by accession number; a later release without one keeps it', async () => {
    const db = testApp.database.db;
    const { id } = await db
      .selectFrom('appointments')
      .select('id')
      .where('booking_key', '=', demoResultKeys.latest)
      .executeTakeFirstOrThrow();
    const release = (payload: object) =>
      testApp.app.inject({
        method: 'PUT',
        url: `/api/integration/bookings/${demoResultKeys.latest}/appointments/${id}/result`,
        headers: { authorization: `Bearer ${providerKey}` },
        payload,
      });
    const report = { reportTitle: 'CT chest: addendum', reportText: 'No change.' };
    expect((await release({ ...report, accessionNumber: 'DEMO-MR-0002' })).statusCode).toBe(200);
    expect((await release(report)).statusCode).toBe(200);
    expect((await release({ ...report, accessionNumber: 'x'.repeat(65) })).statusCode).toBe(400);
    const stored = await db
      .selectFrom('appointment_results')
      .select('accession_number')
      .where('appointment_id', '=', id)
      .executeTakeFirstOrThrow();
    expect(stored.accession_number).toBe('DEMO-MR-0002');
  });
});
