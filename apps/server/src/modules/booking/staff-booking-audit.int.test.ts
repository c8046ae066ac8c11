import { ssoNonceCookieName, staffSessionCookieName } from '@portal/contract';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildTestApp, demoProvider, type TestApp } from '../../../test/build-test-app.ts';
import { listSlots, patientDetails, reserveBookingKey } from '../../../test/factories/booking.ts';
import {
  staffUsername,
  startTestIdentityProvider,
  type TestIdentityProvider,
} from '../../../test/oidc-provider.ts';
import { fixedClock } from '../../adapters/clock.ts';

/**
 * A staff booking (staffBooking=true, spec 1 §6) is audited as actor 'staff', with the signed-in
 * staff member (single sign-on) when there is one; `staffBooking` alone is the browser's word.
 */
const clinicSlug = 'bondi-junction';
const examSlug = 'bone-density-scan';
let idp: TestIdentityProvider;
let testApp: TestApp;
let slots: string[];
let staffSession: string;

beforeAll(async () => {
  idp = await startTestIdentityProvider();
  idp.configure(['http://127.0.0.1/sso/callback']);
  const provider = demoProvider();
  // The clock only picks the slots: the identity provider's tokens live in real time.
  testApp = await buildTestApp({
    clock: fixedClock(new Date()),
    provider: {
      ...provider,
      application: {
        ...provider.application,
        azureClientId: idp.clientId,
        azureUrlWithTenantId: idp.issuer,
      },
    },
  });
  const from = new Date(Date.now() + 86_400_000).toISOString().slice(0, 10);
  const to = new Date(Date.now() + 10 * 86_400_000).toISOString().slice(0, 10);
  slots = (await listSlots(testApp.app, clinicSlug, examSlug, from, to)).map((s) => s.start);
  const nonce = (await testApp.app.inject({ method: 'POST', url: '/api/sso/nonce' })).json().nonce;
  const signIn = await testApp.app.inject({
    method: 'POST',
    url: '/api/sso/session',
    payload: { idToken: await idp.idTokenFor({ nonce, username: staffUsername }) },
    cookies: { [ssoNonceCookieName]: nonce },
  });
  staffSession = signIn.cookies.find((c) => c.name === staffSessionCookieName)!.value;
});
afterAll(async () => {
  await testApp?.close();
  await idp?.close();
});

async function book(slot: number, staffBooking: boolean, withSession: boolean) {
  const bookingKey = await reserveBookingKey(testApp.app);
  const response = await testApp.app.inject({
    method: 'POST',
    url: '/api/appointments',
    payload: {
      bookingKey,
      items: [{ examSlug, clinicSlug, start: slots[slot] }],
      patientDetails: patientDetails(),
      staffBooking,
    },
    ...(withSession ? { cookies: { [staffSessionCookieName]: staffSession } } : {}),
  });
  expect(response.statusCode).toBe(201);
  return bookingKey;
}

const auditOf = (subjectType: string, bookingKey: string) =>
  testApp.database.db
    .selectFrom('audit_events')
    .select(['audit_events.actor', 'audit_events.action', 'audit_events.details'])
    .where('audit_events.subject_type', '=', subjectType)
    .where(
      'audit_events.subject_id',
      'in',
      testApp.database.db
        .selectFrom(subjectType === 'appointment' ? 'appointments' : 'booking_requests')
        .select((eb) => eb.cast<string>('id', 'text').as('id'))
        .where('booking_key', '=', bookingKey),
    )
    .executeTakeFirstOrThrow();

describe('the audit of a staff booking', () => {
  it('names the signed-in staff member of a staff booking', async () => {
    const event = await auditOf('appointment', await book(0, true, true));
    expect(event).toMatchObject({ actor: 'staff', action: 'appointment.created' });
    expect(event.details).toMatchObject({ staffUserId: staffUsername });
  });

  it('records a staff booking without a session as staff, naming nobody', async () => {
    const event = await auditOf('appointment', await book(1, true, false));
    expect(event.actor).toBe('staff');
    expect(event.details).not.toHaveProperty('staffUserId');
  });

  it("records a patient's booking as public even in a browser with a staff session", async () => {
    const event = await auditOf('appointment', await book(2, false, true));
    expect(event.actor).toBe('public');
    expect(event.details).not.toHaveProperty('staffUserId');
  });

  it('names the staff member of a staff booking request too', async () => {
    const bookingKey = await reserveBookingKey(testApp.app);
    const response = await testApp.app.inject({
      method: 'POST',
      url: '/api/booking-requests',
      payload: {
        bookingKey,
        examSlugs: [examSlug],
        patientDetails: patientDetails(),
        staffBooking: true,
      },
      cookies: { [staffSessionCookieName]: staffSession },
    });
    expect(response.statusCode).toBe(201);
    const event = await auditOf('booking_request', bookingKey);
    expect(event).toMatchObject({ actor: 'staff', action: 'booking-request.created' });
    expect(event.details).toMatchObject({ staffUserId: staffUsername });
  });
});
