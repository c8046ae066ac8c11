import type { AuthenticationType } from '@portal/contract';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildTestApp, demoProvider, type TestApp } from '../../../test/build-test-app.ts';
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
 * The server, not the browser, decides what a sign-in reaches (docs/decisions/015): the
 * authentication type a browser names only picks the kind of page, and a session reaches a
 * secured route only when it passed every check that route's kind requires. The demo
 * provider asks for an OTP on appointments but not on patient-portal links.
 */
const clock = fixedClock('2026-03-02T00:00:00Z');
const appointmentKey = demoBookingKeys.appointment;
const requestKey = demoBookingKeys.bookingRequest;
const dob = demoPatient.date_of_birth;
let testApp: TestApp;
/** A second instance over the same database, with OTP on for patient-portal links too. */
let strictPortal: TestApp;
let address = 0;
/** OTP messages to one key wait otpSecondsBetweenRequests: each fresh code comes a while later. */
const later = () => clock.set(new Date(clock.now().getTime() + 11 * 60_000));
const from = () => ({ remoteAddress: `10.20.0.${++address}` });

beforeAll(async () => {
  testApp = await buildTestApp({ clock });
  await seedDemoBookingsForTest(testApp.database.db, clock);
  const provider = demoProvider();
  strictPortal = await buildTestApp({
    clock,
    database: testApp.database,
    provider: {
      ...provider,
      authentication: { ...provider.authentication, otpForPatientPortal: true },
    },
  });
});
afterAll(async () => {
  await strictPortal?.close();
  await testApp?.close();
});

/** Every /api/secured route under a section, with the booking key filled in. */
async function securedRoutes(section: 'appointments' | 'booking_requests', bookingKey: string) {
  const document = (await testApp.app.inject({ method: 'GET', url: '/api/openapi.json' })).json();
  const routes: Array<{ method: 'GET' | 'POST' | 'PUT' | 'DELETE'; url: string }> = [];
  for (const [path, operations] of Object.entries<Record<string, unknown>>(document.paths)) {
    if (!path.startsWith(`/api/secured/${section}/{bookingKey}`)) continue;
    for (const method of Object.keys(operations)) {
      routes.push({
        method: method.toUpperCase() as 'GET',
        url: path.replace('{bookingKey}', bookingKey).replace(/\{[^}]+\}/g, crypto.randomUUID()),
      });
    }
  }
  return routes;
}

const sessionCheck = (cookie: string, bookingKey: string, type?: AuthenticationType) =>
  testApp.app.inject({
    method: 'GET',
    url: '/api/authentication/session',
    query: { bookingKey, ...(type ? { authenticationType: type } : {}) },
    headers: { cookie },
  });

const otpMessages = async () =>
  Number(
    (
      await testApp.database.db
        .selectFrom('outbox_messages')
        .select((eb) => eb.fn.countAll().as('n'))
        .where('template', '=', 'ACCESS_OTP')
        .executeTakeFirstOrThrow()
    ).n,
  );

