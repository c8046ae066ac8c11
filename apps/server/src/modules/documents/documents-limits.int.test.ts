import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildTestApp, type TestApp } from '../../../test/build-test-app.ts';
import { reserveBookingKey } from '../../../test/factories/booking.ts';
import { storageKinds } from '../../../test/test-storage.ts';

/** Malformed multipart bodies and a burst of uploads to one key: 4xx, and nothing left behind. */
let testApp: TestApp;

const pdf = Buffer.from('%PDF-1.4\n1 0 obj << /Type /Catalog >> endobj\ntrailer << >>\n%%EOF\n');
const boundary = '----portal-limits-boundary';
const filePart = (bytes: Buffer) =>
  Buffer.concat([
    Buffer.from(
      `--${boundary}\r\nContent-Disposition: form-data; name="file"; filename="referral.pdf"\r\nContent-Type: application/pdf\r\n\r\n`,
    ),
    bytes,
    Buffer.from(`\r\n--${boundary}--\r\n`),
  ]);

const documentsOf = async (key: string) =>
  Number(
    (
      await testApp.database.db
        .selectFrom('temporary_documents')
        .select((eb) => eb.fn.countAll().as('n'))
        .where('booking_key', '=', key)
        .executeTakeFirstOrThrow()
    ).n,
  );

describe.each(storageKinds)('with %s storage', (storage) => {
  beforeAll(async () => {
    testApp = await buildTestApp({ storage });
  });
  afterAll(async () => {
    await testApp?.close();
  });

  describe('malformed multipart bodies', () => {
    const whole = filePart(pdf);
    const bodies: Array<[string, string, Buffer]> = [
      ['a multipart type without a boundary', 'multipart/form-data', whole],
      ['a truncated body', `multipart/form-data; boundary=${boundary}`, whole.subarray(0, 150)],
      [
        'multipart garbage',
        `multipart/form-data; boundary=${boundary}`,
        Buffer.from(`--${boundary}\r\n\u0000\u0001garbage\r\n\r\n--${boundary}`),
      ],
      ['an empty body', `multipart/form-data; boundary=${boundary}`, Buffer.alloc(0)],
      [
        'a part with no headers',
        `multipart/form-data; boundary=${boundary}`,
        Buffer.from(`--${boundary}\r\n\r\n%PDF-1.4\r\n--${boundary}--\r\n`),
      ],
      ['a boundary that never appears', 'multipart/form-data; boundary=elsewhere', whole],
    ];
    it.each(bodies)(
      '%s gets 400 with the error body and stores nothing',
      async (_n, type, body) => {
        const key = await reserveBookingKey(testApp.app);
        const response = await testApp.app.inject({
          method: 'POST',
          url: `/api/booking-keys/${key}/documents`,
          headers: { 'content-type': type },
          payload: body,
        });
        expect(response.statusCode).toBe(400);
        expect(response.json()).toMatchObject({
          error: { code: 'VALIDATION_FAILED', requestId: expect.any(String) },
        });
        expect(await documentsOf(key)).toBe(0);
      },
    );
  });

  describe('the per-key document limit', () => {
    it('30 concurrent uploads to one key store exactly 10; the rest get 409 DOCUMENT_LIMIT_REACHED', async () => {
      const key = await reserveBookingKey(testApp.app);
      const filesBefore = (await testApp.storage.storedKeys()).length;
      const answers = await Promise.all(
        Array.from({ length: 30 }, () =>
          testApp.app.inject({
            method: 'POST',
            url: `/api/booking-keys/${key}/documents`,
            headers: { 'content-type': `multipart/form-data; boundary=${boundary}` },
            payload: filePart(pdf),
          }),
        ),
      );
      const statuses = answers.map((answer) => answer.statusCode);
      expect(statuses.filter((status) => status === 201)).toHaveLength(10);
      const refused = answers.filter((answer) => answer.statusCode !== 201);
      expect(refused).toHaveLength(20);
      for (const answer of refused) {
        expect(answer.statusCode).toBe(409);
        expect(answer.json().error.code).toBe('DOCUMENT_LIMIT_REACHED');
      }
      expect(await documentsOf(key)).toBe(10);
      // The refused uploads' bytes did not stay behind in storage.
      expect((await testApp.storage.storedKeys()).length - filesBefore).toBe(10);
    });
  });
});
