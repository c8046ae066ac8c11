import { errorCodes } from '@portal/contract';
import type { InjectOptions } from 'fastify';
import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildTestApp, type TestApp } from '../../test/build-test-app.ts';
import {
  authenticate,
  demoBookingKeys,
  demoPatient,
  seedDemoBookingsForTest,
  signInWithOtp,
} from '../../test/factories/authentication.ts';
import { fixedClock } from '../adapters/clock.ts';
import { readOnlyExceptions, readOnlyRetryAfterSeconds } from './read-only.ts';

/**
 * READ_ONLY=true (docs/decisions/036-read-only-mode.md): every write the OpenAPI document lists,
 * other than the named exceptions, answers 503 READ_ONLY and changes no row of any table; the
 * patient can still sign in and read their appointment.
 */
const clock = fixedClock('2026-03-02T00:00:00Z');
let testApp: TestApp;
let cookie: string;
let address = 0;
const from = () => `10.60.${Math.floor(++address / 250)}.${address % 250}`;

type Operation = { requestBody?: { content?: Record<string, unknown> } };
type Paths = Record<string, Record<string, Operation>>;
let paths: Paths;

beforeAll(async () => {
  testApp = await buildTestApp({ clock, env: { READ_ONLY: 'true' } });
  await seedDemoBookingsForTest(testApp.database.db, clock);
  // Signing in is an exception: the sweep below then runs with a real session.
  cookie = await signInWithOtp(testApp.app, testApp.database.db, {
    bookingKey: demoBookingKeys.appointment,
    dateOfBirth: demoPatient.date_of_birth,
    remoteAddress: from(),
  });
  paths = (await testApp.app.inject({ url: '/api/openapi.json' })).json().paths;
});
afterAll(() => testApp?.close());

/** Every table's rows, each table as a count and an md5 of its rows in a fixed order. */
async function snapshot(): Promise<Record<string, string>> {
  const db = testApp.database.db;
  const tables = await sql<{ name: string }>`
    select table_name as name from information_schema.tables
    where table_schema = current_schema() and table_type = 'BASE TABLE' order by table_name`.execute(
    db,
  );
  const result: Record<string, string> = {};
  for (const { name } of tables.rows) {
    const row = await sql<{ count: string; digest: string | null }>`
      select count(*)::text as count, md5(string_agg(t::text, '|' order by t::text)) as digest
      from ${sql.table(name)} t`.execute(db);
    result[name] = `${row.rows[0]?.count}:${row.rows[0]?.digest ?? '-'}`;
  }
  return result;
}

/** The OpenAPI path with Fastify's parameter syntax, as the exceptions name routes. */
const routeOf = (path: string) => path.replace(/\{([^}]+)\}/g, ':$1');

function urlOf(path: string): string {
  const bookingKey = path.includes('/booking_requests/')
    ? demoBookingKeys.bookingRequest
    : demoBookingKeys.appointment;
  return path
    .replace('{bookingKey}', bookingKey)
    .replace(/\{[^}]*[iI]d\}/g, crypto.randomUUID())
    .replace(/\{[^}]+\}/g, 'x');
}

function writes(): Array<{ method: string; path: string }> {
  const found: Array<{ method: string; path: string }> = [];
  for (const [path, operations] of Object.entries(paths)) {
    for (const method of Object.keys(operations)) {
      if (['post', 'put', 'patch', 'delete'].includes(method)) {
        found.push({ method: method.toUpperCase(), path });
      }
    }
  }
  return found;
}

/** A body the route would accept in shape (JSON or a multipart file), so no parser stops it. */
function payloadFor(operation: Operation): Pick<InjectOptions, 'payload' | 'headers'> {
  const content = operation.requestBody?.content ?? {};
  if ('multipart/form-data' in content) {
    const boundary = 'readonlyboundary';
    return {
      headers: { 'content-type': `multipart/form-data; boundary=${boundary}` },
      payload: `--${boundary}\r\nContent-Disposition: form-data; name="file"; filename="a.pdf"\r\nContent-Type: application/pdf\r\n\r\n%PDF-1.4\n%%EOF\r\n--${boundary}--\r\n`,
    };
  }
  return { headers: { 'content-type': 'application/json' }, payload: '{}' };
}

