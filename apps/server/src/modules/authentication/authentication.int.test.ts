import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildTestApp, type TestApp } from '../../../test/build-test-app.ts';
import {
  authenticate,
  comeBackLater,
  demoBookingKeys,
  demoPatient,
  latestOtp,
  seedDemoBookingsForTest,
  sessionCookieOf,
  signInWithOtp,
  validateOtp,
} from '../../../test/factories/authentication.ts';
import { fixedClock } from '../../adapters/clock.ts';

const appointmentKey = demoBookingKeys.appointment;
const pendingKey = demoBookingKeys.pendingAppointment;
const requestKey = demoBookingKeys.bookingRequest;
const dob = demoPatient.date_of_birth;
const clock = fixedClock('2026-03-02T00:00:00Z');
let testApp: TestApp;
let app: FastifyInstance;
// Each test signs in from its own address, so the per-address limit of one does not touch another.
let addressCounter = 0;
const nextAddress = () => `10.0.0.${++addressCounter}`;

beforeAll(async () => {
  testApp = await buildTestApp({ clock });
  app = testApp.app;
  await seedDemoBookingsForTest(testApp.database.db, clock);
});
afterAll(() => testApp?.close());

const secured = (path: string, cookie?: string) =>
  app.inject({ method: 'GET', url: `/api/secured/${path}`, headers: cookie ? { cookie } : {} });

const later = () => comeBackLater(clock);

/** Date of birth, then the OTP from the outbox: an AUTHENTICATED session cookie. */
function signIn(bookingKey: string, remoteAddress = nextAddress()) {
  later();
  return signInWithOtp(app, testApp.database.db, { bookingKey, dateOfBirth: dob, remoteAddress });
}

async function countRows() {
  const db = testApp.database.db;
  const count = async (
    table: 'authentication_sessions' | 'authentication_otps' | 'authentication_attempts',
  ) =>
    Number(
      (
        await db
          .selectFrom(table)
          .select((eb) => eb.fn.countAll().as('n'))
          .executeTakeFirstOrThrow()
      ).n,
    );
  return {
    sessions: await count('authentication_sessions'),
    otps: await count('authentication_otps'),
    attempts: await count('authentication_attempts'),
  };
}

