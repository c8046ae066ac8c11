import { checkInErrorCodes } from '@portal/contract';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildTestApp, type TestApp } from '../../../test/build-test-app.ts';
import {
  appointmentInWindow,
  type CheckInSession,
  checkInUrl,
  providerWithCheckIn,
  someReferrerId,
  validForm,
  validMedicareNumber,
} from '../../../test/factories/check-in.ts';
import { bookableExamWithStarts } from '../../../test/factories/patient-portal.ts';
import { fixedClock } from '../../adapters/clock.ts';

// Digital check-in on the real app and database (docs/product/check-in.md): the window, the
// readiness, the form's rules, who may call, and one check-in per appointment however often
// or concurrently it is submitted. The webhook's delivery is check-in-delivery.int.test.ts'.
const clock = fixedClock('2026-03-02T00:00:00Z');
let testApp: TestApp;
let booking: { examSlug: string; clinicSlug: string };
let starts: string[];
let next = 0;
let referrer: string;

beforeAll(async () => {
  testApp = await buildTestApp({
    clock,
    provider: providerWithCheckIn({ priorMinutes: 120, showGenderSelection: true }),
  });
  const plain = await bookableExamWithStarts(testApp.app);
  booking = { examSlug: plain.exam.slug, clinicSlug: plain.clinicSlug };
  starts = plain.starts;
}, 60_000);
afterAll(() => testApp?.close());

const ready = async (options: Parameters<typeof appointmentInWindow>[3] = {}) => {
  clock.set('2026-03-02T00:00:00Z');
  const session = await appointmentInWindow(
    testApp.app,
    clock,
    { ...booking, start: starts[next++]! },
    options,
  );
  referrer ??= await someReferrerId(testApp.app, session);
  return session;
};

const get = (session: CheckInSession) =>
  testApp.app.inject({
    method: 'GET',
    url: checkInUrl(session),
    headers: { cookie: session.cookie },
  });
const post = (session: CheckInSession, payload: object, cookie = session.cookie) =>
  testApp.app.inject({ method: 'POST', url: checkInUrl(session), payload, headers: { cookie } });

const storedCheckIns = async (appointmentId: string) =>
  testApp.database.db
    .selectFrom('check_ins')
    .selectAll()
    .where('appointment_id', '=', appointmentId)
    .execute();
const webhookMessages = async () =>
  Number(
    (
      await testApp.database.db
        .selectFrom('outbox_messages')
        .select((eb) => eb.fn.countAll().as('count'))
        .where('channel', '=', 'WEBHOOK')
        .executeTakeFirstOrThrow()
    ).count,
  );
const auditOf = (appointmentId: string) =>
  testApp.database.db
    .selectFrom('audit_events')
    .select(['action', 'details', 'actor'])
    .where('subject_id', '=', appointmentId)
    .orderBy('id')
    .execute();

describe('the window', () => {
  it('is refused before it opens with the spec message and priorMinutes, accepted inside it', async () => {
    const session = await ready({ minutesBefore: 121 });
    const status = await get(session);
    expect(status.statusCode).toBe(200);
    expect(status.json()).toMatchObject({
      enabled: true,
      window: 'NOT_YET_OPEN',
      priorMinutes: 120,
      mode: 'FORM',
      showGenderSelection: true,
      readiness: {
        ready: true,
        requiredReferralUploaded: true,
        documentTypeId: null,
        message: null,
      },
      checkIn: null,
    });
    const early = await post(session, { form: validForm(referrer) });
    expect(early.statusCode).toBe(422);
    expect(early.json().error).toMatchObject({
      code: checkInErrorCodes.window,
      params: { priorMinutes: 120 },
    });
    expect(await storedCheckIns(session.appointmentId)).toHaveLength(0);

    clock.set(new Date(new Date(status.json().opensAt).getTime()));
    const open = await post(session, { form: validForm(referrer) });
    expect(open.statusCode, open.body).toBe(202);
    expect(open.json()).toMatchObject({
      window: 'OPEN',
      checkIn: { state: 'QUEUED', checkInPrepared: true, checkInSent: false, channel: 'HOME' },
    });
  });

  it('is refused once closed (closesMinutesAfterStart after the start)', async () => {
    const session = await ready({ minutesBefore: -30 });
    expect((await get(session)).json().window).toBe('CLOSED');
    const late = await post(session, { form: validForm(referrer) });
    expect(late.statusCode).toBe(422);
    expect(late.json().error).toMatchObject({
      code: checkInErrorCodes.window,
      params: { priorMinutes: 120 },
    });
    expect(await storedCheckIns(session.appointmentId)).toHaveLength(0);
  });
});

