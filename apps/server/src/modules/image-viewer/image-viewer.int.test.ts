import type { ImageViewerStudy } from '@portal/contract';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildTestApp, demoProvider, type TestApp } from '../../../test/build-test-app.ts';
import { demoPatient } from '../../../test/factories/authentication.ts';
import { otherStudy, pngContrast, tamperedToken } from '../../../test/factories/image-viewer.ts';
import {
  demoResultKeys,
  seedDemoResultsForTest,
  signInForResults,
} from '../../../test/factories/results.ts';
import { recordingProxy, startOrthanc, type TestOrthanc } from '../../../test/orthanc.ts';
import { fixedClock } from '../../adapters/clock.ts';
import { apiKeys } from '../integration/index.ts';
import { demoStudies, studyUidOf, uidOf } from './index.ts';

/**
 * Viewer links and the study-scoped proxy against a real Orthanc (docs/product/images.md):
 * the PACS sits behind a recording proxy, so a refused request is shown never to reach it.
 */
const clock = fixedClock('2026-03-02T00:00:00Z');
let orthanc: TestOrthanc;
let pacs: Awaited<ReturnType<typeof recordingProxy>>;
let testApp: TestApp;
let providerKey: string;
let cookie: string;

const ct = demoStudies[0]!;
const mri = demoStudies[1]!;
const ctUid = studyUidOf(ct);
const mriUid = studyUidOf(mri);
const ctSeries = uidOf(`series:${ct.accessionNumber}:1`);
const ctInstance = (n: number) => uidOf(`instance:${ct.accessionNumber}:1:${n}`);
const mriSeries = uidOf(`series:${mri.accessionNumber}:1`);
const mriInstance = uidOf(`instance:${mri.accessionNumber}:1:1`);

const imsecOf = (url: string) => new URL(url).searchParams.get('imsec') as string;
const inject = (method: 'GET' | 'POST', url: string, headers: Record<string, string> = {}) =>
  testApp.app.inject({ method, url, headers });
const generate = (accessionNumber: string, headers: Record<string, string>) =>
  inject(
    'POST',
    `/api/image_viewer/generate?accessionNumber=${accessionNumber}&repositorySource=COMRAD&repositorySourceId=ril`,
    headers,
  );
const frame = (
  token: string,
  study: string,
  series: string,
  instance: string,
  n = 1,
  accept = 'image/jpeg',
) =>
  inject(
    'GET',
    `/api/image_viewer/dicomweb/studies/${study}/series/${series}/instances/${instance}/frames/${n}/rendered`,
    {
      authorization: `Bearer ${token}`,
      accept,
    },
  );

async function patientToken(): Promise<string> {
  const response = await generate(ct.accessionNumber, { cookie });
  expect(response.statusCode, response.body).toBe(200);
  return imsecOf(response.json().url);
}

beforeAll(async () => {
  orthanc = await startOrthanc();
  await orthanc.upload([...demoStudies, otherStudy]);
  pacs = await recordingProxy(orthanc.dicomWebUrl);
  const provider = demoProvider();
  testApp = await buildTestApp({
    clock,
    env: {
      PACS_DICOMWEB_URL: pacs.url,
      PACS_USERNAME: orthanc.username,
      PACS_PASSWORD: orthanc.password,
      PUBLIC_URL: 'https://portal.example',
    },
    provider: {
      ...provider,
      imageViewer: {
        ...provider.imageViewer,
        pacsViewerUrl: 'https://pacs.example/view?acc={accessionNumber}',
        referrerPreference: 'PACS',
      },
    },
  });
  await seedDemoResultsForTest(testApp.database.db, clock);
  providerKey = (await apiKeys({ db: testApp.database.db, clock }).create('ris')).key;
  cookie = await signInForResults(testApp.app, testApp.database.db, clock, {
    bookingKey: demoResultKeys.latest,
    dateOfBirth: demoPatient.date_of_birth,
    remoteAddress: '10.70.0.1',
  });
}, 120_000);
afterAll(async () => {
  await testApp?.close();
  await pacs?.close();
  await orthanc?.stop();
});

