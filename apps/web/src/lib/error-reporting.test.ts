import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { ApiError } from './api-client.ts';
import { sendErrorReport } from './error-report-sender.ts';
import {
  configureErrorReporting,
  installErrorReporting,
  reportError,
  resetErrorReporting,
} from './error-reporting.ts';

const dsn = 'https://publickey@errors.example/42';
const config = { dsn, release: '1.2.3', environment: 'production' };
const bookingKey = 'Zq3xR8pLm2Vt6YwK9sHdBf4N';
const patientData = [bookingKey, 'jane.citizen@example.org', '0412 345 678', '1984-07-19', 'Jane'];

function recordFetch() {
  const fetchMock = vi.fn(async (_url: string, _init?: RequestInit) => new Response('{}'));
  vi.stubGlobal('fetch', fetchMock);
  return fetchMock;
}

const sentEvent = (fetchMock: ReturnType<typeof recordFetch>, call = 0) => {
  const body = String(fetchMock.mock.calls[call]?.[1]?.body);
  return { body, event: JSON.parse(body.split('\n')[2] ?? 'null') };
};

beforeEach(() => {
  resetErrorReporting();
  window.history.replaceState(
    null,
    '',
    `/appointments/${bookingKey}/result?bookingKey=${bookingKey}#x`,
  );
});
afterEach(() => window.history.replaceState(null, '', '/'));

describe('sendErrorReport (the scrubber)', () => {
  it('sends the path with the key replaced and no query, and a message without patient data', async () => {
    const fetchMock = recordFetch();
    await sendErrorReport(
      config,
      new TypeError(
        `no summary for "Jane Citizen" <jane.citizen@example.org>, born 1984-07-19, phone 0412 345 678, key ${bookingKey}`,
      ),
      'window.error',
    );
    expect(fetchMock).toHaveBeenCalledOnce();
    expect(fetchMock.mock.calls[0]?.[0]).toBe(
      'https://errors.example/api/42/envelope/?sentry_key=publickey&sentry_version=7&sentry_client=portal-error-reporting%2F1',
    );
    expect(fetchMock.mock.calls[0]?.[1]).toMatchObject({ method: 'POST', credentials: 'omit' });
    const { body, event } = sentEvent(fetchMock);
    expect(event).toMatchObject({
      platform: 'javascript',
      release: '1.2.3',
      environment: 'production',
      transaction: '/appointments/:id/result',
      tags: { source: 'window.error', path: '/appointments/:id/result' },
      exception: {
        values: [
          {
            type: 'TypeError',
            value: 'no summary for "[value]" <[email]>, born [number], phone [number], key [key]',
          },
        ],
      },
    });
    expect(event.exception.values[0].stacktrace.frames.length).toBeGreaterThan(0);
    for (const value of patientData) expect(body).not.toContain(value);
    expect(body).not.toContain('bookingKey=');
  });

  it('carries the request id and status of a failed API answer', async () => {
    const fetchMock = recordFetch();
    await sendErrorReport(
      config,
      new ApiError(500, 'INTERNAL_ERROR', 'Something went wrong on our side.', {
        requestId: 'req-abc-1',
      }),
      'unhandledrejection',
    );
    expect(sentEvent(fetchMock).event.tags).toEqual({
      source: 'unhandledrejection',
      request_id: 'req-abc-1',
      status: '500',
      path: '/appointments/:id/result',
    });
  });

  it('says nothing about a rejected object but its type', async () => {
    const fetchMock = recordFetch();
    await sendErrorReport(
      config,
      { email: 'jane.citizen@example.org', bookingKey },
      'unhandledrejection',
    );
    const { body, event } = sentEvent(fetchMock);
    expect(event.exception.values[0]).toEqual({
      type: 'NonError',
      value: 'A non-error value was thrown (object).',
    });
    for (const value of patientData) expect(body).not.toContain(value);
  });
});

describe('reportError', () => {
  const sent = async (fetchMock: ReturnType<typeof recordFetch>, count: number) =>
    vi.waitFor(() => expect(fetchMock).toHaveBeenCalledTimes(count));

  it('holds errors until the configuration arrives, then sends them', async () => {
    const fetchMock = recordFetch();
    reportError(new Error('early'), 'window.error');
    await new Promise((resolve) => setTimeout(resolve, 20));
    expect(fetchMock).not.toHaveBeenCalled();
    configureErrorReporting(config);
    await sent(fetchMock, 1);
    expect(sentEvent(fetchMock).event.exception.values[0].value).toBe('early');
  });

  it('sends nothing without a DSN', async () => {
    const fetchMock = recordFetch();
    configureErrorReporting({ ...config, dsn: null });
    reportError(new Error('nowhere to go'), 'route-error');
    await new Promise((resolve) => setTimeout(resolve, 50));
    expect(fetchMock).not.toHaveBeenCalled();
  });

  it('sends the same error once, and ten at most', async () => {
    const fetchMock = recordFetch();
    configureErrorReporting(config);
    const error = new Error('twice');
    reportError(error, 'route-error');
    reportError(error, 'route-error');
    for (let index = 0; index < 20; index += 1) reportError(new Error(`n${index}`), 'window.error');
    await sent(fetchMock, 10);
    await new Promise((resolve) => setTimeout(resolve, 50));
    expect(fetchMock).toHaveBeenCalledTimes(10);
  });

  it('listens for uncaught errors and unhandled rejections', async () => {
    const fetchMock = recordFetch();
    const target = new EventTarget() as unknown as Window;
    installErrorReporting(target);
    configureErrorReporting(config);
    target.dispatchEvent(new ErrorEvent('error', { error: new Error('uncaught') }));
    // A cross-origin script's error carries nothing: not reported.
    target.dispatchEvent(new ErrorEvent('error', { message: 'Script error.' }));
    const rejection = new Event('unhandledrejection') as Event & { reason?: unknown };
    rejection.reason = new Error('rejected');
    target.dispatchEvent(rejection);
    await sent(fetchMock, 2);
    const values = [0, 1].map((call) => sentEvent(fetchMock, call).event.tags.source).sort();
    expect(values).toEqual(['unhandledrejection', 'window.error']);
  });
});
