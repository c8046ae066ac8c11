import type { Exam, IntegrationAttachmentsResponse } from '@portal/contract';
import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildTestApp, type TestApp } from '../../../test/build-test-app.ts';
import { heicWithGps, photoWithGps } from '../../../test/factories/images.ts';
import {
  bookAndSignIn,
  bookableExamWithStarts,
  providerWithPortal,
  requestAndSignIn,
} from '../../../test/factories/patient-portal.ts';
import { multipart, samplePdf } from '../../../test/factories/uploads.ts';
import { storageKinds } from '../../../test/test-storage.ts';
import { fixedClock } from '../../adapters/clock.ts';
import { apiKeys } from './index.ts';

// The integration surface (docs/product/integration.md) on the real app, database and store:
// provider API keys, a booking's documents and their download, images without their metadata.
const clock = fixedClock('2026-03-02T00:00:00Z');

describe.each(storageKinds)('with %s storage', (storage) => {
  let testApp: TestApp;
  let plain: { exam: Exam; clinicSlug: string };
  let starts: string[];
  let key: string;

  beforeAll(async () => {
    testApp = await buildTestApp({
      clock,
      storage,
      provider: providerWithPortal({}),
      env: { UPLOAD_MAX_BYTES: '65536' },
    });
    ({ starts, ...plain } = await bookableExamWithStarts(testApp.app));
    key = (await apiKeys({ db: testApp.database.db, clock }).create('front-desk')).key;
  });
  afterAll(() => testApp?.close());

  /** A call as the provider's system makes it: with its key, or the header given (null: none). */
  const asProvider = (url: string, authorization?: string | null) =>
    testApp.app.inject({
      method: 'GET',
      url,
      headers: authorization === null ? {} : { authorization: authorization ?? `Bearer ${key}` },
    });
  const upload = async (base: string, cookie: string, name: string, bytes: Buffer) => {
    const body = multipart(name, bytes);
    const response = await testApp.app.inject({
      method: 'POST',
      url: base,
      payload: body.payload,
      headers: { ...body.headers, cookie },
    });
    expect(response.statusCode, response.body).toBe(201);
    return response.json().id as string;
  };
  /** The owner's download: streamed, or from the S3 link the portal redirects to. */
  const ownerDownload = async (url: string, cookie: string) => {
    const response = await testApp.app.inject({ method: 'GET', url, headers: { cookie } });
    if (response.statusCode === 302) {
      const linked = await fetch(String(response.headers.location));
      return Buffer.from(await linked.arrayBuffer());
    }
    expect(response.statusCode, response.body).toBe(200);
    return response.rawPayload;
  };
  const auditRows = (action: string) =>
    testApp.database.db
      .selectFrom('audit_events')
      .select(['actor', 'subject_type', 'subject_id', 'details'])
      .where('action', '=', action)
      .orderBy('id')
      .execute();
  const detailsOf = (row: { details: unknown }) =>
    (typeof row.details === 'string' ? JSON.parse(row.details) : row.details) as Record<
      string,
      unknown
    >;

  it("lists a booking's documents and downloads them, images without their metadata", async () => {
    const patient = await bookAndSignIn(testApp.app, {
      examSlug: plain.exam.slug,
      clinicSlug: plain.clinicSlug,
      start: starts[0]!,
    });
    const base = `/api/secured/appointments/${patient.bookingKey}/attachments`;
    const photo = await photoWithGps('jpeg', { width: 40, height: 30 });
    const photoId = await upload(base, patient.cookie, 'referral photo.jpg', photo);
    const heicId = await upload(base, patient.cookie, 'IMG_0001.heic', heicWithGps);
    const pdfId = await upload(base, patient.cookie, 'referral.pdf', samplePdf);

    const listed = await asProvider(`/api/integration/bookings/${patient.bookingKey}/attachments`);
    expect(listed.statusCode, listed.body).toBe(200);
    expect(listed.headers['cache-control']).toBe('no-store');
    const body = listed.json() as IntegrationAttachmentsResponse;
    expect(body.bookingKey).toBe(patient.bookingKey);
    // Oldest first; the test clock stands still, so compare them as a set.
    expect(body.attachments.map((a) => a.id).sort()).toEqual([photoId, heicId, pdfId].sort());
    expect(body.attachments.find((a) => a.id === photoId)).toEqual({
      id: photoId,
      fileName: 'referral photo.jpg',
      contentType: 'image/jpeg',
      size: photo.length,
      documentType: null,
      appointmentId: patient.appointmentId,
      examSlug: plain.exam.slug,
      createdAt: clock.now().toISOString(),
    });

    // The owner gets the photo as uploaded, GPS position and all.
    const own = await ownerDownload(`${base}/${photoId}/download`, patient.cookie);
    expect(own.equals(photo)).toBe(true);
    expect((await sharp(own).metadata()).exif).toBeDefined();

    // The provider gets it re-encoded: a JPEG of the same size, without any EXIF. Streamed on
    // every store (no link to the store: stripping needs the bytes).
    const download = await asProvider(`/api/integration/attachments/${photoId}/download`);
    expect(download.statusCode, download.body).toBe(200);
    expect(download.headers['content-type']).toBe('image/jpeg');
    expect(String(download.headers['content-disposition'])).toMatch(
      /^attachment; filename="referral photo.jpg"/,
    );
    expect(download.headers['x-content-type-options']).toBe('nosniff');
    expect(String(download.headers['content-security-policy'])).toContain('sandbox');
    const stripped = await sharp(download.rawPayload).metadata();
    expect(stripped).toMatchObject({ format: 'jpeg', width: 40, height: 30 });
    expect(stripped.exif).toBeUndefined();

    // A HEIC comes as a JPEG without its EXIF; a PDF as stored.
    const heic = await asProvider(`/api/integration/attachments/${heicId}/download`);
    expect(heic.statusCode, heic.body).toBe(200);
    expect(heic.headers['content-type']).toBe('image/jpeg');
    expect(String(heic.headers['content-disposition'])).toMatch(/filename="IMG_0001.jpg"/);
    const heicMeta = await sharp(heic.rawPayload).metadata();
    expect(heicMeta).toMatchObject({ format: 'jpeg', width: 64, height: 48 });
    expect(heicMeta.exif).toBeUndefined();
    const pdf = await asProvider(`/api/integration/attachments/${pdfId}/download`);
    expect(pdf.statusCode).toBe(200);
    expect(pdf.headers['content-type']).toBe('application/pdf');
    expect(pdf.rawPayload.equals(samplePdf)).toBe(true);

    // Each read is audited as the key's provider system; the key remembers its last use.
    const reads = (await auditRows('patient-data.read')).filter(
      (row) => row.actor === 'provider:front-desk',
    );
    expect(reads.map((row) => [row.subject_type, detailsOf(row).what])).toEqual([
      ['booking_key', 'attachments'],
      ['attachment', 'attachment-download'],
      ['attachment', 'attachment-download'],
      ['attachment', 'attachment-download'],
    ]);
    expect(reads[0]!.subject_id).not.toContain(patient.bookingKey);
    expect(reads.slice(1).map((row) => detailsOf(row).metadataRemoved)).toEqual([
      true,
      true,
      false,
    ]);
    const used = await testApp.database.db
      .selectFrom('provider_api_keys')
      .select('last_used_at')
      .where('name', '=', 'front-desk')
      .executeTakeFirstOrThrow();
    expect(used.last_used_at).not.toBeNull();
  });

  it("lists a booking request's documents without appointment or exam", async () => {
    const request = await requestAndSignIn(testApp.app, {
      examSlugs: [plain.exam.slug],
      clinicSlug: plain.clinicSlug,
    });
    const id = await upload(
      `/api/secured/booking_requests/${request.bookingKey}/attachments`,
      request.cookie,
      'referral.pdf',
      samplePdf,
    );
    const listed = await asProvider(`/api/integration/bookings/${request.bookingKey}/attachments`);
    expect(listed.statusCode, listed.body).toBe(200);
    expect(listed.json().attachments).toMatchObject([
      { id, appointmentId: null, examSlug: null, contentType: 'application/pdf' },
    ]);
  });

  it('refuses calls without a working key, says nothing more, and audits them', async () => {
    const patient = await bookAndSignIn(testApp.app, {
      examSlug: plain.exam.slug,
      clinicSlug: plain.clinicSlug,
      start: starts[1]!,
    });
    const id = await upload(
      `/api/secured/appointments/${patient.bookingKey}/attachments`,
      patient.cookie,
      'a.pdf',
      samplePdf,
    );
    const keys = apiKeys({ db: testApp.database.db, clock });
    const revoked = (await keys.create('old-desk')).key;
    await keys.revoke('old-desk');
    const before = (await auditRows('integration.refused')).length;
    const unknownKey = `pk_${'A'.repeat(43)}`;
    const refusals: Array<[string | null, string]> = [
      [null, 'missing'],
      ['', 'missing'],
      [`Basic ${Buffer.from('front-desk:x').toString('base64')}`, 'malformed'],
      ['Bearer not-a-key', 'malformed'],
      [key, 'malformed'],
      [`Bearer ${unknownKey}`, 'unknown'],
      [`Bearer ${revoked}`, 'revoked'],
    ];
    for (const url of [
      `/api/integration/bookings/${patient.bookingKey}/attachments`,
      `/api/integration/attachments/${id}/download`,
    ]) {
      for (const [authorization] of refusals) {
        const response = await asProvider(url, authorization);
        expect(response.statusCode, `${authorization}: ${response.body}`).toBe(401);
        expect(response.json().error.code).toBe('INVALID_API_KEY');
        expect(response.body).not.toContain('%PDF');
        expect(response.body).not.toContain(id.slice(0, 8));
      }
    }
    // Without a key, a malformed id is not even looked at.
    const malformed = await asProvider('/api/integration/attachments/not-a-uuid/download', null);
    expect(malformed.statusCode).toBe(401);
    const refused = (await auditRows('integration.refused')).slice(before, -1);
    expect(refused.map((row) => detailsOf(row).reason)).toEqual([
      ...refusals.map(([, reason]) => reason),
      ...refusals.map(([, reason]) => reason),
    ]);
    expect(refused.at(-1)).toMatchObject({ actor: 'provider:old-desk', subject_id: 'old-desk' });
    expect(refused[0]).toMatchObject({ actor: 'provider:unknown' });
    // The audit names the route, never the path with its booking key.
    expect(JSON.stringify(refused)).not.toContain(patient.bookingKey);
  });

  it('answers 404 for an unknown document or booking and 400 for a malformed id, audited', async () => {
    const before = (await auditRows('integration.failed')).length;
    const unknownId = '00000000-0000-4000-8000-000000000000';
    const missing = await asProvider(`/api/integration/attachments/${unknownId}/download`);
    expect(missing.statusCode).toBe(404);
    expect(missing.json().error.code).toBe('NOT_FOUND');
    const noBooking = await asProvider(`/api/integration/bookings/${'b'.repeat(32)}/attachments`);
    expect(noBooking.statusCode).toBe(404);
    const malformed = await asProvider('/api/integration/attachments/not-a-uuid/download');
    expect(malformed.statusCode).toBe(400);
    const failed = (await auditRows('integration.failed')).slice(before);
    expect(failed.map((row) => [row.actor, detailsOf(row).statusCode])).toEqual([
      ['provider:front-desk', 404],
      ['provider:front-desk', 404],
      ['provider:front-desk', 400],
    ]);
  });

  it.runIf(storage === 'local')('publishes the calls and the key scheme in OpenAPI', async () => {
    const document = (await testApp.app.inject({ method: 'GET', url: '/api/openapi.json' })).json();
    expect(document.components.securitySchemes.providerApiKey).toMatchObject({
      type: 'http',
      scheme: 'bearer',
    });
    const list = document.paths['/api/integration/bookings/{bookingKey}/attachments'].get;
    expect(list.security).toEqual([{ providerApiKey: [] }]);
    expect(list.responses['200'].content['application/json'].schema.properties).toHaveProperty(
      'attachments',
    );
    expect(
      document.paths['/api/integration/attachments/{attachmentId}/download'].get,
    ).toBeDefined();
  });
});

describe('refused keys', () => {
  it("count against the API's rate limit like any other call", async () => {
    const limited = await buildTestApp({ env: { RATE_LIMIT_MAX: '3' } });
    try {
      const statuses: number[] = [];
      for (let attempt = 0; attempt < 5; attempt++) {
        const response = await limited.app.inject({
          method: 'GET',
          url: '/api/integration/attachments/00000000-0000-4000-8000-000000000000/download',
          headers: { authorization: `Bearer pk_${'x'.repeat(43)}` },
        });
        statuses.push(response.statusCode);
      }
      expect(statuses).toEqual([401, 401, 401, 429, 429]);
      // Only the attempts that reached the key check are in the audit trail.
      const refused = await limited.database.db
        .selectFrom('audit_events')
        .select('id')
        .where('action', '=', 'integration.refused')
        .execute();
      expect(refused).toHaveLength(3);
    } finally {
      await limited.close();
    }
  });
});