describe('readiness', () => {
  it('is not ready while the required referral is missing: 422 with the readiness, nothing stored', async () => {
    const session = await ready({ documents: false });
    const status = (await get(session)).json();
    expect(status.readiness).toMatchObject({
      ready: false,
      requiredReferralUploaded: false,
      message: 'message.check_in_referral_required',
    });
    expect(status.readiness.documentTypeId).toEqual(expect.any(Number));
    const refused = await post(session, { form: validForm(referrer) });
    expect(refused.statusCode).toBe(422);
    expect(refused.json().error).toMatchObject({
      code: checkInErrorCodes.notReady,
      params: {
        ready: false,
        requiredReferralUploaded: false,
        documentTypeId: status.readiness.documentTypeId,
      },
    });
    expect(await storedCheckIns(session.appointmentId)).toHaveLength(0);
  });
});

describe('the form', () => {
  it.each([
    ['a wrong Medicare check digit', { medicareNumber: '2123456711' }, 'form.medicareNumber'],
    ['Medicare issue number 0', { medicareNumber: '2123456700' }, 'form.medicareNumber'],
    ['IRN 0', { referenceNumber: 0 }, 'form.referenceNumber'],
    ['IRN 10', { referenceNumber: 10 }, 'form.referenceNumber'],
    ['a referral dated tomorrow', { dateOfReferral: 'TOMORROW' }, 'form.dateOfReferral'],
    ['an unknown referrer', { referrer: '00000000-0000-4000-8000-000000000000' }, 'form.referrer'],
    ['no gender while it is asked', { gender: null }, 'form.gender'],
  ] as const)('refuses %s with 400 and stores nothing', async (_what, change, path) => {
    const session = await ready();
    const form = validForm(referrer, change as object);
    if (form.dateOfReferral === 'TOMORROW') {
      // The clinic's tomorrow (Australian clinics are ahead of UTC).
      const today = new Intl.DateTimeFormat('en-CA', { timeZone: 'Australia/Sydney' }).format(
        clock.now(),
      );
      form.dateOfReferral = new Date(Date.parse(today) + 86_400_000 * 2).toISOString().slice(0, 10);
    }
    const before = await webhookMessages();
    const response = await post(session, { form });
    expect(response.statusCode, response.body).toBe(400);
    expect(response.json().error.code).toBe('VALIDATION_FAILED');
    expect(response.json().error.fields.map((field: { path: string }) => field.path)).toContain(
      path,
    );
    expect(await storedCheckIns(session.appointmentId)).toHaveLength(0);
    expect(await webhookMessages()).toBe(before);
  });

  it('requires the form in FORM mode from home', async () => {
    const session = await ready();
    const response = await post(session, { form: null });
    expect(response.statusCode).toBe(400);
    expect(response.json().error.fields).toEqual([{ path: 'form', message: 'is required' }]);
    expect(await storedCheckIns(session.appointmentId)).toHaveLength(0);
  });

  it('stores what was submitted, the referrer as the directory names them, and prefills the Medicare number', async () => {
    const session = await ready();
    const response = await post(session, {
      form: validForm(referrer, { medicareNumber: '2123 45670 1', gender: 'OTHER' }),
    });
    expect(response.statusCode, response.body).toBe(202);
    const [stored] = await storedCheckIns(session.appointmentId);
    expect(stored).toMatchObject({
      booking_key: session.bookingKey,
      channel: 'HOME',
      referrer_id: referrer,
      date_of_referral: '2026-02-20',
      medicare_number: validMedicareNumber,
      medicare_irn: 2,
      gender: 'OTHER',
      state: 'QUEUED',
      delivered_at: null,
    });
    expect(stored!.referrer_provider_number).toMatch(/^\d{6}[0-9A-Z][A-Z]$/);
    expect((await get(session)).json().patientMedicareNumber).toBe(validMedicareNumber);
    const actions = (await auditOf(session.appointmentId)).map((event) => event.action);
    expect(actions).toEqual(expect.arrayContaining(['check-in.submitted', 'check-in.read']));
    // The audit trail never holds the number itself.
    const audit = JSON.stringify(await auditOf(session.appointmentId));
    expect(audit).not.toContain(validMedicareNumber);
  });
});

