import type { AppointmentAttachmentsResponse, Exam } from '@portal/contract';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildTestApp, type TestApp } from '../../../test/build-test-app.ts';
import {
  bookAndSignIn,
  examAndClinic,
  freeStarts,
  providerWithPortal,
} from '../../../test/factories/patient-portal.ts';
import {
  multipart,
  sampleHeic,
  sampleJpeg,
  samplePdf,
  samplePng,
} from '../../../test/factories/uploads.ts';
import { storageKinds } from '../../../test/test-storage.ts';
import { fixedClock } from '../../adapters/clock.ts';

// Documents after booking (docs/product/attachments.md) on the real app, database and store:
// local storage and an S3 bucket on Swift.
const clock = fixedClock('2026-03-02T00:00:00Z');
const bookable = (exam: Exam) =>
  !exam.bookingRequestOnly && !exam.walkIn && exam.slug !== 'screening-mammogram';

describe.each(storageKinds)('with %s storage', (storage) => {
  let testApp: TestApp;
  let plain: { exam: Exam; clinicSlug: string };
  let starts: string[];
  let next = 0;

  beforeAll(async () => {
    testApp = await buildTestApp({
      clock,
      storage,
      provider: providerWithPortal({}),
      env: { UPLOAD_MAX_BYTES: '8192' },
    });
    plain = await examAndClinic(testApp.app, bookable);
    starts = await freeStarts(
      testApp.app,
      plain.clinicSlug,
      plain.exam.slug,
      '2026-03-05',
      '2026-03-19',
    );
  });
  afterAll(() => testApp?.close());

  type Session = { bookingKey: string; appointmentId: string; cookie: string };
  const booked = (beforeBooking?: (bookingKey: string) => Promise<void>) =>
    bookAndSignIn(testApp.app, {
      examSlug: plain.exam.slug,
      clinicSlug: plain.clinicSlug,
      start: starts[next++]!,
      ...(beforeBooking ? { beforeBooking } : {}),
    });
  const storedCount = async () => (await testApp.storage.storedKeys()).length;
  const base = (session: Session) => `/api/secured/appointments/${session.bookingKey}/attachments`;
  const listOf = async (session: Session) => {
    const response = await testApp.app.inject({
      method: 'GET',
      url: `${base(session)}/response`,
      headers: { cookie: session.cookie },
    });
    expect(response.statusCode, response.body).toBe(200);
    return response.json() as AppointmentAttachmentsResponse;
  };
  const send = (
    method: 'POST' | 'PUT',
    url: string,
    cookie: string,
    file: { name: string; bytes: Buffer },
    fields: Record<string, string> = {},
  ) =>
    testApp.app.inject({
      method,
      url,
      ...withCookie(multipart(file.name, file.bytes, fields), cookie),
    });
  const withCookie = <T extends { headers: Record<string, string> }>(body: T, cookie: string) => ({
    ...body,
    headers: { ...body.headers, cookie },
  });
  /** The bytes a download gives: streamed by the server, or from the S3 link it redirects to. */
  const downloaded = async (url: string, cookie: string) => {
    const response = await testApp.app.inject({ method: 'GET', url, headers: { cookie } });
    if (response.statusCode === 302) {
      expect(storage).toBe('s3');
      const linked = await fetch(String(response.headers.location));
      expect(linked.status).toBe(200);
      return {
        bytes: Buffer.from(await linked.arrayBuffer()),
        type: linked.headers.get('content-type'),
        disposition: linked.headers.get('content-disposition'),
      };
    }
    expect(response.statusCode, response.body).toBe(200);
    expect(response.headers['x-content-type-options']).toBe('nosniff');
    return {
      bytes: response.rawPayload,
      type: String(response.headers['content-type']),
      disposition: String(response.headers['content-disposition']),
    };
  };

  it('lists what the exam needs, uploads, downloads, views, replaces and deletes a document', async () => {
    const session = await booked();
    const stored = await storedCount();
    const before = await listOf(session);
    expect(before.appointments).toHaveLength(1);
    const needs = before.appointments[0]!.examDocumentTypes;
    const referral = needs.find((type) => type.slug === 'referral');
    expect(referral).toMatchObject({
      required: true,
      hasUploadedDocument: false,
      uploadedDocument: null,
    });

    const uploaded = await send(
      'POST',
      base(session),
      session.cookie,
      { name: 'referral.pdf', bytes: samplePdf },
      {
        documentTypeId: String(referral!.documentTypeId),
      },
    );
    expect(uploaded.statusCode, uploaded.body).toBe(201);
    const attachment = uploaded.json();
    expect(attachment).toMatchObject({
      fileName: 'referral.pdf',
      contentType: 'application/pdf',
      size: samplePdf.length,
      appointmentId: session.appointmentId,
      slug: plain.exam.slug,
      documentType: { slug: 'referral' },
    });
    expect(await storedCount()).toBe(stored + 1);

    const after = (await listOf(session)).appointments[0]!;
    expect(after.attachments.map((a) => a.id)).toEqual([attachment.id]);
    expect(after.examDocumentTypes.find((type) => type.slug === 'referral')).toMatchObject({
      hasUploadedDocument: true,
      uploadedDocument: { id: attachment.id, fileName: 'referral.pdf' },
    });

    const file = await downloaded(`${base(session)}/${attachment.id}/download`, session.cookie);
    expect(file.bytes.equals(samplePdf)).toBe(true);
    expect(file.type).toBe('application/pdf');
    expect(file.disposition).toMatch(/^attachment; filename="referral.pdf"/);
    const shown = await downloaded(`${base(session)}/${attachment.id}/view`, session.cookie);
    expect(shown.disposition).toMatch(/^inline; filename="referral.pdf"/);
    if (storage === 'local') {
      // A download is sandboxed; a PDF shown inline is not (browsers' PDF viewers refuse a
      // sandboxed document), its type fixed by nosniff.
      const headersOf = async (suffix: string) =>
        (
          await testApp.app.inject({
            method: 'GET',
            url: `${base(session)}/${attachment.id}/${suffix}`,
            headers: { cookie: session.cookie },
          })
        ).headers;
      expect(String((await headersOf('download'))['content-security-policy'])).toContain('sandbox');
      const inline = await headersOf('view');
      expect(inline['content-security-policy']).toBeUndefined();
      expect(inline['x-content-type-options']).toBe('nosniff');
      expect(inline['content-type']).toBe('application/pdf');
    }

    const replaced = await send('PUT', `${base(session)}/${attachment.id}`, session.cookie, {
      name: 'photo of referral.png',
      bytes: samplePng,
    });
    expect(replaced.statusCode, replaced.body).toBe(200);
    expect(replaced.json()).toMatchObject({
      id: attachment.id,
      contentType: 'image/png',
      documentType: { slug: 'referral' },
    });
    // The old bytes are gone from the store; the new ones are the photo's.
    expect(await storedCount()).toBe(stored + 1);
    const photo = await downloaded(`${base(session)}/${attachment.id}/download`, session.cookie);
    expect(photo.bytes.equals(samplePng)).toBe(true);
    const image = await testApp.app.inject({
      method: 'GET',
      url: `${base(session)}/${attachment.id}/view`,
      headers: { cookie: session.cookie },
    });
    expect(image.statusCode, image.body).toBe(200);
    expect(image.headers['content-type']).toBe('image/png');

    const deleted = await testApp.app.inject({
      method: 'DELETE',
      url: `${base(session)}/${attachment.id}`,
      headers: { cookie: session.cookie },
    });
    expect(deleted.statusCode).toBe(204);
    expect(await storedCount()).toBe(stored);
    expect((await listOf(session)).appointments[0]!.attachments).toEqual([]);

    const actions = await testApp.database.db
      .selectFrom('audit_events')
      .select('action')
      .where('subject_id', '=', attachment.id)
      .orderBy('id')
      .execute();
    expect(actions.map((row) => row.action)).toEqual([
      'attachment.uploaded',
      'attachment.replaced',
      'attachment.deleted',
    ]);
  });

  it('shows JPEG and PNG images inline through the portal on every store, never HEIC', async () => {
    const session = await booked();
    const view = async (name: string, bytes: Buffer) => {
      const uploaded = await send('POST', base(session), session.cookie, { name, bytes });
      expect(uploaded.statusCode, uploaded.body).toBe(201);
      const id = uploaded.json().id as string;
      const response = await testApp.app.inject({
        method: 'GET',
        url: `${base(session)}/${id}/view`,
        headers: { cookie: session.cookie },
      });
      return { id, response };
    };
    for (const [name, bytes, type] of [
      ['scan.jpg', sampleJpeg, 'image/jpeg'],
      ['photo.png', samplePng, 'image/png'],
    ] as const) {
      const { id, response } = await view(name, bytes);
      // Streamed, not a redirect to the store: the page shows it under img-src 'self'.
      expect(response.statusCode, response.body).toBe(200);
      expect(response.headers['content-type']).toBe(type);
      expect(String(response.headers['content-disposition'])).toMatch(
        new RegExp(`^inline; filename="${name}"`),
      );
      expect(response.headers['x-content-type-options']).toBe('nosniff');
      const csp = String(response.headers['content-security-policy']);
      expect(csp).toContain("default-src 'none'");
      expect(csp).toContain('sandbox');
      expect(response.headers['cache-control']).toBe('no-store');
      // The owner sees the bytes as uploaded.
      expect(response.rawPayload.equals(bytes)).toBe(true);
      const reads = await testApp.database.db
        .selectFrom('audit_events')
        .select('details')
        .where('action', '=', 'patient-data.read')
        .execute();
      expect(reads.map((row) => (row.details as { what?: string }).what)).toContain(
        `attachment:${id}`,
      );
    }
    const heic = await view('photo.heic', sampleHeic);
    expect(heic.response.statusCode).toBe(404);
    expect(heic.response.json().error.code).toBe('NOT_VIEWABLE');
  });

  it("keeps one key's documents from another key's session", async () => {
    const owner = await booked();
    const other = await booked();
    const uploaded = await send('POST', base(owner), owner.cookie, {
      name: 'a.pdf',
      bytes: samplePdf,
    });
    expect(uploaded.statusCode, uploaded.body).toBe(201);
    const id = uploaded.json().id as string;
    const asOther = (method: 'GET' | 'DELETE', url: string) =>
      testApp.app.inject({ method, url, headers: { cookie: other.cookie } });
    // Under the owner's key the other session is not signed in; under its own key the id is unknown.
    expect((await asOther('GET', `${base(owner)}/response`)).statusCode).toBe(401);
    expect((await asOther('GET', `${base(owner)}/${id}/download`)).statusCode).toBe(401);
    expect((await asOther('GET', `${base(other)}/${id}/download`)).statusCode).toBe(404);
    expect((await asOther('DELETE', `${base(other)}/${id}`)).statusCode).toBe(404);
    const replace = await send('PUT', `${base(other)}/${id}`, other.cookie, {
      name: 'x.pdf',
      bytes: samplePdf,
    });
    expect(replace.statusCode).toBe(404);
    const mine = await downloaded(`${base(owner)}/${id}/download`, owner.cookie);
    expect(mine.bytes.equals(samplePdf)).toBe(true);
    expect((await listOf(other)).appointments[0]!.attachments).toEqual([]);
  });

  it('refuses disguised, oversized and untyped files and bad fields, and stores nothing', async () => {
    const session = await booked();
    const storedBefore = await testApp.storage.storedKeys();
    const cases: Array<[string, Buffer, Record<string, string>, number, string]> = [
      [
        'page.pdf',
        Buffer.from('<html><script>alert(1)</script></html>'),
        {},
        415,
        'FILE_TYPE_NOT_ALLOWED',
      ],
      [
        'image.pdf',
        Buffer.from('<svg xmlns="http://www.w3.org/2000/svg"><script/></svg>'),
        {},
        415,
        'FILE_TYPE_NOT_ALLOWED',
      ],
      // A PNG named as a PDF: the bytes and the name disagree.
      ['scan.pdf', samplePng, {}, 415, 'FILE_TYPE_NOT_ALLOWED'],
      ['big.pdf', Buffer.concat([samplePdf, Buffer.alloc(9000, 0x20)]), {}, 413, 'FILE_TOO_LARGE'],
      ['a.pdf', samplePdf, { documentTypeId: '999999' }, 422, 'UNKNOWN_DOCUMENT_TYPE'],
      ['a.pdf', samplePdf, { documentTypeId: 'referral' }, 400, 'VALIDATION_FAILED'],
      ['a.pdf', samplePdf, { appointmentId: 'not-a-uuid' }, 400, 'VALIDATION_FAILED'],
      [
        'a.pdf',
        samplePdf,
        { appointmentId: '00000000-0000-4000-8000-000000000000' },
        404,
        'NOT_FOUND',
      ],
      ['empty.pdf', Buffer.alloc(0), {}, 400, 'VALIDATION_FAILED'],
    ];
    for (const [name, bytes, fields, status, code] of cases) {
      const response = await send('POST', base(session), session.cookie, { name, bytes }, fields);
      expect(response.statusCode, `${name} ${JSON.stringify(fields)}: ${response.body}`).toBe(
        status,
      );
      expect(response.json().error.code).toBe(code);
    }
    expect(await testApp.storage.storedKeys()).toEqual(storedBefore);
    expect((await listOf(session)).appointments[0]!.attachments).toEqual([]);
  });

  it('takes the documents uploaded while booking onto the appointment, with their type', async () => {
    let referralTypeId = 0;
    const session = await booked(async (bookingKey) => {
      const types = await testApp.database.db
        .selectFrom('document_types')
        .select(['id', 'slug'])
        .execute();
      referralTypeId = types.find((type) => type.slug === 'referral')!.id;
      const response = await testApp.app.inject({
        method: 'POST',
        url: `/api/booking-keys/${bookingKey}/documents`,
        ...multipart('while booking.pdf', samplePdf, {
          examSlug: plain.exam.slug,
          documentTypeId: String(referralTypeId),
        }),
      });
      expect(response.statusCode, response.body).toBe(201);
      expect(response.json().documentTypeId).toBe(referralTypeId);
    });
    expect((await listOf(session)).importable).toBe(1);
    const imported = await testApp.app.inject({
      method: 'POST',
      url: `${base(session)}/imported`,
      headers: { cookie: session.cookie },
    });
    expect(imported.statusCode, imported.body).toBe(200);
    expect(imported.json()).toMatchObject({
      imported: 1,
      attachments: [
        {
          fileName: 'while booking.pdf',
          appointmentId: session.appointmentId,
          documentType: { id: referralTypeId },
        },
      ],
    });
    const list = await listOf(session);
    expect(list.importable).toBe(0);
    expect(
      list.appointments[0]!.examDocumentTypes.find((t) => t.slug === 'referral')
        ?.hasUploadedDocument,
    ).toBe(true);
    // Importing again finds nothing more.
    const again = await testApp.app.inject({
      method: 'POST',
      url: `${base(session)}/imported`,
      headers: { cookie: session.cookie },
    });
    expect(again.json().imported).toBe(0);
  });

  it("takes an untyped document from the booking form's referral field as the referral", async () => {
    const session = await booked(async (bookingKey) => {
      const response = await testApp.app.inject({
        method: 'POST',
        url: `/api/booking-keys/${bookingKey}/documents`,
        ...multipart('scan.pdf', samplePdf),
      });
      expect(response.json().documentTypeId).toBeNull();
    });
    const imported = await testApp.app.inject({
      method: 'POST',
      url: `${base(session)}/imported`,
      headers: { cookie: session.cookie },
    });
    expect(imported.json()).toMatchObject({
      imported: 1,
      attachments: [{ fileName: 'scan.pdf', documentType: { slug: 'referral' } }],
    });
    const referral = (await listOf(session)).appointments[0]!.examDocumentTypes.find(
      (type) => type.slug === 'referral',
    );
    expect(referral).toMatchObject({
      hasUploadedDocument: true,
      uploadedDocument: { fileName: 'scan.pdf' },
    });
  });

  it('refuses changes on a cancelled appointment and keeps its documents readable', async () => {
    const session = await booked();
    const stored = await storedCount();
    const uploaded = await send('POST', base(session), session.cookie, {
      name: 'a.pdf',
      bytes: samplePdf,
    });
    const id = uploaded.json().id as string;
    const cancel = await testApp.app.inject({
      method: 'POST',
      url: `/api/secured/appointments/${session.bookingKey}/items/${session.appointmentId}/cancel`,
      headers: { cookie: session.cookie },
      payload: {},
    });
    expect(cancel.json(), cancel.body).toMatchObject({ outcome: 'CANCELED' });
    const more = await send('POST', base(session), session.cookie, {
      name: 'b.pdf',
      bytes: samplePdf,
    });
    expect(more.statusCode).toBe(409);
    expect(more.json().error.code).toBe('APPOINTMENT_NOT_ACTIVE');
    const remove = await testApp.app.inject({
      method: 'DELETE',
      url: `${base(session)}/${id}`,
      headers: { cookie: session.cookie },
    });
    expect(remove.statusCode).toBe(409);
    const kept = await downloaded(`${base(session)}/${id}/download`, session.cookie);
    expect(kept.bytes.equals(samplePdf)).toBe(true);
    expect(await storedCount()).toBe(stored + 1);
  });
});
