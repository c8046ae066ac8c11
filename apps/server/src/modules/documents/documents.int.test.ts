import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildTestApp, type TestApp } from '../../../test/build-test-app.ts';
import { countBookingRows, reserveBookingKey } from '../../../test/factories/booking.ts';
import { multipart, sampleExe, samplePdf, samplePng } from '../../../test/factories/uploads.ts';
import { storageKinds } from '../../../test/test-storage.ts';

let testApp: TestApp;

const pdf = samplePdf;
const png = samplePng;
const exe = sampleExe;

const upload = (key: string, fileName: string, bytes: Buffer, fields?: Record<string, string>) =>
  testApp.app.inject({
    method: 'POST',
    url: `/api/booking-keys/${key}/documents`,
    ...multipart(fileName, bytes, fields),
  });

describe.each(storageKinds)('with %s storage', (storage) => {
  beforeAll(async () => {
    testApp = await buildTestApp({ storage, env: { UPLOAD_MAX_BYTES: '4096' } });
  });
  afterAll(async () => {
    await testApp?.close();
  });

  it('stores an allowed referral under a random name, audits it, deletes it', async () => {
    const key = await reserveBookingKey(testApp.app);
    const response = await upload(key, 'my referral.pdf', pdf, {
      examSlug: 'mri-knee',
      groupName: 'MRI',
    });
    expect(response.statusCode).toBe(201);
    const document = response.json();
    expect(document).toMatchObject({
      fileName: 'my referral.pdf',
      contentType: 'application/pdf',
      size: pdf.length,
      examSlug: 'mri-knee',
      groupName: 'MRI',
    });
    const files = await testApp.storage.storedKeys();
    expect(files).toHaveLength(1);
    expect(files[0]).toMatch(/^[a-f0-9]{32}$/);
    const audit = await testApp.database.db
      .selectFrom('audit_events')
      .selectAll()
      .where('subject_id', '=', document.id)
      .executeTakeFirstOrThrow();
    expect(audit.action).toBe('temporary-document.uploaded');

    const url = `/api/booking-keys/${key}/documents/${document.id}`;
    expect((await testApp.app.inject({ method: 'DELETE', url })).statusCode).toBe(204);
    expect(await testApp.storage.storedKeys()).toHaveLength(0);
    expect((await testApp.app.inject({ method: 'DELETE', url })).statusCode).toBe(404);
  });

  it('rejects wrong types, oversized files and unknown keys, storing nothing', async () => {
    const key = await reserveBookingKey(testApp.app);
    const before = await countBookingRows(testApp.database.db);
    const cases: Array<[string, Buffer, number, string, string?]> = [
      ['scan.pdf', png, 415, 'FILE_TYPE_NOT_ALLOWED'], // PNG bytes behind a .pdf name
      ['referral.pdf', exe, 415, 'FILE_TYPE_NOT_ALLOWED'], // a program renamed .pdf
      ['notes.txt', Buffer.from('just text'), 415, 'FILE_TYPE_NOT_ALLOWED'],
      ['big.pdf', Buffer.concat([pdf, Buffer.alloc(8192, 0x20)]), 413, 'FILE_TOO_LARGE'],
      ['referral.pdf', pdf, 422, 'BOOKING_KEY_UNKNOWN', 'q'.repeat(32)],
    ];
    for (const [name, bytes, status, code, otherKey] of cases) {
      const response = await upload(otherKey ?? key, name, bytes);
      expect(response.statusCode, name).toBe(status);
      expect(response.json().error.code).toBe(code);
    }
    const notMultipart = await testApp.app.inject({
      method: 'POST',
      url: `/api/booking-keys/${key}/documents`,
      payload: { file: 'x' },
    });
    expect(notMultipart.statusCode).toBe(415);
    expect(await countBookingRows(testApp.database.db)).toEqual(before);
    expect(await testApp.storage.storedKeys()).toHaveLength(0);
    // The right bytes with the right name are fine.
    expect((await upload(key, 'scan.png', png)).statusCode).toBe(201);
  });

  it('re-keys temporary documents from an unused key to a new one', async () => {
    const oldKey = await reserveBookingKey(testApp.app);
    expect((await upload(oldKey, 'a.pdf', pdf)).statusCode).toBe(201);
    expect((await upload(oldKey, 'b.pdf', pdf)).statusCode).toBe(201);
    const newKey = await reserveBookingKey(testApp.app);
    const response = await testApp.app.inject({
      method: 'POST',
      url: `/api/booking-keys/${oldKey}/rekey`,
      payload: { newBookingKey: newKey },
    });
    expect(response.statusCode).toBe(200);
    expect(response.json()).toEqual({ documents: 2, questionnaireAnswers: 0 });
    const rows = await testApp.database.db
      .selectFrom('temporary_documents')
      .select('booking_key')
      .where('booking_key', 'in', [oldKey, newKey])
      .execute();
    expect(rows.map((row) => row.booking_key)).toEqual([newKey, newKey]);
    const unknown = await testApp.app.inject({
      method: 'POST',
      url: `/api/booking-keys/${'w'.repeat(32)}/rekey`,
      payload: { newBookingKey: newKey },
    });
    expect(unknown.json().error.code).toBe('BOOKING_KEY_UNKNOWN');
  });
});
