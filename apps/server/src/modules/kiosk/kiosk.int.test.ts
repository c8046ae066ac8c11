import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildTestApp, demoProvider, type TestApp } from '../../../test/build-test-app.ts';
import {
  authenticate,
  latestOtp,
  sessionCookieOf,
  validateOtp,
} from '../../../test/factories/authentication.ts';
import {
  identityCheck,
  insertKioskAppointment,
  kioskCookie,
} from '../../../test/factories/kiosk.ts';
import { fixedClock } from '../../adapters/clock.ts';

/**
 * Kiosk check-in's server side (docs/product/kiosk.md#check-in): the identity check only a
 * named kiosk may make, today's bookings only, the attempt limits per device and per address,
 * the sign-in and reload that follow, and the device named in the audit trail.
 */
// 11:00 in Sydney, where the demo clinics are.
const clock = fixedClock('2026-03-02T00:00:00Z');
const today = new Date('2026-03-02T00:30:00Z');
const tomorrow = new Date('2026-03-03T00:30:00Z');
let test: TestApp;

beforeAll(async () => {
  const provider = demoProvider();
  test = await buildTestApp({
    clock,
    questionnaires: true,
    provider: {
      ...provider,
      authentication: {
        ...provider.authentication,
        maxFailedAttemptsPerKioskDevice: 4,
        maxFailedAttemptsPerClientAddress: 6,
      },
    },
  });
});
afterAll(async () => {
  await test?.close();
});

const uniqueAddress = () =>
  `10.${Math.floor(Math.random() * 200)}.${Math.floor(Math.random() * 200)}.${Math.floor(Math.random() * 200)}`;