describe('sign-in with date of birth and OTP', () => {
  it('sends an OTP through the outbox, then opens a session scoped to the booking key', async () => {
    const response = await authenticate(
      app,
      { bookingKey: appointmentKey, dateOfBirth: dob },
      { remoteAddress: nextAddress() },
    );
    expect(response.statusCode).toBe(200);
    expect(response.json()).toEqual({
      success: true,
      maxAttemptsReached: false,
      otpRequired: true,
      otpChannel: 'EMAIL',
      otpSecondsBetweenRequests: 5,
      message: null,
    });
    const setCookie = String(response.headers['set-cookie']);
    expect(setCookie).toMatch(/portal_session=[A-Za-z0-9_-]{43}/);
    expect(setCookie).toMatch(/HttpOnly/);
    expect(setCookie).toMatch(/SameSite=Lax/);
    expect(setCookie).toMatch(/Path=\//);
    const cookie = sessionCookieOf(response);

    // OTP pending is not signed in.
    expect((await secured(`appointments/${appointmentKey}`, cookie)).statusCode).toBe(401);
    const message = await testApp.database.db
      .selectFrom('outbox_messages')
      .select(['recipient', 'channel'])
      .where('template', '=', 'ACCESS_OTP')
      .executeTakeFirstOrThrow();
    expect(message).toEqual({ recipient: demoPatient.email, channel: 'EMAIL' });
    // Only hashes are stored.
    const code = await latestOtp(testApp.database.db);
    const stored = await testApp.database.db
      .selectFrom('authentication_otps')
      .selectAll()
      .execute();
    expect(stored.some((row) => row.code_hash.includes(code))).toBe(false);

    const validated = await validateOtp(app, cookie, { otp: code, bookingKey: appointmentKey });
    expect(validated.json()).toEqual({ success: true, maxAttemptsReached: false, message: null });
    const signedIn = sessionCookieOf(validated);

    const summary = await secured(`appointments/${appointmentKey}`, signedIn);
    expect(summary.statusCode).toBe(200);
    expect(summary.headers['cache-control']).toBe('no-store');
    const body = summary.json();
    expect(body).toMatchObject({
      bookingKey: appointmentKey,
      status: 'BOOKED',
      patient: { firstName: demoPatient.first_name, lastName: demoPatient.last_name },
    });
    expect(body.appointments[0]).toMatchObject({
      status: 'BOOKED',
      exam: { slug: 'bone-density-scan' },
      clinic: { slug: 'bondi-junction', timeZone: 'Australia/Sydney' },
    });
    expect(body.appointments[0].startsAt).toMatch(/\+1[01]:00$/);

    const check = await app.inject({
      method: 'GET',
      url: `/api/authentication/session?bookingKey=${appointmentKey}`,
      headers: { cookie: signedIn as string },
    });
    expect(check.statusCode).toBe(200);
    expect(check.json()).toMatchObject({
      authenticated: true,
      bookingKey: appointmentKey,
      authenticationType: 'APPOINTMENT',
    });

    const audit = await testApp.database.db
      .selectFrom('audit_events')
      .select(['action', 'subject_id', 'details'])
      .where('action', 'like', 'access.%')
      .execute();
    const actions = audit.map((row) => row.action);
    expect(actions).toEqual(
      expect.arrayContaining([
        'access.otp.sent',
        'access.sign-in.date-of-birth-verified',
        'access.otp.used',
        'access.sign-in.succeeded',
      ]),
    );
    const text = JSON.stringify(audit);
    expect(text).not.toContain(dob);
    expect(text).not.toContain(appointmentKey);
    expect(text).not.toContain(code);
  });

  it('reports the read of patient data in the audit log', async () => {
    const cookie = await signIn(appointmentKey);
    await secured(`appointments/${appointmentKey}`, cookie);
    const reads = await testApp.database.db
      .selectFrom('audit_events')
      .select('details')
      .where('action', '=', 'patient-data.read')
      .execute();
    expect(reads.length).toBeGreaterThan(0);
  });

  it('signs a booking request in without an OTP and shows its summary', async () => {
    const response = await authenticate(
      app,
      { bookingKey: requestKey, dateOfBirth: dob, authenticationType: 'BOOKING_REQUEST' },
      { remoteAddress: nextAddress() },
    );
    expect(response.json()).toMatchObject({ success: true, otpRequired: false, otpChannel: null });
    const cookie = sessionCookieOf(response);
    const summary = await secured(`booking_requests/${requestKey}`, cookie);
    expect(summary.statusCode).toBe(200);
    expect(summary.json()).toMatchObject({
      bookingKey: requestKey,
      status: 'RECEIVED',
      patient: { firstName: demoPatient.first_name },
    });
    expect(summary.json().exams.length).toBeGreaterThan(0);
    // The request's session does not open the appointment's key.
    expect((await secured(`appointments/${appointmentKey}`, cookie)).statusCode).toBe(401);
  });

  it('does not accept a booking request key as an appointment', async () => {
    const response = await authenticate(
      app,
      { bookingKey: requestKey, dateOfBirth: dob, authenticationType: 'APPOINTMENT' },
      { remoteAddress: nextAddress() },
    );
    expect(response.json()).toMatchObject({ success: false });
  });

  it('includes pending appointments with status PENDING', async () => {
    const cookie = await signIn(pendingKey);
    const summary = await secured(`appointments/${pendingKey}`, cookie);
    expect(summary.json()).toMatchObject({ status: 'PENDING' });
    expect(summary.json().appointments[0].status).toBe('PENDING');
  });

  it('ends the session on logout', async () => {
    const cookie = await signIn(appointmentKey);
    const logout = await app.inject({
      method: 'POST',
      url: '/api/authentication/logout',
      headers: { cookie },
    });
    expect(logout.statusCode).toBe(204);
    expect(String(logout.headers['set-cookie'])).toMatch(/portal_session=;/);
    expect((await secured(`appointments/${appointmentKey}`, cookie)).statusCode).toBe(401);
    const again = await app.inject({ method: 'POST', url: '/api/authentication/logout' });
    expect(again.statusCode).toBe(204);
  });
});

describe('the /api/secured guard', () => {
  it('answers 401 without data: no session, another key, forged cookie, expired session', async () => {
    const expectDenied = async (path: string, cookie?: string) => {
      const response = await secured(path, cookie);
      expect(response.statusCode).toBe(401);
      expect(response.json()).toEqual({
        error: expect.objectContaining({ code: 'UNAUTHENTICATED' }),
      });
      expect(response.body).not.toContain(demoPatient.last_name);
    };
    await expectDenied(`appointments/${appointmentKey}`);
    await expectDenied(`booking_requests/${requestKey}`);
    // An unknown secured path needs a session first, too.
    await expectDenied('appointments');

    const pendingCookie = await signIn(pendingKey);
    await expectDenied(`appointments/${appointmentKey}`, pendingCookie);
    // Escaping the path does not slip past the prefix check.
    const escaped = await app.inject({
      method: 'GET',
      url: `/api/%73ecured/appointments/${appointmentKey}`,
    });
    expect(escaped.statusCode === 401 || escaped.statusCode === 404).toBe(true);
    expect(escaped.body).not.toContain(demoPatient.last_name);

    await expectDenied(`appointments/${appointmentKey}`, `portal_session=${'A'.repeat(43)}`);
    await expectDenied(`appointments/${appointmentKey}`, 'portal_session=not-a-token');

    const cookie = await signIn(appointmentKey);
    expect((await secured(`appointments/${appointmentKey}`, cookie)).statusCode).toBe(200);
    const start = clock.now();
    try {
      // Idle for longer than sessionIdleMinutes (20).
      clock.set(new Date(start.getTime() + 21 * 60_000));
      await expectDenied(`appointments/${appointmentKey}`, cookie);
      const check = await app.inject({
        method: 'GET',
        url: `/api/authentication/session?bookingKey=${appointmentKey}`,
        headers: { cookie },
      });
      expect(check.statusCode).toBe(401);
    } finally {
      clock.set(start);
    }
  });

  it('slides the idle expiry with activity, up to the absolute expiry', async () => {
    const cookie = await signIn(appointmentKey);
    const start = clock.now();
    try {
      // Active every 15 minutes for 11 hours: still signed in.
      for (let minutes = 15; minutes <= 11 * 60; minutes += 15) {
        clock.set(new Date(start.getTime() + minutes * 60_000));
        const response = await secured(`appointments/${appointmentKey}`, cookie);
        expect(response.statusCode).toBe(200);
      }
      clock.set(new Date(start.getTime() + 12 * 3_600_000 + 1000));
      expect((await secured(`appointments/${appointmentKey}`, cookie)).statusCode).toBe(401);
    } finally {
      clock.set(start);
    }
  });
});

describe('bad input', () => {
  it.each([
    ['no body', undefined],
    ['not a booking key', { bookingKey: 'x', dateOfBirth: dob, authenticationType: 'APPOINTMENT' }],
    [
      'not a date',
      { bookingKey: appointmentKey, dateOfBirth: '21/08/1975', authenticationType: 'APPOINTMENT' },
    ],
    ['unknown type', { bookingKey: appointmentKey, dateOfBirth: dob, authenticationType: 'ADMIN' }],
    [
      'over-long contact number',
      {
        bookingKey: appointmentKey,
        dateOfBirth: dob,
        authenticationType: 'APPOINTMENT',
        contactNumber: '1'.repeat(40),
      },
    ],
  ])('answers 400 and writes nothing: %s', async (_name, payload) => {
    const before = await countRows();
    const response = await app.inject({
      method: 'POST',
      url: '/api/authentication',
      ...(payload === undefined ? {} : { payload }),
    });
    expect(response.statusCode).toBe(400);
    expect(response.json().error.code).toBe('VALIDATION_FAILED');
    expect(await countRows()).toEqual(before);
  });

  it('answers 400 to a malformed OTP and writes nothing', async () => {
    const before = await countRows();
    for (const otp of ['12345', '1234567', 'abcdef', '12 456']) {
      const response = await validateOtp(app, undefined, { otp, bookingKey: appointmentKey });
      expect(response.statusCode).toBe(400);
    }
    expect(await countRows()).toEqual(before);
  });
});

describe('captcha', () => {
  it('is off by default: every token verifies', async () => {
    const response = await app.inject({
      method: 'POST',
      url: '/api/authentication/captcha',
      payload: { token: 'anything' },
    });
    expect(response.json()).toEqual({ result: true });
  });

  it('publishes what the browser needs', async () => {
    const response = await app.inject({ method: 'GET', url: '/api/config/authentication' });
    expect(response.json()).toEqual({
      contactNumberAuthentication: false,
      otpEnabled: true,
      otpForPatientPortal: false,
      otpSecondsBetweenRequests: 5,
      captcha: { provider: 'none', siteKey: null },
    });
  });
});
