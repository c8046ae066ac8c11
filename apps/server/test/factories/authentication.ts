import type { AuthenticationType } from '@portal/contract';
import type { FastifyInstance, LightMyRequestResponse } from 'fastify';
import type { Kysely } from 'kysely';
import { expect } from 'vitest';
import type { Clock } from '../../src/adapters/clock.ts';
import type { Database } from '../../src/db/database.ts';
import { demoBookingKeys, demoPatient, seedDemoBookings } from '../../src/db/seed/demo-bookings.ts';
import { createAvailabilityService } from '../../src/modules/availability/index.ts';

export { demoBookingKeys, demoPatient };

/** The demo appointments and booking request (known keys, DOB 1975-08-21), as `npm start` seeds them. */
export async function seedDemoBookingsForTest(db: Kysely<Database>, clock: Clock) {
  const availability = createAvailabilityService({ db, clock });
  await seedDemoBookings(db, {
    now: clock.now(),
    findSlot: async (clinicSlug, examSlug) => {
      const day = clock.now().toISOString().slice(0, 10);
      const later = new Date(clock.now().getTime() + 14 * 86_400_000).toISOString().slice(0, 10);
      const { slots } = await availability.clinicSlots(clinicSlug, {
        examSlug,
        from: day,
        to: later,
      });
      const first = slots[0];
      if (!first) return null;
      const offered = await availability.offeredSlot({
        clinicSlug,
        examSlug,
        start: new Date(first.start),
      });
      const resourceId = offered?.resourceIds[0];
      return offered && resourceId !== undefined
        ? { start: offered.start, end: offered.end, resourceId }
        : null;
    },
  });
}

/** The session cookie a response set, as a Cookie header value. */
export function sessionCookieOf(response: LightMyRequestResponse): string | undefined {
  const cookie = response.cookies.find((entry) => entry.name === 'portal_session');
  return cookie ? `portal_session=${cookie.value}` : undefined;
}

export function authenticate(
  app: FastifyInstance,
  body: {
    bookingKey: string;
    dateOfBirth: string;
    authenticationType?: AuthenticationType;
    contactNumber?: string | null;
    captchaToken?: string;
  },
  options: { cookie?: string; remoteAddress?: string } = {},
) {
  return app.inject({
    method: 'POST',
    url: '/api/authentication',
    payload: { authenticationType: 'APPOINTMENT', ...body },
    ...(options.remoteAddress ? { remoteAddress: options.remoteAddress } : {}),
    headers: options.cookie ? { cookie: options.cookie } : {},
  });
}

/** The code in the newest OTP message of the outbox (what the patient reads). */
export async function latestOtp(db: Kysely<Database>): Promise<string> {
  const row = await db
    .selectFrom('outbox_messages')
    .select('body_text')
    .where('template', '=', 'ACCESS_OTP')
    .orderBy('created_at', 'desc')
    .orderBy('id', 'desc')
    .limit(1)
    .executeTakeFirstOrThrow();
  const code = /\b(\d{6})\b/.exec(row.body_text)?.[1];
  if (!code) throw new Error('no code in the OTP message');
  return code;
}

export function validateOtp(
  app: FastifyInstance,
  cookie: string | undefined,
  body: { otp: string; bookingKey: string; authenticationType?: AuthenticationType },
) {
  return app.inject({
    method: 'POST',
    url: '/api/authentication/otp/validate',
    payload: { authenticationType: 'APPOINTMENT', ...body },
    headers: cookie ? { cookie } : {},
  });
}

/**
 * The patient comes back later: OTP messages to one booking key wait otpSecondsBetweenRequests
 * and at most otpMaxPerHour (6) go out an hour, so each sign-in that needs a fresh code
 * happens 11 minutes after the one before.
 */
export function comeBackLater(clock: { now(): Date; set(next: Date): void }) {
  clock.set(new Date(clock.now().getTime() + 11 * 60_000));
}

/** Date of birth, then the OTP from the outbox: the signed-in session cookie (the OTP step's new one). */
export async function signInWithOtp(
  app: FastifyInstance,
  db: Kysely<Database>,
  input: { bookingKey: string; dateOfBirth: string; remoteAddress: string },
): Promise<string> {
  const { bookingKey, dateOfBirth, remoteAddress } = input;
  const first = await authenticate(app, { bookingKey, dateOfBirth }, { remoteAddress });
  expect(first.json()).toMatchObject({ success: true, otpRequired: true, otpChannel: 'EMAIL' });
  const validated = await validateOtp(app, sessionCookieOf(first), {
    otp: await latestOtp(db),
    bookingKey,
  });
  expect(validated.json()).toEqual({ success: true, maxAttemptsReached: false, message: null });
  return sessionCookieOf(validated) as string;
}