describe('identity check', () => {
  it('is refused without the kiosk identity cookies, and changes nothing', async () => {
    await insertKioskAppointment(test.database.db, {
      startsAt: today,
      lastName: 'Refused',
      dateOfBirth: '1970-01-01',
    });
    const answer = await identityCheck(test.app, {
      lastName: 'Refused',
      dateOfBirth: '1970-01-01',
    });
    expect(answer.statusCode).toBe(403);
    expect(answer.json().error.code).toBe('KIOSK_NOT_IDENTIFIED');
    const halfCookie = await identityCheck(
      test.app,
      { lastName: 'Refused', dateOfBirth: '1970-01-01' },
      { cookie: 'kioskIdentity=Tablet' },
    );
    expect(halfCookie.statusCode).toBe(403);
  });

  it("finds today's booking whatever the case, accents, spaces and apostrophes", async () => {
    const booked = await insertKioskAppointment(test.database.db, {
      startsAt: today,
      lastName: "Núñez-O'Brien",
      dateOfBirth: '1981-02-03',
    });
    const answer = await identityCheck(
      test.app,
      { lastName: ' nunez obrien ', dateOfBirth: '1981-02-03' },
      { cookie: kioskCookie(), remoteAddress: uniqueAddress() },
    );
    expect(answer.statusCode, answer.body).toBe(200);
    expect(answer.json()).toEqual({
      appointmentBookingKeys: [booked.bookingKey],
      samePatient: true,
      feedbackQuestionnaireAnswered: false,
      disabledReason: null,
      maxAttemptsReached: false,
    });
  });

  it('answers a wrong name and a wrong date alike, revealing nothing', async () => {
    await insertKioskAppointment(test.database.db, {
      startsAt: today,
      lastName: 'Quiet',
      dateOfBirth: '1982-03-04',
    });
    const cookie = kioskCookie();
    const wrongName = await identityCheck(
      test.app,
      { lastName: 'Loud', dateOfBirth: '1982-03-04' },
      { cookie, remoteAddress: uniqueAddress() },
    );
    const wrongDate = await identityCheck(
      test.app,
      { lastName: 'Quiet', dateOfBirth: '1982-03-05' },
      { cookie, remoteAddress: uniqueAddress() },
    );
    expect(wrongName.json()).toEqual(wrongDate.json());
    expect(wrongName.json()).toEqual({
      appointmentBookingKeys: [],
      samePatient: false,
      feedbackQuestionnaireAnswered: false,
      disabledReason: null,
      maxAttemptsReached: false,
    });
  });

  it("does not find another day's appointment", async () => {
    await insertKioskAppointment(test.database.db, {
      startsAt: tomorrow,
      lastName: 'Tomorrow',
      dateOfBirth: '1983-04-05',
    });
    const answer = await identityCheck(
      test.app,
      { lastName: 'Tomorrow', dateOfBirth: '1983-04-05' },
      { cookie: kioskCookie(), remoteAddress: uniqueAddress() },
    );
    expect(answer.json().appointmentBookingKeys).toEqual([]);
  });

  it('gives out no key when two booking keys match: the patient goes to the front desk', async () => {
    const first = await insertKioskAppointment(test.database.db, {
      startsAt: today,
      lastName: 'Twice',
      dateOfBirth: '1984-05-06',
    });
    await insertKioskAppointment(test.database.db, {
      startsAt: new Date(today.getTime() + 2 * 3_600_000),
      patientId: first.patientId,
    });
    const answer = await identityCheck(
      test.app,
      { lastName: 'twice', dateOfBirth: '1984-05-06' },
      { cookie: kioskCookie(), remoteAddress: uniqueAddress() },
    );
    expect(answer.json()).toEqual({
      appointmentBookingKeys: [],
      samePatient: true,
      feedbackQuestionnaireAnswered: false,
      disabledReason: 'kiosk_check_in.disabled.multiple_bookings',
      maxAttemptsReached: false,
    });
  });

  it('gives out no key when two patients share the name and date of birth', async () => {
    await insertKioskAppointment(test.database.db, {
      startsAt: today,
      lastName: 'Twin',
      dateOfBirth: '1985-06-07',
    });
    await insertKioskAppointment(test.database.db, {
      startsAt: today,
      lastName: 'Twin',
      dateOfBirth: '1985-06-07',
    });
    const answer = await identityCheck(
      test.app,
      { lastName: 'Twin', dateOfBirth: '1985-06-07' },
      { cookie: kioskCookie(), remoteAddress: uniqueAddress() },
    );
    expect(answer.json()).toMatchObject({
      appointmentBookingKeys: [],
      samePatient: false,
      disabledReason: 'kiosk_check_in.disabled.multiple_bookings',
    });
  });
});

describe('attempt limits', () => {
  const miss = (cookie: string, remoteAddress: string, n: number) =>
    identityCheck(
      test.app,
      { lastName: `Nobody${n}`, dateOfBirth: '1990-01-01' },
      { cookie, remoteAddress },
    );

  it('hold per kiosk device even when its address changes', async () => {
    const deviceId = randomUUID();
    const cookie = kioskCookie('Tablet roaming', deviceId);
    const answers = [];
    for (let i = 0; i < 5; i += 1)
      answers.push((await miss(cookie, uniqueAddress(), i)).json().maxAttemptsReached);
    // maxFailedAttemptsPerKioskDevice is 4: the fifth is refused unchecked.
    expect(answers).toEqual([false, false, false, false, true]);
    // Even the right details are refused past the limit.
    await insertKioskAppointment(test.database.db, {
      startsAt: today,
      lastName: 'Blocked',
      dateOfBirth: '1986-07-08',
    });
    const right = await identityCheck(
      test.app,
      { lastName: 'Blocked', dateOfBirth: '1986-07-08' },
      { cookie, remoteAddress: uniqueAddress() },
    );
    expect(right.json()).toMatchObject({ appointmentBookingKeys: [], maxAttemptsReached: true });
    // Another device is not limited by this one.
    const other = await identityCheck(
      test.app,
      { lastName: 'Blocked', dateOfBirth: '1986-07-08' },
      { cookie: kioskCookie('Tablet 2'), remoteAddress: uniqueAddress() },
    );
    expect(other.json().appointmentBookingKeys).toHaveLength(1);
  });

  it('hold per address: a second device in the same waiting room is still limited', async () => {
    const address = uniqueAddress();
    const first = kioskCookie('Waiting room A');
    for (let i = 0; i < 4; i += 1) await miss(first, address, 100 + i);
    const second = kioskCookie('Waiting room B');
    const answers = [];
    for (let i = 0; i < 3; i += 1)
      answers.push((await miss(second, address, 200 + i)).json().maxAttemptsReached);
    // maxFailedAttemptsPerClientAddress is 6: the address's 7th attempt is refused.
    expect(answers).toEqual([false, false, true]);
  });
});