describe('a patient viewing the images of their result', () => {
  it('sees that images exist, makes a link, opens it, reads the study and a real frame', async () => {
    const results = await inject(
      'GET',
      `/api/secured/appointments/${demoResultKeys.latest}/result`,
      { cookie },
    );
    expect(results.json().results[0]).toMatchObject({
      accessionNumber: 'DEMO-CT-0001',
      imagesAvailable: true,
    });

    const made = await generate(ct.accessionNumber, { cookie });
    expect(made.statusCode, made.body).toBe(200);
    const link = made.json();
    expect(link).toMatchObject({
      imageViewerLinkStatus: 'ACTIVE',
      redirectUrl: null,
      preference: 'PORTAL',
      pacsUrl: 'https://pacs.example/view?acc=DEMO-CT-0001',
    });
    expect(link.url).toMatch(
      /^https:\/\/portal\.example\/referrer-report\?imsec=[\w-]+\.[\w-]+\.[\w-]+&repositorySource=COMRAD$/,
    );
    const imsec = imsecOf(link.url);

    const opened = await inject('GET', `/api/image_viewer?input=${imsec}&repositorySource=COMRAD`);
    expect(opened.json()).toEqual(link);

    const study = await inject('GET', '/api/image_viewer/study', {
      authorization: `Bearer ${imsec}`,
    });
    expect(study.statusCode, study.body).toBe(200);
    const listing: ImageViewerStudy = study.json();
    expect(listing).toMatchObject({
      accessionNumber: 'DEMO-CT-0001',
      studyInstanceUid: ctUid,
      studyDate: '2026-01-01',
      modalities: ['CT'],
    });
    expect(listing.series).toHaveLength(1);
    expect(listing.series[0]?.instances.map((i) => i.instanceNumber)).toEqual([1, 2, 3, 4, 5, 6]);
    expect(listing.series[0]?.instances[2]).toEqual({
      sopInstanceUid: ctInstance(3),
      instanceNumber: 3,
      frames: 1,
    });

    const jpeg = await frame(imsec, ctUid, ctSeries, ctInstance(3));
    expect(jpeg.statusCode, jpeg.body).toBe(200);
    expect(jpeg.headers['content-type']).toBe('image/jpeg');
    expect(jpeg.rawPayload.subarray(0, 3)).toEqual(Buffer.from([0xff, 0xd8, 0xff]));
    // The whole frame, with a Content-Length that is its own (a browser stops reading there).
    expect(jpeg.rawPayload.subarray(-2)).toEqual(Buffer.from([0xff, 0xd9]));
    expect(Number(jpeg.headers['content-length'] ?? jpeg.rawPayload.length)).toBe(
      jpeg.rawPayload.length,
    );
    expect(jpeg.headers['cache-control']).toBe('private, max-age=3600');
    const png = await frame(imsec, ctUid, ctSeries, ctInstance(3), 1, 'image/png');
    expect(png.headers['content-type']).toBe('image/png');
    // The synthetic slice: a bright ellipse on a dark ground, 128 × 128.
    expect(pngContrast(png.rawPayload)).toMatchObject({ width: 128, height: 128 });
    expect(pngContrast(png.rawPayload).range).toBeGreaterThan(150);
    const windowed = await inject(
      'GET',
      `/api/image_viewer/dicomweb/studies/${ctUid}/series/${ctSeries}/instances/${ctInstance(3)}/frames/1/rendered?window=40,80`,
      { authorization: `Bearer ${imsec}`, accept: 'image/png' },
    );
    expect(windowed.statusCode).toBe(200);
    expect(windowed.rawPayload.equals(png.rawPayload)).toBe(false);

    const events = await testApp.database.db
      .selectFrom('audit_events')
      .select(['actor', 'action', 'subject_id', 'details'])
      .where('action', 'like', 'image-viewer.%')
      .execute();
    for (const action of [
      'image-viewer.generated',
      'image-viewer.opened',
      'image-viewer.study-read',
    ]) {
      expect(
        events.find((event) => event.action === action),
        action,
      ).toMatchObject({
        subject_id: 'DEMO-CT-0001',
        details: expect.objectContaining({ audience: 'PATIENT' }),
      });
    }
    expect(JSON.stringify(events)).not.toMatch(/Jordan|Sample/);
  });

  it("refuses another patient's accession (403), an unknown one (403) and no sign-in (401)", async () => {
    const other = await generate(otherStudy.accessionNumber, { cookie });
    expect(other.statusCode).toBe(403);
    expect(other.json().error.code).toBe('IMAGE_ACCESSION_FORBIDDEN');
    expect((await generate('NOPE-1', { cookie })).statusCode).toBe(403);
    const anonymous = await generate(ct.accessionNumber, {});
    expect(anonymous.statusCode).toBe(401);
  });

  it("gives the provider's systems a referrer's link (PACS preference), 404 for a study the PACS lacks", async () => {
    const made = await generate(otherStudy.accessionNumber, {
      authorization: `Bearer ${providerKey}`,
    });
    expect(made.statusCode, made.body).toBe(200);
    expect(made.json()).toMatchObject({
      preference: 'PACS',
      pacsUrl: 'https://pacs.example/view?acc=TEST-OTHER-0001',
    });
    const missing = await generate('NOT-IN-PACS-1', { authorization: `Bearer ${providerKey}` });
    expect(missing.statusCode).toBe(404);
    expect(missing.json().error.code).toBe('IMAGE_STUDY_NOT_FOUND');
    expect((await generate('X', { authorization: 'Bearer pk_wrong' })).statusCode).toBe(401);
  });
});

