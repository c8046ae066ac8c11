import type { InjectOptions } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildTestApp, type TestApp } from '../../test/build-test-app.ts';
import {
  authenticate,
  demoBookingKeys,
  demoPatient,
  latestOtp,
  seedDemoBookingsForTest,
  sessionCookieOf,
  validateOtp,
} from '../../test/factories/authentication.ts';
import { reserveBookingKey } from '../../test/factories/booking.ts';
import { fixedClock } from '../adapters/clock.ts';
import { bodyLimitBytes } from '../app.ts';

/**
 * A sweep of every route that takes a body (every POST, PUT, PATCH and DELETE the OpenAPI
 * document lists) with malformed input of each content type a client could send: nothing
 * may answer 5xx. Secured routes are swept with a signed-in session, so the bodies reach
 * their parsers instead of stopping at the 401.
 */
const clock = fixedClock('2026-03-02T00:00:00Z');
let testApp: TestApp;
let cookies: { appointment: string; bookingRequest: string };
let address = 0;
const from = () => `10.50.${Math.floor(++address / 250)}.${address % 250}`;

beforeAll(async () => {
  testApp = await buildTestApp({ clock });
  await seedDemoBookingsForTest(testApp.database.db, clock);
  const dob = demoPatient.date_of_birth;
  const first = await authenticate(
    testApp.app,
    { bookingKey: demoBookingKeys.appointment, dateOfBirth: dob },
    { remoteAddress: from() },
  );
  const validated = await validateOtp(testApp.app, sessionCookieOf(first), {
    otp: await latestOtp(testApp.database.db),
    bookingKey: demoBookingKeys.appointment,
  });
  const request = await authenticate(
    testApp.app,
    {
      bookingKey: demoBookingKeys.bookingRequest,
      dateOfBirth: dob,
      authenticationType: 'BOOKING_REQUEST',
    },
    { remoteAddress: from() },
  );
  cookies = {
    appointment: sessionCookieOf(validated) as string,
    bookingRequest: sessionCookieOf(request) as string,
  };
});
afterAll(() => testApp?.close());

type JsonSchema = {
  type?: string | string[];
  properties?: Record<string, JsonSchema>;
  items?: JsonSchema;
};

/** Each property of the body's schema given a value of another type. */
function wrongTypes(schema: JsonSchema | undefined): Record<string, unknown> {
  const body: Record<string, unknown> = {};
  for (const [name, property] of Object.entries(schema?.properties ?? {})) {
    const type = Array.isArray(property.type) ? property.type[0] : property.type;
    body[name] =
      type === 'string'
        ? 12345
        : type === 'number' || type === 'integer'
          ? 'not a number'
          : type === 'boolean'
            ? 'yes'
            : type === 'array'
              ? { not: 'an array' }
              : type === 'object'
                ? 'not an object'
                : [[{}]];
  }
  return body;
}

const bodies = (schema: JsonSchema | undefined): Array<[string, string, string | Buffer]> => [
  ['invalid JSON', 'application/json', '{"bookingKey": '],
  ['a JSON array', 'application/json', '[]'],
  ['a JSON string', 'application/json', '"text"'],
  ['JSON null', 'application/json', 'null'],
  ['an empty JSON object', 'application/json', '{}'],
  ['every field of a wrong type', 'application/json', JSON.stringify(wrongTypes(schema))],
  ['JSON with a charset', 'application/json; charset=utf-7', '{}'],
  ['plain text', 'text/plain', 'hello'],
  ['a form', 'application/x-www-form-urlencoded', 'a=b&c=d'],
  ['bytes', 'application/octet-stream', Buffer.from([0, 159, 146, 150, 255])],
  ['multipart without a boundary', 'multipart/form-data', '--x\r\n\r\nhello\r\n--x--'],
  [
    'truncated multipart',
    'multipart/form-data; boundary=xyz',
    '--xyz\r\nContent-Disposition: form-data; name="file"; filename="a.pdf"\r\n\r\n%PDF-1.4',
  ],
  ['multipart garbage', 'multipart/form-data; boundary=xyz', '\u0000\u0001--xyz\r\ngarbage'],
  ['a body over the limit', 'application/json', `{"a":"${'x'.repeat(bodyLimitBytes)}"}`],
];

describe('malformed bodies on every route that takes one', () => {
  it('never get a 5xx', async () => {
    const document = (await testApp.app.inject({ url: '/api/openapi.json' })).json();
    const failures: string[] = [];
    const swept: string[] = [];
    for (const [path, operations] of Object.entries<Record<string, Record<string, unknown>>>(
      document.paths,
    )) {
      for (const [method, operation] of Object.entries(operations)) {
        if (!['post', 'put', 'patch', 'delete'].includes(method)) continue;
        const requestBody = operation.requestBody as
          | { content?: Record<string, { schema?: JsonSchema }> }
          | undefined;
        const schema = requestBody?.content?.['application/json']?.schema;
        const isRequest = path.includes('/booking_requests/');
        const bookingKey = path.startsWith('/api/secured/')
          ? isRequest
            ? demoBookingKeys.bookingRequest
            : demoBookingKeys.appointment
          : await reserveBookingKey(testApp.app);
        const url = path
          .replace('{bookingKey}', bookingKey)
          .replace(/\{[^}]*id\}/gi, crypto.randomUUID())
          .replace(/\{[^}]+\}/g, 'x');
        const cookie = isRequest ? cookies.bookingRequest : cookies.appointment;
        swept.push(`${method.toUpperCase()} ${path}`);
        for (const [name, type, payload] of bodies(schema)) {
          const response = await testApp.app.inject({
            method: method.toUpperCase() as InjectOptions['method'],
            url,
            remoteAddress: from(),
            headers: { 'content-type': type, cookie },
            payload,
          });
          if (response.statusCode >= 500) {
            failures.push(`${method.toUpperCase()} ${path} with ${name}: ${response.statusCode}`);
          }
        }
      }
    }
    expect(failures).toEqual([]);
    // The sweep reached the routes it is for: sign-in, booking, uploads and secured answers.
    expect(swept).toEqual(
      expect.arrayContaining([
        'POST /api/authentication',
        'POST /api/authentication/otp/validate',
        'POST /api/appointments',
        'POST /api/booking-keys/{bookingKey}/documents',
        'POST /api/secured/appointments/{bookingKey}/questionnaire-answers',
        'POST /api/secured/booking_requests/{bookingKey}/questionnaire-answers',
      ]),
    );
  });
});