describe('sign-in, reload and the audit trail at a kiosk', () => {
  it('signs in with the OTP, reloads today, checks in, and names the device in every event', async () => {
    const deviceId = randomUUID();
    const kiosk = kioskCookie('Front tablet', deviceId);
    const remoteAddress = uniqueAddress();
    const booked = await insertKioskAppointment(test.database.db, {
      startsAt: today,
      lastName: 'Checker',
      dateOfBirth: '1987-08-09',
    });
    await insertKioskAppointment(test.database.db, {
      startsAt: tomorrow,
      patientId: booked.patientId,
      bookingKey: booked.bookingKey,
    });
    const found = await identityCheck(
      test.app,
      { lastName: 'Checker', dateOfBirth: '1987-08-09' },
      { cookie: kiosk, remoteAddress },
    );
    const [bookingKey] = found.json().appointmentBookingKeys;
    expect(bookingKey).toBe(booked.bookingKey);

    const signIn = await authenticate(
      test.app,
      { bookingKey, dateOfBirth: '1987-08-09' },
      { cookie: kiosk, remoteAddress },
    );
    expect(signIn.json()).toMatchObject({ success: true, otpRequired: true });
    const validated = await validateOtp(test.app, `${kiosk}; ${sessionCookieOf(signIn)}`, {
      otp: await latestOtp(test.database.db),
      bookingKey,
    });
    expect(validated.json().success).toBe(true);
    const cookie = `${kiosk}; ${sessionCookieOf(validated)}`;

    // A session opened at a kiosk expires after kioskSessionIdleMinutes (3), not 20.
    const session = await test.database.db
      .selectFrom('authentication_sessions')
      .select(['idle_expires_at', 'kiosk_device_id'])
      .where('booking_key', '=', bookingKey)
      .where('state', '=', 'AUTHENTICATED')
      .executeTakeFirstOrThrow();
    expect(session.kiosk_device_id).toBe(deviceId);
    expect(new Date(session.idle_expires_at).getTime() - clock.now().getTime()).toBe(3 * 60_000);

    const reloadUrl = `/api/secured/appointments/${bookingKey}/kiosk_appointments`;
    const reload = await test.app.inject({
      method: 'GET',
      url: reloadUrl,
      headers: { cookie },
      remoteAddress,
    });
    expect(reload.statusCode).toBe(200);
    const body = reload.json();
    // Tomorrow's appointment of the same key is not today's business.
    expect(body.appointments).toHaveLength(1);
    expect(body.appointments[0]).toMatchObject({
      id: booked.appointmentId,
      canCheckIn: true,
      window: 'OPEN',
      checkInState: null,
      timeZone: 'Australia/Sydney',
    });
    expect(body).toMatchObject({ disabledReason: null, feedbackDue: false });

    const checkIn = await test.app.inject({
      method: 'POST',
      url: `/api/secured/appointments/${bookingKey}/items/${booked.appointmentId}/check_in`,
      payload: { form: null },
      headers: { cookie },
      remoteAddress,
    });
    expect(checkIn.statusCode).toBeLessThan(300);
    const after = (
      await test.app.inject({ method: 'GET', url: reloadUrl, headers: { cookie }, remoteAddress })
    ).json();
    expect(after.appointments[0]).toMatchObject({ canCheckIn: false, checkInState: 'QUEUED' });
    // The demo's general FEEDBACK questionnaire is unanswered: the kiosk asks for feedback.
    expect(after).toMatchObject({
      disabledReason: null,
      feedbackDue: true,
      feedbackQuestionnaireAnswered: false,
    });

    const events = await test.database.db
      .selectFrom('audit_events')
      .select(['action', 'kiosk_device_id', 'kiosk_device_name'])
      .where('client_address', '=', remoteAddress)
      .execute();
    const actions = events.map((event) => event.action);
    expect(actions).toEqual(
      expect.arrayContaining([
        'kiosk.identity-check.matched',
        'access.otp.sent',
        'access.sign-in.date-of-birth-verified',
      ]),
    );
    expect(events.length).toBeGreaterThan(4);
    for (const event of events) {
      expect(event).toMatchObject({ kiosk_device_id: deviceId, kiosk_device_name: 'Front tablet' });
    }
  });

  it('the reload needs the session of that key', async () => {
    const booked = await insertKioskAppointment(test.database.db, {
      startsAt: today,
      lastName: 'Alone',
      dateOfBirth: '1988-09-10',
    });
    const answer = await test.app.inject({
      method: 'GET',
      url: `/api/secured/appointments/${booked.bookingKey}/kiosk_appointments`,
      headers: { cookie: kioskCookie() },
    });
    expect(answer.statusCode).toBe(401);
  });
});

