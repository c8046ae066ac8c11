import type { BookingRequestAttachmentsResponse, Exam } from '@portal/contract';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildTestApp, type TestApp } from '../../../test/build-test-app.ts';
import {
  bookAndSignIn,
  examAndClinic,
  freeStarts,
  providerWithPortal,
  requestAndSignIn,
} from '../../../test/factories/patient-portal.ts';
import { multipart, samplePdf, samplePng } from '../../../test/factories/uploads.ts';
import { fixedClock } from '../../adapters/clock.ts';

// Documents on a booking request, after a reschedule, and under concurrent uploads
// (docs/product/attachments.md); attachments.int.test.ts has the appointment's cycle.
const clock = fixedClock('2026-03-02T00:00:00Z');
let testApp: TestApp;
let plain: { exam: Exam; clinicSlug: string };
let starts: string[];
let next = 0;

beforeAll(async () => {
  testApp = await buildTestApp({
    clock,
    provider: providerWithPortal({
      cancelPriorMinutes: 60,
      reschedulePriorMinutes: 60,
      priorMinutesByModality: {},
      enquireOnlyModalities: [],
    }),
  });
  plain = await examAndClinic(
    testApp.app,
    (exam) => !exam.bookingRequestOnly && !exam.walkIn && exam.slug !== 'screening-mammogram',
  );
  starts = await freeStarts(
    testApp.app,
    plain.clinicSlug,
    plain.exam.slug,
    '2026-03-05',
    '2026-03-19',
  );
});
afterAll(() => testApp?.close());

const upload = (url: string, cookie: string, name: string, bytes: Buffer, fields = {}) => {
  const body = multipart(name, bytes, fields);
  return testApp.app.inject({
    method: 'POST',
    url,
    payload: body.payload,
    headers: { ...body.headers, cookie },
  });
};
const get = (url: string, cookie: string) =>
  testApp.app.inject({ method: 'GET', url, headers: { cookie } });

describe('a booking request', () => {
  it('takes documents, lists what its exams need, and gives the referral download', async () => {
    const request = await requestAndSignIn(testApp.app, {
      examSlugs: [plain.exam.slug],
      clinicSlug: plain.clinicSlug,
    });
    const base = `/api/secured/booking_requests/${request.bookingKey}/attachments`;
    const empty = await get(`${base}/response?examGroupName=Scans`, request.cookie);
    expect(empty.statusCode, empty.body).toBe(200);
    const needs = (empty.json() as BookingRequestAttachmentsResponse).exams[0]!.examDocumentTypes;
    const referral = needs.find((type) => type.slug === 'referral')!;
    expect(empty.json()).toMatchObject({
      examGroupName: 'Scans',
      attachments: [],
      exams: [{ examSlug: plain.exam.slug }],
    });
    // Nothing to download yet.
    expect(
      (await get(`/api/secured/booking_requests/${request.bookingKey}/download`, request.cookie))
        .statusCode,
    ).toBe(404);

    const other = await upload(base, request.cookie, 'notes.png', samplePng);
    expect(other.statusCode, other.body).toBe(201);
    const sent = await upload(base, request.cookie, 'referral.pdf', samplePdf, {
      documentTypeId: String(referral.documentTypeId),
    });
    expect(sent.statusCode, sent.body).toBe(201);
    expect(sent.json()).toMatchObject({
      appointmentId: null,
      slug: null,
      documentType: { slug: 'referral' },
    });

    const listed = (
      await get(`${base}/response`, request.cookie)
    ).json() as BookingRequestAttachmentsResponse;
    expect(listed.attachments).toHaveLength(2);
    expect(
      listed.exams[0]!.examDocumentTypes.find((type) => type.slug === 'referral'),
    ).toMatchObject({
      hasUploadedDocument: true,
      uploadedDocument: { id: sent.json().id },
    });
    // The referral download gives the referral, not the newest other document.
    const referralFile = await get(
      `/api/secured/booking_requests/${request.bookingKey}/download`,
      request.cookie,
    );
    expect(referralFile.statusCode).toBe(200);
    expect(referralFile.rawPayload.equals(samplePdf)).toBe(true);

    // changedExamSlugs: what the changed exams need instead (unknown slugs are left out).
    const changed = await get(
      `${base}/response?changedExamSlugs=screening-mammogram,no-such-exam`,
      request.cookie,
    );
    expect(changed.json().exams.map((exam: { examSlug: string }) => exam.examSlug)).toEqual([
      'screening-mammogram',
    ]);
    expect(
      (await get(`${base}/response?changedExamSlugs=Not%20A%20Slug`, request.cookie)).statusCode,
    ).toBe(400);

    // An appointment session cannot reach the request's documents, nor the reverse.
    const appointment = await bookAndSignIn(testApp.app, {
      examSlug: plain.exam.slug,
      clinicSlug: plain.clinicSlug,
      start: starts[next++]!,
    });
    expect((await get(`${base}/response`, appointment.cookie)).statusCode).toBe(401);
    expect(
      (
        await get(
          `/api/secured/appointments/${request.bookingKey}/attachments/response`,
          request.cookie,
        )
      ).statusCode,
    ).toBe(401);
  });

  it('answers 404 for a request id sent to the appointment path of the same key', async () => {
    const request = await requestAndSignIn(testApp.app, {
      examSlugs: [plain.exam.slug],
      clinicSlug: plain.clinicSlug,
    });
    const sent = await upload(
      `/api/secured/booking_requests/${request.bookingKey}/attachments`,
      request.cookie,
      'a.pdf',
      samplePdf,
    );
    const id = sent.json().id as string;
    // The session is a booking request's: the appointment path is not its own.
    expect(
      (
        await get(
          `/api/secured/appointments/${request.bookingKey}/attachments/${id}/download`,
          request.cookie,
        )
      ).statusCode,
    ).toBe(401);
  });
});

