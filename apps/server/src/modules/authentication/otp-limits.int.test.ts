import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildTestApp, demoProvider, type TestApp } from '../../../test/build-test-app.ts';
import {
  authenticate,
  demoBookingKeys,
  demoPatient,
  seedDemoBookingsForTest,
  sessionCookieOf,
} from '../../../test/factories/authentication.ts';
import { fixedClock } from '../../adapters/clock.ts';

/**
 * OTP messages per booking key, however they are triggered (a date-of-birth step or a
 * resend): at most one per otpSecondsBetweenRequests and otpMaxPerHour an hour, counted in
 * the database so every instance shares the count.
 */
const start = new Date('2026-03-02T00:00:00Z');
const clock = fixedClock(start);
const key = demoBookingKeys.appointment;
const pendingKey = demoBookingKeys.pendingAppointment;
const dob = demoPatient.date_of_birth;
const waitSeconds = 5;
const perHour = 4;
let first: TestApp;
let second: TestApp;
let address = 0;
const from = () => ({ remoteAddress: `10.40.${Math.floor(++address / 250)}.${address % 250}` });

beforeAll(async () => {
  const provider = demoProvider();
  const settings = {
    ...provider,
    application: { ...provider.application, otpSecondsBetweenRequests: waitSeconds },
    authentication: {
      ...provider.authentication,
      otpMaxPerHour: perHour,
      maxFailedAttemptsPerBookingKey: 100,
    },
  };
  first = await buildTestApp({ clock, provider: settings });
  second = await buildTestApp({ clock, provider: settings, database: first.database });
  await seedDemoBookingsForTest(first.database.db, clock);
});
afterAll(async () => {
  await second?.close();
  await first?.close();
});

const otpMessagesTo = async (bookingKey: string) => {
  const rows = await first.database.db
    .selectFrom('authentication_otps')
    .select('id')
    .where('booking_key', '=', bookingKey)
    .execute();
  const messages = await first.database.db
    .selectFrom('outbox_messages')
    .select((eb) => eb.fn.countAll().as('n'))
    .where('template', '=', 'ACCESS_OTP')
    .executeTakeFirstOrThrow();
  return { otps: rows.length, messages: Number(messages.n) };
};
const at = (seconds: number) => clock.set(new Date(start.getTime() + seconds * 1000));
const dateOfBirthStep = (app: TestApp, bookingKey: string = key) =>
  authenticate(app.app, { bookingKey, dateOfBirth: dob }, from());

describe('OTP messages per booking key', () => {
  it('20 rapid date-of-birth steps queue one OTP message; all still answer the same', async () => {
    at(0);
    const before = await otpMessagesTo(key);
    for (let step = 0; step < 20; step++) {
      const response = await dateOfBirthStep(step % 2 === 0 ? first : second);
      expect(response.json()).toMatchObject({ success: true, otpRequired: true });
    }
    const after = await otpMessagesTo(key);
    expect(after.messages - before.messages).toBe(1);
    expect(after.otps - before.otps).toBe(1);
  });

  it('20 concurrent date-of-birth steps on two instances queue one OTP message', async () => {
    at(3600 * 5);
    const before = await otpMessagesTo(pendingKey);
    const answers = await Promise.all(
      Array.from({ length: 20 }, (_, step) =>
        dateOfBirthStep(step % 2 === 0 ? first : second, pendingKey),
      ),
    );
    for (const answer of answers) expect(answer.statusCode).toBe(200);
    const after = await otpMessagesTo(pendingKey);
    expect(after.messages - before.messages).toBe(1);
  });

  it('a resend from another session waits for the same key-wide pause', async () => {
    at(3600 * 10);
    const a = await dateOfBirthStep(first);
    const b = await dateOfBirthStep(second);
    at(3600 * 10 + 2);
    const resend = await second.app.inject({
      method: 'POST',
      url: '/api/authentication/otp',
      payload: { bookingKey: key, authenticationType: 'APPOINTMENT' },
      headers: { cookie: sessionCookieOf(b) as string },
    });
    expect(resend.json()).toEqual({ sent: false, retryAfterSeconds: waitSeconds - 2 });
    at(3600 * 10 + waitSeconds);
    const later = await first.app.inject({
      method: 'POST',
      url: '/api/authentication/otp',
      payload: { bookingKey: key, authenticationType: 'APPOINTMENT' },
      headers: { cookie: sessionCookieOf(a) as string },
    });
    expect(later.json()).toMatchObject({ sent: true });
  });

  it('the hourly cap holds across two instances, and the next hour opens again', async () => {
    const hour = 3600 * 20;
    at(hour);
    const before = await otpMessagesTo(key);
    // Twelve steps a wait apart, on alternating instances: only the cap gets through.
    for (let step = 0; step < 12; step++) {
      at(hour + step * waitSeconds);
      await dateOfBirthStep(step % 2 === 0 ? first : second);
    }
    expect((await otpMessagesTo(key)).messages - before.messages).toBe(perHour);
    // A resend past the cap says how long until the hour is over.
    const pending = await dateOfBirthStep(first);
    const resend = await first.app.inject({
      method: 'POST',
      url: '/api/authentication/otp',
      payload: { bookingKey: key, authenticationType: 'APPOINTMENT' },
      headers: { cookie: sessionCookieOf(pending) as string },
    });
    expect(resend.json()).toEqual({ sent: false, retryAfterSeconds: 3600 - 11 * waitSeconds });
    // Another key is not held back by this one's cap.
    const other = await otpMessagesTo(pendingKey);
    await dateOfBirthStep(second, pendingKey);
    expect((await otpMessagesTo(pendingKey)).messages - other.messages).toBe(1);

    at(hour + 3600);
    await dateOfBirthStep(second);
    expect((await otpMessagesTo(key)).messages - before.messages).toBe(perHour + 2);
  });
});