describe('the proxy reaches the token’s study only', () => {
  it('refuses study B, series of B, frames out of range and every other PACS path without asking the PACS', async () => {
    const imsec = await patientToken();
    await inject('GET', '/api/image_viewer/study', { authorization: `Bearer ${imsec}` });
    const asked = pacs.paths.length;
    const refused = [
      frame(imsec, mriUid, mriSeries, mriInstance),
      frame(imsec, ctUid, mriSeries, mriInstance),
      frame(imsec, ctUid, ctSeries, mriInstance),
      frame(imsec, ctUid, ctSeries, ctInstance(1), 2),
      frame(imsec, ctUid, ctSeries, '..'),
      frame(imsec, ctUid, ctSeries, '%2e%2e%2f%2e%2e%2finstances'),
    ];
    for (const response of await Promise.all(refused)) {
      expect(response.statusCode, response.body).toBeGreaterThanOrEqual(400);
      expect(response.statusCode).toBeLessThan(500);
    }
    const auth = { authorization: `Bearer ${imsec}` };
    for (const path of [
      '/api/image_viewer/dicomweb/instances',
      '/api/image_viewer/dicomweb/tools/find',
      '/api/image_viewer/dicomweb/studies',
      `/api/image_viewer/dicomweb/studies/${ctUid}`,
      `/api/image_viewer/dicomweb/studies/${ctUid}/series/${ctSeries}/instances/${ctInstance(1)}`,
      `/api/image_viewer/dicomweb/studies/${ctUid}/series/${ctSeries}/instances/${ctInstance(1)}/frames/1`,
      `/api/image_viewer/dicomweb/studies/${ctUid}/../../instances`,
    ]) {
      expect((await inject('GET', path, auth)).statusCode, path).toBe(404);
    }
    expect(pacs.paths.slice(asked)).toEqual([]);
  });

  it('refuses malformed, truncated, forged, tampered and other-audience tokens, never answering ACTIVE', async () => {
    const imsec = await patientToken();
    const [header, payload, signature] = imsec.split('.');
    const cases = {
      garbage: 'not-a-token',
      truncated: imsec.slice(0, -10),
      noSignature: `${header}.${payload}.`,
      forgedSignature: `${header}.${payload}.${Buffer.alloc(32, 7).toString('base64url')}`,
      otherStudy: tamperedToken(imsec, { sub: mriUid, acc: mri.accessionNumber }),
      otherAudience: tamperedToken(imsec, { aud: 'appointment-action-link' }),
      longer: tamperedToken(imsec, { exp: 4102444800 }),
    };
    expect(signature).toBeTruthy();
    for (const [name, token] of Object.entries(cases)) {
      const opened = await inject('GET', `/api/image_viewer?input=${encodeURIComponent(token)}`);
      expect([400, 403], name).toContain(opened.statusCode);
      expect(opened.json().error.code, name).toMatch(/^IMAGE_VIEWER_TOKEN_(INVALID|FORBIDDEN)$/);
      const study = await inject('GET', '/api/image_viewer/study', {
        authorization: `Bearer ${token}`,
      });
      expect([400, 403], name).toContain(study.statusCode);
    }
    expect((await inject('GET', '/api/image_viewer/study')).statusCode).toBe(400);
  });

  it('answers EXPIRED with the redirect once the link has passed its life, and the proxy 401', async () => {
    const imsec = await patientToken();
    const start = clock.now();
    clock.set(new Date(start.getTime() + 61 * 60_000));
    try {
      const opened = await inject(
        'GET',
        `/api/image_viewer?input=${imsec}&repositorySource=COMRAD`,
      );
      expect(opened.json()).toEqual({
        url: null,
        imageViewerLinkStatus: 'EXPIRED',
        redirectUrl: 'https://portal.example/',
        preference: null,
        pacsUrl: null,
      });
      const study = await inject('GET', '/api/image_viewer/study', {
        authorization: `Bearer ${imsec}`,
      });
      expect(study.statusCode).toBe(401);
      expect(study.json().error.code).toBe('IMAGE_VIEWER_TOKEN_EXPIRED');
      expect((await frame(imsec, ctUid, ctSeries, ctInstance(1))).statusCode).toBe(401);
    } finally {
      clock.set(start);
    }
  });
});