describe('an appointment that moves', () => {
  it('keeps its documents on the appointment that replaces it', async () => {
    const session = await bookAndSignIn(testApp.app, {
      examSlug: plain.exam.slug,
      clinicSlug: plain.clinicSlug,
      start: starts[next++]!,
    });
    const base = `/api/secured/appointments/${session.bookingKey}/attachments`;
    const sent = await upload(base, session.cookie, 'referral.pdf', samplePdf);
    expect(sent.statusCode, sent.body).toBe(201);
    const moved = await testApp.app.inject({
      method: 'POST',
      url: `/api/secured/appointments/${session.bookingKey}/items/${session.appointmentId}/reschedule`,
      headers: { cookie: session.cookie },
      payload: { start: starts[next++]! },
    });
    expect(moved.statusCode, moved.body).toBe(200);
    const replacementId = moved.json().replacement.id as string;
    const list = (await get(`${base}/response`, session.cookie)).json();
    expect(list.appointments).toHaveLength(1);
    expect(list.appointments[0]).toMatchObject({
      appointmentId: replacementId,
      attachments: [{ id: sent.json().id, appointmentId: replacementId }],
    });
    // Still changeable: the replacement is booked.
    const removed = await testApp.app.inject({
      method: 'DELETE',
      url: `${base}/${sent.json().id}`,
      headers: { cookie: session.cookie },
    });
    expect(removed.statusCode).toBe(204);
  });
});

describe('concurrent uploads to one key', () => {
  it('store at most 20 documents; the rest are refused and leave nothing behind', async () => {
    const session = await bookAndSignIn(testApp.app, {
      examSlug: plain.exam.slug,
      clinicSlug: plain.clinicSlug,
      start: starts[next++]!,
    });
    const base = `/api/secured/appointments/${session.bookingKey}/attachments`;
    const storedBefore = (await testApp.storage.storedKeys()).length;
    const responses = await Promise.all(
      Array.from({ length: 26 }, (_, index) =>
        upload(base, session.cookie, `page ${index}.pdf`, samplePdf),
      ),
    );
    const codes = responses.map((response) => response.statusCode);
    expect(codes.filter((code) => code === 201)).toHaveLength(20);
    expect(codes.filter((code) => code === 409)).toHaveLength(6);
    for (const response of responses.filter((r) => r.statusCode === 409)) {
      expect(response.json().error.code).toBe('ATTACHMENT_LIMIT_REACHED');
    }
    const list = (await get(`${base}/response`, session.cookie)).json();
    expect(list.appointments[0].attachments).toHaveLength(20);
    expect((await testApp.storage.storedKeys()).length).toBe(storedBefore + 20);
  });
});
