import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { z } from 'zod';
import { buildTestApp, demoProvider, type TestApp } from '../../test/build-test-app.ts';
import {
  type ErrorReportReceiver,
  startErrorReportReceiver,
} from '../../test/error-report-receiver.ts';
import { buildApp } from '../app.ts';

// A patient's request as it would reach a failing booking route (docs/product/booking.md).
const bookingKey = 'Zq3xR8pLm2Vt6YwK9sHdBf4N';
const patient = {
  firstName: 'Philippa',
  lastName: 'Marchetti-Oyelaran',
  email: 'philippa.marchetti@example.org',
  contactNumber: '0412 345 678',
  dateOfBirth: '1984-07-19',
};
const sessionToken = 'sess-7f3a9c2e1b8d4f60a5e7c9b1d3f5a7c9';
const secrets = [bookingKey, sessionToken, ...Object.values(patient), 'Philippa', '0412345678'];

let testApp: TestApp;
beforeAll(async () => {
  testApp = await buildTestApp();
});
afterAll(() => testApp?.close());

/** The real app, with the DSN in its integration config and two throwaway routes. */
async function appWithDsn(dsn: string | null): Promise<FastifyInstance> {
  const provider = demoProvider();
  const app = await buildApp(
    {
      env: testApp.env,
      provider: { ...provider, integration: { ...provider.integration, sentryDSN: { key: dsn } } },
      version: '1.2.3-test',
    },
    { db: testApp.database.db, clock: testApp.clock },
  );
  app.withTypeProvider<ZodTypeProvider>().post(
    '/api/test/bookings/:bookingKey/crash',
    {
      schema: {
        params: z.object({ bookingKey: z.string() }),
        body: z.object({
          firstName: z.string(),
          lastName: z.string(),
          email: z.string(),
          contactNumber: z.string(),
          dateOfBirth: z.string(),
        }),
      },
    },
    async (request) => {
      const { firstName, lastName, email, contactNumber, dateOfBirth } = request.body;
      // As a database error repeats the values it refused, and worse, unquoted.
      throw new Error(
        `insert failed for ${firstName} ${lastName} <${email}> on ${dateOfBirth}, phone ${contactNumber}, key ${request.params.bookingKey}: value "${lastName}" too long`,
      );
    },
  );
  app.get('/api/test/refused', async () => {
    throw Object.assign(new Error('not for you'), { statusCode: 403 });
  });
  await app.ready();
  return app;
}

const crash = (app: FastifyInstance) =>
  app.inject({
    method: 'POST',
    url: `/api/test/bookings/${bookingKey}/crash?email=${encodeURIComponent(patient.email)}`,
    headers: {
      cookie: `portal_session=${sessionToken}`,
      'x-patient-name': patient.firstName,
    },
    payload: patient,
  });

describe('with a DSN', () => {
  let receiver: ErrorReportReceiver;
  let app: FastifyInstance;
  beforeAll(async () => {
    receiver = await startErrorReportReceiver();
    app = await appWithDsn(receiver.dsn);
  });
  afterAll(async () => {
    await app?.close();
    await receiver?.close();
  });

  it('reports nothing for 4xx answers', async () => {
    const refused = await app.inject({ method: 'GET', url: '/api/test/refused' });
    expect(refused.statusCode).toBe(403);
    const invalid = await app.inject({
      method: 'POST',
      url: `/api/test/bookings/${bookingKey}/crash`,
      payload: { firstName: 1 },
    });
    expect(invalid.statusCode).toBe(400);
    const missing = await app.inject({ method: 'GET', url: '/api/nothing-here' });
    expect(missing.statusCode).toBe(404);
    await new Promise((resolve) => setTimeout(resolve, 300));
    expect(receiver.received).toEqual([]);
  });

  it('reports a 5xx with the request id, route, method, status, release and stack, and no patient data', async () => {
    const response = await crash(app);
    expect(response.statusCode).toBe(500);
    const requestId = response.headers['x-request-id'];
    expect(response.json().error.requestId).toBe(requestId);

    await receiver.requests(1);
    const [report] = receiver.received;
    expect(report?.method).toBe('POST');
    expect(report?.url).toBe(
      '/api/42/envelope/?sentry_key=publickey&sentry_version=7&sentry_client=portal-error-reporting%2F1',
    );
    // biome-ignore lint/suspicious/noExplicitAny: the collector's JSON, read field by field below
    const event = report?.event as Record<string, any>;
    expect(event.tags).toEqual({
      source: 'server',
      request_id: requestId,
      route: '/api/test/bookings/:bookingKey/crash',
      method: 'POST',
      status: '500',
    });
    expect(event).toMatchObject({
      platform: 'node',
      level: 'error',
      release: '1.2.3-test',
      transaction: 'POST /api/test/bookings/:bookingKey/crash',
      timestamp: testApp.clock.now().getTime() / 1000,
    });
    const [exception] = event.exception.values;
    expect(exception.type).toBe('Error');
    expect(exception.value).toContain('insert failed for [value] [value] <[value]>');
    expect(exception.stacktrace.frames.length).toBeGreaterThan(0);
    expect(exception.stacktrace.frames.at(-1).filename).toContain('error-reporting.int.test.ts');
    // Only the allow-listed fields: no request, user, breadcrumbs or extra.
    expect(Object.keys(event).sort()).toEqual(
      [
        'environment',
        'event_id',
        'exception',
        'level',
        'logger',
        'platform',
        'release',
        'tags',
        'timestamp',
        'transaction',
      ].sort(),
    );
    for (const secret of secrets) expect(report?.body, secret).not.toContain(secret);
    expect(report?.body).not.toContain('philippa');
  });
});

describe('a collector that fails', () => {
  it('changes nothing in the answer when the DSN refuses the connection', async () => {
    const receiver = await startErrorReportReceiver();
    const dsn = receiver.dsn;
    await receiver.close();
    const app = await appWithDsn(dsn);
    try {
      const started = performance.now();
      const response = await crash(app);
      expect(response.statusCode).toBe(500);
      expect(response.json().error.code).toBe('INTERNAL_ERROR');
      expect(performance.now() - started).toBeLessThan(1000);
    } finally {
      await app.close();
    }
  });
});

describe('without a DSN', () => {
  it('sends no request at all', async () => {
    const fetchSpy = vi.spyOn(globalThis, 'fetch');
    const app = await appWithDsn(null);
    try {
      const response = await crash(app);
      expect(response.statusCode).toBe(500);
      await new Promise((resolve) => setTimeout(resolve, 100));
      expect(fetchSpy).not.toHaveBeenCalled();
    } finally {
      fetchSpy.mockRestore();
      await app.close();
    }
  });
});