describe('who may call', () => {
  it('answers 401 without a session and 404 for an appointment of another key', async () => {
    const mine = await ready();
    const other = await ready();
    const anonymous = await testApp.app.inject({ method: 'GET', url: checkInUrl(mine) });
    expect(anonymous.statusCode).toBe(401);
    const anonymousPost = await testApp.app.inject({
      method: 'POST',
      url: checkInUrl(mine),
      payload: { form: validForm(referrer) },
    });
    expect(anonymousPost.statusCode).toBe(401);
    const crossed = { ...mine, appointmentId: other.appointmentId };
    expect((await get(crossed)).statusCode).toBe(404);
    expect((await post(crossed, { form: validForm(referrer) })).statusCode).toBe(404);
    expect(await storedCheckIns(other.appointmentId)).toHaveLength(0);
  });

  it('is disabled for an appointment that is not BOOKED', async () => {
    const session = await ready();
    await testApp.database.db
      .updateTable('appointments')
      .set({ status: 'CANCELED' })
      .where('id', '=', session.appointmentId)
      .execute();
    expect((await get(session)).json().enabled).toBe(false);
    const refused = await post(session, { form: validForm(referrer) });
    expect(refused.statusCode).toBe(409);
    expect(refused.json().error.code).toBe(checkInErrorCodes.disabled);
  });
});

describe('once per appointment', () => {
  it('answers a repeat with the stored check-in (200) and queues no second event', async () => {
    const session = await ready();
    const first = await post(session, { form: validForm(referrer) });
    expect(first.statusCode).toBe(202);
    const before = await webhookMessages();
    const again = await post(session, { form: validForm(referrer, { referenceNumber: 3 }) });
    expect(again.statusCode).toBe(200);
    expect(again.json().checkIn.id).toBe(first.json().checkIn.id);
    expect(await webhookMessages()).toBe(before);
    expect((await storedCheckIns(session.appointmentId))[0]!.medicare_irn).toBe(2);
  });

  it('stores exactly one check-in and one event for concurrent submissions', async () => {
    const session = await ready();
    const before = await webhookMessages();
    const answers = await Promise.all(
      Array.from({ length: 4 }, () => post(session, { form: validForm(referrer) })),
    );
    expect(answers.map((answer) => answer.statusCode).sort()).toEqual([200, 200, 200, 202]);
    expect(new Set(answers.map((answer) => answer.json().checkIn.id)).size).toBe(1);
    expect(await storedCheckIns(session.appointmentId)).toHaveLength(1);
    expect(await webhookMessages()).toBe(before + 1);
  });
});

describe('at a kiosk', () => {
  it('checks in without a form, recording the channel and the device in the audit trail', async () => {
    const session = await ready();
    const deviceId = '7b0f8a52-1c7e-4d0b-9a53-3f2f7f1d2a11';
    const response = await post(
      session,
      { form: null },
      `${session.cookie}; kioskIdentity=Reception%20tablet%201; patientKioskIdentity=${deviceId}`,
    );
    expect(response.statusCode, response.body).toBe(202);
    expect(response.json().checkIn.channel).toBe('KIOSK');
    const [stored] = await storedCheckIns(session.appointmentId);
    expect(stored).toMatchObject({
      channel: 'KIOSK',
      kiosk_device_name: 'Reception tablet 1',
      medicare_number: null,
    });
    const submitted = (await auditOf(session.appointmentId)).find(
      (event) => event.action === 'check-in.submitted',
    );
    expect(submitted?.details).toMatchObject({
      channel: 'KIOSK',
      kioskDeviceName: 'Reception tablet 1',
      kioskDeviceId: deviceId,
    });
  });
});

describe('OpenAPI', () => {
  it('publishes the patient and provider check-in calls', async () => {
    const document = (await testApp.app.inject({ method: 'GET', url: '/api/openapi.json' })).json();
    const item = '/api/secured/appointments/{bookingKey}/items/{appointmentId}/check_in';
    expect(document.paths[item].get).toBeDefined();
    expect(Object.keys(document.paths[item].post.responses)).toEqual(
      expect.arrayContaining(['200', '202', '400', '401', '404', '409', '422']),
    );
    expect(document.paths['/api/integration/check_ins/{checkInId}/acknowledge'].post).toBeDefined();
    expect(document.paths['/api/integration/check_ins'].get).toBeDefined();
  });
});