describe('why the kiosk cannot check in', () => {
  it('names a missing referral, and nothing today, as the reason', async () => {
    const kiosk = kioskCookie();
    const remoteAddress = uniqueAddress();
    const booked = await insertKioskAppointment(test.database.db, {
      startsAt: today,
      lastName: 'Referral',
      dateOfBirth: '1989-10-11',
      examSlug: 'bone-density-scan',
    });
    const signIn = await authenticate(
      test.app,
      { bookingKey: booked.bookingKey, dateOfBirth: '1989-10-11' },
      { cookie: kiosk, remoteAddress },
    );
    const validated = await validateOtp(test.app, `${kiosk}; ${sessionCookieOf(signIn)}`, {
      otp: await latestOtp(test.database.db),
      bookingKey: booked.bookingKey,
    });
    const cookie = `${kiosk}; ${sessionCookieOf(validated)}`;
    const reload = await test.app.inject({
      method: 'GET',
      url: `/api/secured/appointments/${booked.bookingKey}/kiosk_appointments`,
      headers: { cookie },
      remoteAddress,
    });
    expect(reload.json()).toMatchObject({
      disabledReason: 'kiosk_check_in.disabled.not_ready',
      feedbackDue: false,
    });
    expect(reload.json().appointments[0].canCheckIn).toBe(false);

    // Without the kiosk's cookies the reload is refused, even with the session.
    const noKiosk = await test.app.inject({
      method: 'GET',
      url: `/api/secured/appointments/${booked.bookingKey}/kiosk_appointments`,
      headers: { cookie: sessionCookieOf(validated) as string },
    });
    expect(noKiosk.statusCode).toBe(403);
  });
});

describe('OpenAPI', () => {
  it('publishes both kiosk routes with their schemas', async () => {
    const document = (await test.app.inject({ method: 'GET', url: '/api/openapi.json' })).json();
    const check = document.paths['/api/kiosk/identity_check']?.post;
    expect(check?.requestBody?.content?.['application/json']?.schema?.required).toEqual(
      expect.arrayContaining(['lastName', 'dateOfBirth']),
    );
    expect(Object.keys(check?.responses ?? {})).toEqual(expect.arrayContaining(['200', '403']));
    const reload = document.paths['/api/secured/appointments/{bookingKey}/kiosk_appointments']?.get;
    expect(reload?.responses?.['200']).toBeDefined();
  });
});
