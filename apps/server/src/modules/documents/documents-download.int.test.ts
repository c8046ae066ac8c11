import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildTestApp, type TestApp } from '../../../test/build-test-app.ts';
import { reserveBookingKey } from '../../../test/factories/booking.ts';
import { storageKinds } from '../../../test/test-storage.ts';
import { attachmentDisposition } from '../../plugins/file-response.ts';

let testApp: TestApp;

const pdf = Buffer.from('%PDF-1.4\n1 0 obj << /Type /Catalog >> endobj\ntrailer << >>\n%%EOF\n');

async function upload(key: string, fileName: string, bytes: Buffer) {
  const boundary = '----portal-download-boundary';
  const payload = Buffer.concat([
    Buffer.from(
      `--${boundary}\r\nContent-Disposition: form-data; name="file"; filename="${fileName}"\r\nContent-Type: text/html\r\n\r\n`,
    ),
    bytes,
    Buffer.from(`\r\n--${boundary}--\r\n`),
  ]);
  const response = await testApp.app.inject({
    method: 'POST',
    url: `/api/booking-keys/${key}/documents`,
    payload,
    headers: { 'content-type': `multipart/form-data; boundary=${boundary}` },
  });
  expect(response.statusCode, response.body).toBe(201);
  return response.json().id as string;
}

const download = (key: string, id: string) =>
  testApp.app.inject({ method: 'GET', url: `/api/booking-keys/${key}/documents/${id}` });

describe.each(storageKinds)(
  'GET /api/booking-keys/{bookingKey}/documents/{id}, %s storage',
  (storage) => {
    beforeAll(async () => {
      testApp = await buildTestApp({ storage });
    });
    afterAll(async () => {
      await testApp?.close();
    });

    it('sends the referral as an attachment with the sniffed type, to its own key only', async () => {
      const key = await reserveBookingKey(testApp.app);
      // The client claimed text/html; the stored type is what the bytes are.
      const id = await upload(key, 'Überweisung Müller (Dr).pdf', pdf);
      const response = await download(key, id);
      expect(response.statusCode).toBe(200);
      expect(response.rawPayload.equals(pdf)).toBe(true);
      expect(response.headers['content-type']).toBe('application/pdf');
      expect(response.headers['x-content-type-options']).toBe('nosniff');
      expect(response.headers['cache-control']).toBe('no-store');
      expect(response.headers['content-disposition']).toBe(
        `attachment; filename="_berweisung M_ller (Dr).pdf"; filename*=UTF-8''%C3%9Cberweisung%20M%C3%BCller%20%28Dr%29.pdf`,
      );

      // Another booking key, or an unknown id: the same 404, nothing about the file.
      const other = await reserveBookingKey(testApp.app);
      const foreign = await download(other, id);
      const unknown = await download(key, '7f1d3c1e-2b4a-4c5d-8e6f-9a0b1c2d3e4f');
      expect(foreign.statusCode).toBe(404);
      expect(unknown.statusCode).toBe(404);
      expect(foreign.json().error.code).toBe('NOT_FOUND');
      expect(foreign.json().error.message).toBe(unknown.json().error.message);
      expect(foreign.body).not.toContain('Müller');
    });

    it('follows a re-key: the new key downloads it, the old one no longer can', async () => {
      const first = await reserveBookingKey(testApp.app);
      const id = await upload(first, 'referral.pdf', pdf);
      const second = await reserveBookingKey(testApp.app);
      const rekey = await testApp.app.inject({
        method: 'POST',
        url: `/api/booking-keys/${first}/rekey`,
        payload: { newBookingKey: second },
      });
      expect(rekey.statusCode, rekey.body).toBe(200);
      expect((await download(second, id)).statusCode).toBe(200);
      expect((await download(first, id)).statusCode).toBe(404);
    });

    it('answers 404 when the stored file is gone, and 400 for malformed ids or keys', async () => {
      const key = await reserveBookingKey(testApp.app);
      const id = await upload(key, 'referral.pdf', pdf);
      await testApp.storage.removeAll();
      expect((await download(key, id)).statusCode).toBe(404);
      expect((await download(key, 'not-a-uuid')).statusCode).toBe(400);
      expect((await download('short', id)).statusCode).toBe(400);
    });
  },
);

describe('attachmentDisposition', () => {
  it('encodes the RFC 5987 name and keeps the fallback plain ASCII', () => {
    expect(attachmentDisposition("a b'(c)*.pdf")).toBe(
      `attachment; filename="a b'(c)*.pdf"; filename*=UTF-8''a%20b%27%28c%29%2A.pdf`,
    );
    expect(attachmentDisposition('скан"\\1.png')).toBe(
      `attachment; filename="______1.png"; filename*=UTF-8''%D1%81%D0%BA%D0%B0%D0%BD%22%5C1.png`,
    );
  });
});
