import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildTestApp, type TestApp } from '../../../test/build-test-app.ts';
import {
  authenticate,
  demoBookingKeys,
  demoPatient,
  latestOtp,
  seedDemoBookingsForTest,
  sessionCookieOf,
  validateOtp,
} from '../../../test/factories/authentication.ts';
import { fixedClock } from '../../adapters/clock.ts';

/**
 * A new session token at each raise of privilege (OWASP ASVS 3.2.1): after the date of
 * birth and again after the OTP. A token from before either step reads nothing afterwards.
 */
const clock = fixedClock('2026-03-02T00:00:00Z');
const appointmentKey = demoBookingKeys.appointment;
const requestKey = demoBookingKeys.bookingRequest;
const dob = demoPatient.date_of_birth;
let testApp: TestApp;
let address = 0;
/** OTP messages to one key wait otpSecondsBetweenRequests: each fresh code comes a while later. */
const later = () => clock.set(new Date(clock.now().getTime() + 11 * 60_000));
const from = () => ({ remoteAddress: `10.30.0.${++address}` });

beforeAll(async () => {
  testApp = await buildTestApp({ clock });
  await seedDemoBookingsForTest(testApp.database.db, clock);
});
afterAll(() => testApp?.close());

const summary = (cookie: string, bookingKey: string = appointmentKey) =>
  testApp.app.inject({ url: `/api/secured/appointments/${bookingKey}`, headers: { cookie } });
const sessionCheck = (cookie: string, bookingKey: string = appointmentKey) =>
  testApp.app.inject({
    url: '/api/authentication/session',
    query: { bookingKey },
    headers: { cookie },
  });

describe('session tokens', () => {
  it('the OTP step issues a new token; the date-of-birth step token reads nothing after it', async () => {
    later();
    const first = await authenticate(
      testApp.app,
      { bookingKey: appointmentKey, dateOfBirth: dob },
      from(),
    );
    const pending = sessionCookieOf(first) as string;
    const validated = await validateOtp(testApp.app, pending, {
      otp: await latestOtp(testApp.database.db),
      bookingKey: appointmentKey,
    });
    expect(validated.json()).toEqual({ success: true, maxAttemptsReached: false, message: null });
    const signedIn = sessionCookieOf(validated);
    expect(signedIn).toMatch(/^portal_session=[A-Za-z0-9_-]{43}$/);
    expect(signedIn).not.toBe(pending);
    const setCookie = String(validated.headers['set-cookie']);
    expect(setCookie).toMatch(/HttpOnly/);
    expect(setCookie).toMatch(/SameSite=Lax/);

    expect((await summary(signedIn as string)).statusCode).toBe(200);
    expect((await summary(pending)).statusCode).toBe(401);
    expect((await sessionCheck(pending)).statusCode).toBe(401);
    // Nor can the old token drive the OTP calls any more.
    const resend = await testApp.app.inject({
      method: 'POST',
      url: '/api/authentication/otp',
      payload: { bookingKey: appointmentKey, authenticationType: 'APPOINTMENT' },
      headers: { cookie: pending },
    });
    expect(resend.statusCode).toBe(401);
  });

  it("the date-of-birth step retires the browser's earlier token, signed in or not", async () => {
    // Signed in to the booking request first (no OTP there).
    const earlier = await authenticate(
      testApp.app,
      { bookingKey: requestKey, dateOfBirth: dob, authenticationType: 'BOOKING_REQUEST' },
      from(),
    );
    const earlierCookie = sessionCookieOf(earlier) as string;
    expect((await sessionCheck(earlierCookie, requestKey)).statusCode).toBe(200);

    later();

    const next = await authenticate(
      testApp.app,
      { bookingKey: appointmentKey, dateOfBirth: dob },
      { ...from(), cookie: earlierCookie },
    );
    const nextCookie = sessionCookieOf(next) as string;
    expect(nextCookie).not.toBe(earlierCookie);
    expect((await sessionCheck(earlierCookie, requestKey)).statusCode).toBe(401);
    const validated = await validateOtp(testApp.app, nextCookie, {
      otp: await latestOtp(testApp.database.db),
      bookingKey: appointmentKey,
    });
    const signedIn = sessionCookieOf(validated) as string;
    for (const stale of [earlierCookie, nextCookie]) {
      expect((await summary(stale)).statusCode).toBe(401);
    }
    expect((await summary(signedIn)).statusCode).toBe(200);
  });

  it('a wrong OTP keeps the pending token and sets no new one', async () => {
    later();
    const first = await authenticate(
      testApp.app,
      { bookingKey: appointmentKey, dateOfBirth: dob },
      from(),
    );
    const pending = sessionCookieOf(first) as string;
    const code = await latestOtp(testApp.database.db);
    const wrong = code === '000000' ? '000001' : '000000';
    const failed = await validateOtp(testApp.app, pending, {
      otp: wrong,
      bookingKey: appointmentKey,
    });
    expect(failed.json()).toMatchObject({ success: false });
    expect(sessionCookieOf(failed)).toBeUndefined();
    const validated = await validateOtp(testApp.app, pending, {
      otp: code,
      bookingKey: appointmentKey,
    });
    expect(validated.json()).toMatchObject({ success: true });
    expect((await summary(sessionCookieOf(validated) as string)).statusCode).toBe(200);
  });
});