describe('READ_ONLY=true', () => {
  it('refuses every write of the OpenAPI document but the exceptions, and changes nothing', async () => {
    const refused = writes().filter(
      (w) => !readOnlyExceptions.has(`${w.method} ${routeOf(w.path)}`),
    );
    // The document is the whole API: the sweep covers booking, the portal, uploads, integration.
    expect(refused.length).toBeGreaterThanOrEqual(40);
    expect(refused.map((w) => `${w.method} ${w.path}`)).toEqual(
      expect.arrayContaining([
        'POST /api/booking-keys',
        'POST /api/appointments',
        'POST /api/secured/appointments/{bookingKey}/items/{appointmentId}/cancel',
        'POST /api/secured/appointments/{bookingKey}/attachments',
        'PUT /api/integration/bookings/{bookingKey}/appointments/{appointmentId}/result',
        'DELETE /api/secured/appointments/{bookingKey}/result/shares/{shareId}',
        'POST /api/appointment-links/use',
        'POST /api/kiosk/identity_check',
      ]),
    );
    const before = await snapshot();
    const failures: string[] = [];
    for (const { method, path } of refused) {
      const operation = paths[path]?.[method.toLowerCase()] ?? {};
      const { headers, payload } = payloadFor(operation);
      const response = await testApp.app.inject({
        method: method as InjectOptions['method'],
        url: urlOf(path),
        remoteAddress: from(),
        headers: { ...headers, cookie, authorization: 'Bearer pk_readonly_test' },
        payload,
      });
      const body = response.json();
      if (
        response.statusCode !== 503 ||
        body.error?.code !== errorCodes.readOnly ||
        typeof body.error?.message !== 'string' ||
        typeof body.error?.requestId !== 'string' ||
        response.headers['retry-after'] !== String(readOnlyRetryAfterSeconds)
      ) {
        failures.push(`${method} ${path}: ${response.statusCode} ${response.body.slice(0, 120)}`);
      }
    }
    expect(failures).toEqual([]);
    expect(await snapshot()).toEqual(before);
  });

  it('names only routes that exist as exceptions, each a write of the document', () => {
    const documented = new Set(writes().map((w) => `${w.method} ${routeOf(w.path)}`));
    expect([...readOnlyExceptions].filter((exception) => !documented.has(exception))).toEqual([]);
  });

  it('lets a patient sign in and read their appointment and its result check', async () => {
    // The sign-in of beforeAll went through (OTP sent, validated): the session reads.
    const appointment = await testApp.app.inject({
      url: `/api/secured/appointments/${demoBookingKeys.appointment}`,
      headers: { cookie },
    });
    expect(appointment.statusCode).toBe(200);
    expect(appointment.json().appointments.length).toBeGreaterThan(0);
    const match = await testApp.app.inject({
      method: 'POST',
      url: `/api/secured/appointments/${demoBookingKeys.appointment}/result/patient_match`,
      headers: { cookie },
      payload: {
        dateOfBirth: demoPatient.date_of_birth,
        email: demoPatient.email,
        otpType: 'EMAIL',
      },
    });
    expect(match.statusCode).toBe(200);
    // A booking request's sign-in (no OTP for it in the demo) is allowed too.
    const request = await authenticate(
      testApp.app,
      {
        bookingKey: demoBookingKeys.bookingRequest,
        dateOfBirth: demoPatient.date_of_birth,
        authenticationType: 'BOOKING_REQUEST',
      },
      { remoteAddress: from() },
    );
    expect(request.statusCode).toBe(200);
  });

  it('answers the other exceptions on their own terms, never READ_ONLY', async () => {
    const calls: Array<[string, string, unknown]> = [
      ['POST', '/api/authentication/captcha', { token: 'x' }],
      ['POST', '/api/appointment-links/lookup', { token: 'not-a-token' }],
      ['POST', '/api/sso/nonce', {}],
      ['POST', '/api/image_viewer/generate', {}],
      ['POST', '/api/image_viewer/direct', { input: 'x', username: 'x', email: 'x@example.org' }],
      ['DELETE', '/api/sso/session', undefined],
      ['POST', '/api/authentication/logout', {}],
    ];
    for (const [method, url, payload] of calls) {
      const response = await testApp.app.inject({
        method: method as InjectOptions['method'],
        url,
        remoteAddress: from(),
        ...(payload === undefined ? {} : { payload: payload as object }),
      });
      expect(response.statusCode, `${method} ${url}`).toBeLessThan(500);
      const code = response.body === '' ? null : response.json().error?.code;
      expect(code, `${method} ${url}`).not.toBe(errorCodes.readOnly);
    }
  });

  it('keeps every read: no GET of the document answers READ_ONLY', async () => {
    for (const path of Object.keys(paths).filter((path) => paths[path]?.get)) {
      const response = await testApp.app.inject({ url: urlOf(path), headers: { cookie } });
      expect(response.statusCode, path).not.toBe(503);
    }
  });

  it('leaves an address without a route its 404', async () => {
    const response = await testApp.app.inject({ method: 'POST', url: '/api/no-such-thing' });
    expect(response.statusCode).toBe(404);
  });
});