describe('a patient-portal sign-in without an OTP', () => {
  it('opens a session that reaches no appointment route and no appointment page', async () => {
    const before = await otpMessages();
    later();
    const response = await authenticate(
      testApp.app,
      { bookingKey: appointmentKey, dateOfBirth: dob, authenticationType: 'PATIENT_PORTAL' },
      from(),
    );
    expect(response.json()).toMatchObject({ success: true, otpRequired: false });
    expect(await otpMessages()).toBe(before);
    const cookie = sessionCookieOf(response) as string;

    // It is a patient-portal session, and only that.
    const portal = await sessionCheck(cookie, appointmentKey, 'PATIENT_PORTAL');
    expect(portal.statusCode).toBe(200);
    expect(portal.json()).toMatchObject({ authenticationType: 'PATIENT_PORTAL' });
    for (const type of ['APPOINTMENT', 'APPOINTMENT_RESULTS'] as const) {
      expect((await sessionCheck(cookie, appointmentKey, type)).statusCode).toBe(401);
    }

    const routes = await securedRoutes('appointments', appointmentKey);
    // The summary, questionnaires, answers (which cancel) and pain scores at least.
    expect(routes.length).toBeGreaterThanOrEqual(4);
    for (const route of routes) {
      const answer = await testApp.app.inject({
        ...route,
        headers: { cookie },
        ...(route.method === 'GET' ? {} : { payload: {} }),
      });
      expect(answer.statusCode, `${route.method} ${route.url}`).toBe(401);
      expect(answer.json().error.code).toBe('UNAUTHENTICATED');
    }
    const statuses = await testApp.database.db
      .selectFrom('appointments')
      .select('status')
      .where('booking_key', '=', appointmentKey)
      .execute();
    expect(statuses.every((row) => row.status === 'BOOKED')).toBe(true);
  });

  it('needs the OTP where the provider asks one of patient-portal links, and then reaches the appointment', async () => {
    const app = strictPortal.app;
    later();
    const response = await authenticate(
      app,
      { bookingKey: appointmentKey, dateOfBirth: dob, authenticationType: 'PATIENT_PORTAL' },
      from(),
    );
    expect(response.json()).toMatchObject({ success: true, otpRequired: true });
    const pending = sessionCookieOf(response) as string;
    const summary = `/api/secured/appointments/${appointmentKey}`;
    expect((await app.inject({ url: summary, headers: { cookie: pending } })).statusCode).toBe(401);
    const validated = await validateOtp(app, pending, {
      otp: await latestOtp(strictPortal.database.db),
      bookingKey: appointmentKey,
      authenticationType: 'PATIENT_PORTAL',
    });
    expect(validated.json()).toMatchObject({ success: true });
    const cookie = sessionCookieOf(validated) as string;
    expect((await app.inject({ url: summary, headers: { cookie } })).statusCode).toBe(200);
  });
});

describe('an appointment sign-in with its OTP', () => {
  it('covers the patient-portal and results pages of the same key too', async () => {
    later();
    const first = await authenticate(
      testApp.app,
      { bookingKey: appointmentKey, dateOfBirth: dob },
      from(),
    );
    const validated = await validateOtp(testApp.app, sessionCookieOf(first), {
      otp: await latestOtp(testApp.database.db),
      bookingKey: appointmentKey,
    });
    const cookie = sessionCookieOf(validated) as string;
    for (const type of ['APPOINTMENT', 'APPOINTMENT_RESULTS', 'PATIENT_PORTAL'] as const) {
      expect((await sessionCheck(cookie, appointmentKey, type)).statusCode).toBe(200);
    }
    expect((await sessionCheck(cookie, appointmentKey, 'BOOKING_REQUEST')).statusCode).toBe(401);
    // Without a type the check answers for the session's own.
    expect((await sessionCheck(cookie, appointmentKey)).json()).toMatchObject({
      authenticationType: 'APPOINTMENT',
    });
  });
});

describe('a type that does not fit the booking key', () => {
  const mismatches: Array<[string, string, AuthenticationType]> = [
    ['an appointment key as a booking request', appointmentKey, 'BOOKING_REQUEST'],
    ['a booking request key as an appointment', requestKey, 'APPOINTMENT'],
    ['a booking request key as results', requestKey, 'APPOINTMENT_RESULTS'],
    ['a booking request key as the patient portal', requestKey, 'PATIENT_PORTAL'],
  ];
  it.each(mismatches)('fails like a wrong date: %s', async (_name, bookingKey, type) => {
    const response = await authenticate(
      testApp.app,
      { bookingKey, dateOfBirth: dob, authenticationType: type },
      from(),
    );
    expect(response.json()).toMatchObject({
      success: false,
      otpRequired: false,
      message: 'message.authentication_error',
    });
    expect(sessionCookieOf(response)).toBeUndefined();
  });

  it('a booking request session reaches no appointment route, even under its own key', async () => {
    const response = await authenticate(
      testApp.app,
      { bookingKey: requestKey, dateOfBirth: dob, authenticationType: 'BOOKING_REQUEST' },
      from(),
    );
    expect(response.json()).toMatchObject({ success: true, otpRequired: false });
    const cookie = sessionCookieOf(response) as string;
    const own = await testApp.app.inject({
      url: `/api/secured/booking_requests/${requestKey}`,
      headers: { cookie },
    });
    expect(own.statusCode).toBe(200);
    for (const route of await securedRoutes('appointments', requestKey)) {
      const answer = await testApp.app.inject({
        ...route,
        headers: { cookie },
        ...(route.method === 'GET' ? {} : { payload: {} }),
      });
      expect(answer.statusCode, `${route.method} ${route.url}`).toBe(401);
    }
  });
});
