import { Writable } from 'node:stream';
import pino from 'pino';
import { describe, expect, it } from 'vitest';
import { REDACTED, redactUrl } from './log-redaction.ts';
import { buildLoggerOptions, serializeRequest } from './logger.ts';

describe('redactUrl', () => {
  it.each([
    [
      '/authentication?bookingKey=abc123&type=APPOINTMENT',
      `/authentication?bookingKey=${REDACTED}&type=APPOINTMENT`,
    ],
    [
      '/x?dateOfBirth=1980-01-31&contactNumber=0412345678',
      `/x?dateOfBirth=${REDACTED}&contactNumber=${REDACTED}`,
    ],
    ['/x?EMAIL=a%40b.example&otp=123456', `/x?EMAIL=${REDACTED}&otp=${REDACTED}`],
    ['/x?email%3D=a', '/x?email%3D=a'],
    ['/x?book%69ngKey=k', `/x?book%69ngKey=${REDACTED}`],
    ['/appointments/Zx9-secret', `/appointments/${REDACTED}`],
    ['/parramatta/appointments/pending/Zx9-secret', `/parramatta/appointments/pending/${REDACTED}`],
    ['/a/Zx9-secret/kiosk?kioskMode=true', `/a/${REDACTED}/kiosk?kioskMode=true`],
    ['/iframe/booking-requests/abc', `/iframe/booking-requests/${REDACTED}`],
    ['/br/abc', `/br/${REDACTED}`],
    [
      '/api/image_viewer?input=eyJ.a.b&repositorySource=RIS',
      `/api/image_viewer?input=${REDACTED}&repositorySource=RIS`,
    ],
    ['/referrer-report?imsec=eyJ.a.b', `/referrer-report?imsec=${REDACTED}`],
    [
      '/api/secured/appointments/42/attachments/7',
      `/api/secured/appointments/${REDACTED}/attachments/7`,
    ],
    [
      '/api/secured/booking_requests/slug-1/download',
      `/api/secured/booking_requests/${REDACTED}/download`,
    ],
    ['/api/secured/questionnaires/key-1', `/api/secured/questionnaires/${REDACTED}`],
    ['/check-in/key-9#frag', `/check-in/${REDACTED}`],
    ['/api/booking-keys/Zx9-secret/rekey', `/api/booking-keys/${REDACTED}/rekey`],
    ['/api/booking-keys/Zx9-secret/documents/7', `/api/booking-keys/${REDACTED}/documents/7`],
    [
      '/api/integration/bookings/Zx9-secret/attachments',
      `/api/integration/bookings/${REDACTED}/attachments`,
    ],
  ])('masks %s', (url, expected) => {
    expect(redactUrl(url)).toBe(expected);
  });

  it.each([
    '/api/config/application',
    '/api/assets/translations?lang=en-AU',
    '/about',
    '/?kioskMode=true&regionSlug=sydney',
    '/appointments',
    '/api/booking-keys',
  ])('leaves %s alone', (url) => {
    expect(redactUrl(url)).toBe(url);
  });
});

describe('request logging', () => {
  it('never writes personal data from the URL or headers into a log line', () => {
    const lines: string[] = [];
    const sink = new Writable({
      write(chunk, _encoding, done) {
        lines.push(String(chunk));
        done();
      },
    });
    const logger = pino(buildLoggerOptions('info', false), sink);
    const request = {
      method: 'GET',
      url: '/a/SECRETKEY?dateOfBirth=1980-01-31&email=ann%40x.example',
      ip: '203.0.113.9',
      headers: { cookie: 'session=SECRETCOOKIE' },
    };
    logger.info(
      { req: request, body: { contactNumber: '0412345678', otp: '123456' } },
      'incoming request',
    );
    const line = lines.join('');
    for (const secret of [
      'SECRETKEY',
      '1980-01-31',
      'ann%40x.example',
      'SECRETCOOKIE',
      '0412345678',
      '123456',
    ]) {
      expect(line).not.toContain(secret);
    }
    expect(JSON.parse(line).req).toEqual({
      method: 'GET',
      url: `/a/${REDACTED}?dateOfBirth=${REDACTED}&email=${REDACTED}`,
      remoteAddress: '203.0.113.9',
    });
  });

  it("never writes a check-in form's Medicare number into a log line", () => {
    const lines: string[] = [];
    const sink = new Writable({
      write(chunk, _encoding, done) {
        lines.push(String(chunk));
        done();
      },
    });
    const logger = pino(buildLoggerOptions('info', false), sink);
    logger.info({ form: { medicareNumber: '2123456701', referenceNumber: 7 } }, 'check-in');
    expect(JSON.parse(lines.join('')).form).toEqual({
      medicareNumber: REDACTED,
      referenceNumber: REDACTED,
    });
  });

  it('serializes only method, masked URL and address', () => {
    const serialized = serializeRequest({
      method: 'POST',
      url: '/api/secured/appointments/9',
      ip: '::1',
      headers: { authorization: 'Bearer x' },
    } as never);
    expect(serialized).toEqual({
      method: 'POST',
      url: `/api/secured/appointments/${REDACTED}`,
      remoteAddress: '::1',
    });
  });
});
