import type { AuthenticationType } from '@portal/contract';
import type { FastifyInstance } from 'fastify';
import type { Kysely } from 'kysely';
import { expect } from 'vitest';
import type { Clock } from '../../src/adapters/clock.ts';
import type { Database } from '../../src/db/database.ts';
import { demoResultKeys, seedDemoResults } from '../../src/db/seed/demo-results.ts';
import {
  authenticate,
  comeBackLater,
  latestOtp,
  seedDemoBookingsForTest,
  sessionCookieOf,
  validateOtp,
} from './authentication.ts';

export { demoResultKeys };

/** The demo bookings, then the demo results (two completed appointments with reports). */
export async function seedDemoResultsForTest(db: Kysely<Database>, clock: Clock) {
  await seedDemoBookingsForTest(db, clock);
  expect(await seedDemoResults(db, { now: clock.now() })).toBe(2);
}

/**
 * Date of birth, then the OTP from the outbox, for a results page (APPOINTMENT_RESULTS) or a
 * shared link (shared: true, bookingKey the share token): the signed-in session cookie.
 */
export async function signInForResults(
  app: FastifyInstance,
  db: Kysely<Database>,
  clock: Clock & { set(next: Date): void },
  input: {
    bookingKey: string;
    dateOfBirth: string;
    remoteAddress: string;
    shared?: boolean;
    authenticationType?: AuthenticationType;
  },
): Promise<string> {
  comeBackLater(clock);
  const authenticationType = input.authenticationType ?? 'APPOINTMENT_RESULTS';
  const shared = input.shared ?? false;
  const first = await authenticate(
    app,
    {
      bookingKey: input.bookingKey,
      dateOfBirth: input.dateOfBirth,
      authenticationType,
      ...(shared ? { shared } : {}),
    } as Parameters<typeof authenticate>[1],
    { remoteAddress: input.remoteAddress },
  );
  expect(first.json(), first.body).toMatchObject({ success: true, otpRequired: true });
  const validated = await validateOtp(app, sessionCookieOf(first), {
    otp: await latestOtp(db),
    bookingKey: input.bookingKey,
    authenticationType,
    ...(shared ? { shared } : {}),
  } as Parameters<typeof validateOtp>[2]);
  expect(validated.json()).toEqual({ success: true, maxAttemptsReached: false, message: null });
  return sessionCookieOf(validated) as string;
}

/** The share token in the newest share link message of the outbox (what the recipient reads). */
export async function latestShareToken(db: Kysely<Database>): Promise<string> {
  const row = await db
    .selectFrom('outbox_messages')
    .select('body_text')
    .where('template', '=', 'RESULT_SHARE_LINK')
    .orderBy('created_at', 'desc')
    .orderBy('id', 'desc')
    .limit(1)
    .executeTakeFirstOrThrow();
  const token = /\/appointments\/([A-Za-z0-9_-]{43})\/result\?shared=true/.exec(row.body_text)?.[1];
  if (!token) throw new Error('no share link in the message');
  return token;
}

/** POST .../result/shares as the signed-in patient. */
export function createShare(
  app: FastifyInstance,
  cookie: string,
  bookingKey: string,
  payload: Record<string, unknown>,
) {
  return app.inject({
    method: 'POST',
    url: `/api/secured/appointments/${bookingKey}/result/shares`,
    payload,
    headers: { cookie },
  });
}

/** The appointment id of a key's first appointment. */
export async function appointmentIdOf(db: Kysely<Database>, bookingKey: string) {
  const row = await db
    .selectFrom('appointments')
    .select('id')
    .where('booking_key', '=', bookingKey)
    .executeTakeFirstOrThrow();
  return row.id;
}
