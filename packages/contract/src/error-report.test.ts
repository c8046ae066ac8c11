import { describe, expect, it } from 'vitest';
import {
  buildErrorReportEvent,
  errorReportEnvelope,
  parseErrorReportDsn,
  scrubPath,
  scrubText,
  stackFrames,
} from './error-report.ts';

describe('parseErrorReportDsn', () => {
  it('turns a DSN into its envelope endpoint with the public key in the query', () => {
    expect(parseErrorReportDsn('https://abc123@o9.ingest.sentry.example/4501')).toEqual({
      envelopeUrl:
        'https://o9.ingest.sentry.example/api/4501/envelope/?sentry_key=abc123&sentry_version=7&sentry_client=portal-error-reporting%2F1',
    });
    expect(parseErrorReportDsn('http://key@127.0.0.1:9000/errors/7')?.envelopeUrl).toMatch(
      /^http:\/\/127\.0\.0\.1:9000\/errors\/api\/7\/envelope\/\?sentry_key=key&/,
    );
  });

  it.each([
    null,
    '',
    'not a url',
    'https://o9.example/1',
    'ftp://k@o9.example/1',
    'https://k@o9.example/',
  ])('refuses %s', (dsn) => expect(parseErrorReportDsn(dsn)).toBeNull());
});

describe('scrubText', () => {
  it('removes e-mails, keys, quoted values, query strings and number sequences', () => {
    expect(
      scrubText(
        'no booking for jane.doe@example.com with key Zq3xR8pLm2Vt6YwK9sHdBf4N (born 19/07/1984, phone +61 412 345 678): value "Jane Doe" at /a/b?bookingKey=x&dob=1',
      ),
    ).toBe(
      'no booking for [email] with key [key] (born [number], phone [number]): value "[value]" at /a/b?[query]',
    );
  });

  it('keeps words, identifiers and short numbers', () => {
    const text =
      "TypeError: Cannot read properties of undefined (reading 'bookingRequestStatus') in renderAppointmentSummary at step 3 of 12";
    expect(scrubText(text)).toBe(text);
  });

  it('replaces the values it is told about, even unquoted', () => {
    expect(scrubText('failed for Jane Citizen today', ['Jane Citizen', 'x'])).toBe(
      'failed for [value] today',
    );
  });

  it('removes UUIDs and JWT-like tokens', () => {
    expect(
      scrubText(
        'id 3f2b8c1e-9d4a-4e6f-8b2c-7a1d5e9f0c3b token eyJhbGciOiJIUzI1NiJ9.eyJzdWIiOiIxMjM0NTY3ODkwIn0.abc',
      ),
    ).toBe('id [key] token [key].[key].abc');
  });
});

describe('scrubPath', () => {
  it.each([
    ['/appointments/Zq3xR8pLm2Vt6YwK9sHdBf4N', '/appointments/:id'],
    ['/iframe/a/demo-results-key-0000000000000001/result', '/iframe/a/:id/result'],
    ['/appointments/pending/abcdefghijklmnopqrstuv', '/appointments/pending/:id'],
    ['/appointment-links/eyJhbGciOi.J9eyJzdWIi', '/appointment-links/:id'],
    ['/booking?bookingKey=secret#x', '/booking'],
    ['/advanced-booking/select-clinic', '/advanced-booking/select-clinic'],
    ['/api/appointments/:bookingKey/attachments', '/api/appointments/:bookingKey/attachments'],
    ['/results/4821/x', '/results/:id/x'],
  ])('%s → %s', (path, expected) => expect(scrubPath(path)).toBe(expected));
});

describe('stackFrames', () => {
  it('reads V8 and Gecko stacks, oldest call first, without query strings', () => {
    const v8 = [
      'Error: for jane@example.com',
      '    at explode (https://portal.example/assets/page-Bx12cD.js?v=1:10:5)',
      '    at async https://portal.example/assets/index-A1b2C3.js:3:7',
    ].join('\n');
    expect(stackFrames(v8)).toEqual([
      {
        filename: 'https://portal.example/assets/index-A1b2C3.js',
        lineno: 3,
        colno: 7,
        in_app: true,
      },
      {
        function: 'explode',
        filename: 'https://portal.example/assets/page-Bx12cD.js',
        lineno: 10,
        colno: 5,
        in_app: true,
      },
    ]);
    expect(stackFrames('explode@https://portal.example/x.js:1:2')).toEqual([
      {
        function: 'explode',
        filename: 'https://portal.example/x.js',
        lineno: 1,
        colno: 2,
        in_app: true,
      },
    ]);
  });
});

describe('buildErrorReportEvent', () => {
  const environment = {
    platform: 'javascript' as const,
    release: '1.0.0',
    environment: 'production',
    eventId: 'a'.repeat(32),
    timestamp: new Date('2026-03-02T00:00:00Z'),
  };

  it('says only what the allow-list names', () => {
    const event = buildErrorReportEvent(
      new TypeError('boom for jane@example.com'),
      {
        source: 'window.error',
        requestId: 'req-1',
        path: '/appointments/Zq3xR8pLm2Vt6YwK9sHdBf4N?x=1',
        status: 500,
        method: 'get',
      },
      environment,
    );
    expect(event).toMatchObject({
      event_id: 'a'.repeat(32),
      timestamp: 1772409600,
      platform: 'javascript',
      release: '1.0.0',
      transaction: 'GET /appointments/:id',
      tags: {
        source: 'window.error',
        request_id: 'req-1',
        path: '/appointments/:id',
        status: '500',
        method: 'GET',
      },
      exception: { values: [{ type: 'TypeError', value: 'boom for [email]' }] },
    });
  });

  it('drops a request id that is not plain, and says nothing of a thrown object', () => {
    const event = buildErrorReportEvent(
      { email: 'jane@example.com', name: 'Jane' },
      { source: 'unhandledrejection', requestId: 'jane@example.com' },
      environment,
    );
    expect(event.tags).toEqual({ source: 'unhandledrejection' });
    expect(JSON.stringify(event)).not.toMatch(/jane/i);
  });

  it('wraps the event in an envelope', () => {
    const event = buildErrorReportEvent('plain', { source: 'server' }, environment);
    const [header, item, body] = errorReportEnvelope(event, environment.timestamp).split('\n');
    expect(JSON.parse(header!)).toEqual({
      event_id: 'a'.repeat(32),
      sent_at: '2026-03-02T00:00:00.000Z',
    });
    expect(JSON.parse(item!)).toEqual({ type: 'event', content_type: 'application/json' });
    expect(JSON.parse(body!)).toEqual(event);
  });
});
