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

/** One-time passwords: used once, expiring, bound to key and session, few tries, resent after a wait. */
const appointmentKey = demoBookingKeys.appointment;
const pendingKey = demoBookingKeys.pendingAppointment;
const dob = demoPatient.date_of_birth;
const clock = fixedClock('2026-03-02T00:00:00Z');
let testApp: TestApp;
let app: FastifyInstance;
// Each test signs in from its own address, so the per-address limit of one does not touch another.
let addressCounter = 0;
const nextAddress = () => `10.1.0.${++addressCounter}`;

beforeAll(async () => {
  testApp = await buildTestApp({ clock });
  app = testApp.app;
  await seedDemoBookingsForTest(testApp.database.db, clock);
});
afterAll(() => testApp?.close());

const later = () => comeBackLater(clock);

/** Date of birth, then the OTP from the outbox: an AUTHENTICATED session cookie. */
function signIn(bookingKey: string, remoteAddress = nextAddress()) {
  later();
  return signInWithOtp(app, testApp.database.db, { bookingKey, dateOfBirth: dob, remoteAddress });
}

describe('one-time passwords', () => {
  it('cannot be used twice', async () => {
    later();
    const first = await authenticate(
      app,
      { bookingKey: appointmentKey, dateOfBirth: dob },
      { remoteAddress: nextAddress() },
    );
    const cookie = sessionCookieOf(first);
    const otp = await latestOtp(testApp.database.db);
    expect(
      (await validateOtp(app, cookie, { otp, bookingKey: appointmentKey })).json(),
    ).toMatchObject({
      success: true,
    });
    const again = await validateOtp(app, cookie, { otp, bookingKey: appointmentKey });
    expect(again.statusCode).toBe(401);
    // Nor in a fresh sign-in's session: that one has its own code.
    later();
    const fresh = await authenticate(
      app,
      { bookingKey: appointmentKey, dateOfBirth: dob },
      { remoteAddress: nextAddress() },
    );
    const freshCookie = sessionCookieOf(fresh);
    const newOtp = await latestOtp(testApp.database.db);
    const reused = await validateOtp(app, freshCookie, {
      otp: otp === newOtp ? String((Number(otp) + 1) % 1_000_000).padStart(6, '0') : otp,
      bookingKey: appointmentKey,
    });
    expect(reused.json()).toMatchObject({
      success: false,
      message: 'message.authentication_otp_error',
    });
  });

  it('expires', async () => {
    later();
    const first = await authenticate(
      app,
      { bookingKey: appointmentKey, dateOfBirth: dob },
      { remoteAddress: nextAddress() },
    );
    const cookie = sessionCookieOf(first);
    const otp = await latestOtp(testApp.database.db);
    const start = clock.now();
    try {
      // Past otpExpiryMinutes (10) but inside the idle expiry (20).
      clock.set(new Date(start.getTime() + 11 * 60_000));
      const late = await validateOtp(app, cookie, { otp, bookingKey: appointmentKey });
      expect(late.json()).toEqual({
        success: false,
        maxAttemptsReached: false,
        message: 'message.authentication_otp_error',
      });
    } finally {
      clock.set(start);
    }
  });

  it('is bound to its booking key and session', async () => {
    later();
    const first = await authenticate(
      app,
      { bookingKey: appointmentKey, dateOfBirth: dob },
      { remoteAddress: nextAddress() },
    );
    const cookie = sessionCookieOf(first);
    const otp = await latestOtp(testApp.database.db);
    // The pending session is for the other key: refused before the code is looked at.
    const other = await validateOtp(app, cookie, { otp, bookingKey: pendingKey });
    expect(other.statusCode).toBe(401);
    // A session pending for the other key cannot spend this key's code.
    later();
    const second = await authenticate(
      app,
      { bookingKey: pendingKey, dateOfBirth: dob },
      { remoteAddress: nextAddress() },
    );
    const secondOtp = await latestOtp(testApp.database.db);
    const crossed = await validateOtp(app, sessionCookieOf(second), {
      otp: otp === secondOtp ? String((Number(otp) + 1) % 1_000_000).padStart(6, '0') : otp,
      bookingKey: pendingKey,
    });
    expect(crossed.json()).toMatchObject({ success: false });
    // Without a cookie there is nothing to validate.
    expect(
      (await validateOtp(app, undefined, { otp, bookingKey: appointmentKey })).statusCode,
    ).toBe(401);
  });

  it('allows otpMaxTries wrong codes, then maxAttemptsReached', async () => {
    later();
    const first = await authenticate(
      app,
      { bookingKey: pendingKey, dateOfBirth: dob },
      { remoteAddress: nextAddress() },
    );
    const cookie = sessionCookieOf(first);
    const otp = await latestOtp(testApp.database.db);
    const wrong = String((Number(otp) + 1) % 1_000_000).padStart(6, '0');
    const answers = [];
    for (let i = 0; i < 3; i += 1) {
      answers.push((await validateOtp(app, cookie, { otp: wrong, bookingKey: pendingKey })).json());
    }
    expect(answers.map((answer) => answer.maxAttemptsReached)).toEqual([false, false, true]);
    // Even the right code no longer works.
    const right = await validateOtp(app, cookie, { otp, bookingKey: pendingKey });
    expect(right.json()).toMatchObject({ success: false, maxAttemptsReached: true });
    // Those four tries count against the key like wrong dates of birth: a fifth failure locks it.
    const locked = await authenticate(
      app,
      { bookingKey: pendingKey, dateOfBirth: '1975-08-22' },
      { remoteAddress: nextAddress() },
    );
    expect(locked.json()).toMatchObject({ success: false, maxAttemptsReached: true });
    // ...until the attempts leave the window; a full sign-in then clears the key's failures.
    const start = clock.now();
    try {
      clock.set(new Date(start.getTime() + 61 * 60_000));
      await signIn(pendingKey);
    } finally {
      clock.set(start);
    }
  });

  it('is resent only after otpSecondsBetweenRequests', async () => {
    later();
    const first = await authenticate(
      app,
      { bookingKey: appointmentKey, dateOfBirth: dob },
      { remoteAddress: nextAddress() },
    );
    const cookie = sessionCookieOf(first) as string;
    const resend = () =>
      app.inject({
        method: 'POST',
        url: '/api/authentication/otp',
        payload: { bookingKey: appointmentKey, authenticationType: 'APPOINTMENT' },
        headers: { cookie },
      });
    expect((await resend()).json()).toEqual({ sent: false, retryAfterSeconds: 5 });
    const start = clock.now();
    try {
      clock.set(new Date(start.getTime() + 5_001));
      expect((await resend()).json()).toEqual({ sent: true, retryAfterSeconds: 5 });
      const newest = await latestOtp(testApp.database.db);
      const ok = await validateOtp(app, cookie, { otp: newest, bookingKey: appointmentKey });
      expect(ok.json()).toMatchObject({ success: true });
    } finally {
      clock.set(start);
    }
    const noSession = await app.inject({
      method: 'POST',
      url: '/api/authentication/otp',
      payload: { bookingKey: appointmentKey, authenticationType: 'APPOINTMENT' },
    });
    expect(noSession.statusCode).toBe(401);
  });
});
