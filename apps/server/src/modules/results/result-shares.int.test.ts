import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildTestApp, demoProvider, type TestApp } from '../../../test/build-test-app.ts';
import { demoPatient } from '../../../test/factories/authentication.ts';
import {
  appointmentIdOf,
  createShare,
  demoResultKeys,
  latestShareToken,
  seedDemoResultsForTest,
  signInForResults,
} from '../../../test/factories/results.ts';
import { fixedClock } from '../../adapters/clock.ts';

/**
 * Sharing results (docs/product/results-and-sharing.md): the patient shares a result or the
 * history with a contact, the recipient signs in with the patient's date of birth and an OTP
 * sent to them, reads only what was shared, and the patient sees each access, gets a notice
 * and can revoke, which takes effect on the recipient's next request.
 */
const clock = fixedClock('2026-03-02T00:00:00Z');
const dob = demoPatient.date_of_birth;
const key = demoResultKeys.latest;
let testApp: TestApp;
/** The same database, with SMS sharing off. */
let noSms: TestApp;
let patientCookie: string;
let appointmentId: string;
let address = 0;
const from = () => `10.50.0.${++address}`;

const db = () => testApp.database.db;
const count = async (table: 'result_shares' | 'outbox_messages') =>
  (await db().selectFrom(table).select('id').execute()).length;
const sharedRead = (token: string, cookie: string) =>
  testApp.app.inject({
    method: 'GET',
    url: `/api/secured/shared/${token}/result`,
    headers: { cookie },
  });
const shares = () =>
  testApp.app.inject({
    method: 'GET',
    url: `/api/secured/appointments/${key}/result/shares`,
    headers: { cookie: patientCookie },
  });
const revoke = (shareId: string, bookingKey: string = key, cookie = patientCookie) =>
  testApp.app.inject({
    method: 'DELETE',
    url: `/api/secured/appointments/${bookingKey}/result/shares/${shareId}`,
    headers: { cookie },
  });
const recipientSignIn = (token: string) =>
  signInForResults(testApp.app, db(), clock, {
    bookingKey: token,
    dateOfBirth: dob,
    remoteAddress: from(),
    shared: true,
  });

beforeAll(async () => {
  testApp = await buildTestApp({ clock });
  await seedDemoResultsForTest(db(), clock);
  const provider = demoProvider();
  noSms = await buildTestApp({
    clock,
    database: testApp.database,
    provider: {
      ...provider,
      patientPortal: {
        ...provider.patientPortal,
        results: { ...provider.patientPortal.results, shareBySmsEnabled: false },
      },
    },
  });
  patientCookie = await signInForResults(testApp.app, db(), clock, {
    bookingKey: key,
    dateOfBirth: dob,
    remoteAddress: from(),
  });
  appointmentId = await appointmentIdOf(db(), key);
});
afterAll(async () => {
  await noSms?.close();
  await testApp?.close();
});

describe('creating a share', () => {
  const valid = () => ({
    contactDetails: 'gp@example.org',
    contactDetailsType: 'EMAIL',
    type: 'RESULT',
    appointmentId,
  });

  it('refuses every broken rule with a 4xx and stores and sends nothing', async () => {
    const otherKeyAppointment = await appointmentIdOf(db(), demoResultKeys.earlier);
    const cases: Array<[Record<string, unknown>, number, string]> = [
      [{ contactDetails: 'not-an-email' }, 422, 'INVALID_CONTACT_DETAILS'],
      [{ contactDetails: '0491570006' }, 422, 'INVALID_CONTACT_DETAILS'],
      [
        { contactDetails: 'gp@example.org', contactDetailsType: 'PHONE' },
        422,
        'INVALID_CONTACT_DETAILS',
      ],
      [{ contactDetails: '12345', contactDetailsType: 'PHONE' }, 422, 'INVALID_CONTACT_DETAILS'],
      [{ note: 'x'.repeat(151) }, 422, 'VALIDATION_FAILED'],
      [{ expiresInDays: 91 }, 422, 'VALIDATION_FAILED'],
      [{ contactName: 'x'.repeat(101) }, 400, 'VALIDATION_FAILED'],
      [{ type: 'EVERYTHING' }, 400, 'VALIDATION_FAILED'],
      [{ contactDetailsType: 'FAX' }, 400, 'VALIDATION_FAILED'],
      [{ appointmentId: undefined }, 422, 'SHARE_APPOINTMENT_INVALID'],
      [{ appointmentId: otherKeyAppointment }, 422, 'SHARE_APPOINTMENT_INVALID'],
      [{ appointmentId: crypto.randomUUID() }, 422, 'SHARE_APPOINTMENT_INVALID'],
    ];
    const before = [await count('result_shares'), await count('outbox_messages')];
    for (const [change, status, code] of cases) {
      const response = await createShare(testApp.app, patientCookie, key, {
        ...valid(),
        ...change,
      });
      expect(response.statusCode, JSON.stringify(change)).toBe(status);
      expect(response.json().error.code, JSON.stringify(change)).toBe(code);
    }
    // A phone number, with SMS sharing off.
    const phone = await createShare(noSms.app, patientCookie, key, {
      ...valid(),
      contactDetails: '+61491570006',
      contactDetailsType: 'PHONE',
    });
    expect(phone.statusCode).toBe(422);
    expect(phone.json().error.code).toBe('INVALID_CONTACT_DETAILS');
    expect([await count('result_shares'), await count('outbox_messages')]).toEqual(before);
  });

  it('shares by SMS when it is enabled (the number without its spaces)', async () => {
    const response = await createShare(testApp.app, patientCookie, key, {
      ...valid(),
      contactDetails: '+61 491 570 006',
      contactDetailsType: 'PHONE',
    });
    expect(response.statusCode, response.body).toBe(201);
    expect(response.json()).toMatchObject({ contactDetails: '+61491570006', type: 'RESULT' });
    const sms = await db()
      .selectFrom('outbox_messages')
      .select(['channel', 'recipient', 'body_text'])
      .where('template', '=', 'RESULT_SHARE_LINK')
      .orderBy('created_at', 'desc')
      .orderBy('id', 'desc')
      .executeTakeFirstOrThrow();
    expect(sms).toMatchObject({ channel: 'SMS', recipient: '+61491570006' });
    expect(sms.body_text.length).toBeLessThan(320);
  });
});

describe('a shared result, end to end', () => {
  let token: string;
  let shareId: string;
  let recipientCookie: string;

  it('sends the recipient a link naming the patient by first name only', async () => {
    const response = await createShare(testApp.app, patientCookie, key, {
      contactDetails: 'Dr.Who@Example.org',
      contactDetailsType: 'EMAIL',
      contactName: 'Dr Who',
      note: 'For Thursday',
      type: 'RESULT',
      appointmentId,
    });
    expect(response.statusCode, response.body).toBe(201);
    const record = response.json();
    shareId = record.id;
    expect(record).toMatchObject({
      contactName: 'Dr Who',
      note: 'For Thursday',
      dateRevoked: null,
      accesses: [],
    });
    // The default expiry: 14 days.
    expect(new Date(record.expiresAt).getTime() - new Date(record.dateCreatedUTC).getTime()).toBe(
      14 * 86_400_000,
    );
    const message = await db()
      .selectFrom('outbox_messages')
      .select(['recipient', 'subject', 'body_text'])
      .where('template', '=', 'RESULT_SHARE_LINK')
      .orderBy('created_at', 'desc')
      .orderBy('id', 'desc')
      .executeTakeFirstOrThrow();
    expect(message.recipient).toBe('Dr.Who@Example.org');
    expect(message.body_text).toContain('Jordan');
    expect(message.body_text).toContain('For Thursday');
    expect(`${message.subject} ${message.body_text}`).not.toContain(demoPatient.last_name);
    expect(message.body_text).not.toContain(dob);
    token = await latestShareToken(db());
    expect(token).toMatch(/^[A-Za-z0-9_-]{43}$/);
    // Stored only as its hash.
    const stored = JSON.stringify(await db().selectFrom('result_shares').selectAll().execute());
    expect(stored).not.toContain(token);
  });

  it('signs the recipient in with the date of birth and an OTP sent to them', async () => {
    recipientCookie = await recipientSignIn(token);
    const otp = await db()
      .selectFrom('outbox_messages')
      .select('recipient')
      .where('template', '=', 'ACCESS_OTP')
      .orderBy('created_at', 'desc')
      .orderBy('id', 'desc')
      .executeTakeFirstOrThrow();
    expect(otp.recipient).toBe('Dr.Who@Example.org');
    const session = await testApp.app.inject({
      method: 'GET',
      url: '/api/authentication/session',
      query: { bookingKey: token, authenticationType: 'APPOINTMENT_RESULTS', shared: 'true' },
      headers: { cookie: recipientCookie },
    });
    expect(session.statusCode).toBe(200);
    expect(session.json()).toMatchObject({ bookingKey: token, shared: true });
    const unshared = await testApp.app.inject({
      method: 'GET',
      url: '/api/authentication/session',
      query: { bookingKey: token, authenticationType: 'APPOINTMENT_RESULTS' },
      headers: { cookie: recipientCookie },
    });
    expect(unshared.statusCode).toBe(401);
  });

  it('shows only that result, records each access and notifies the patient once a while', async () => {
    const response = await sharedRead(token, recipientCookie);
    expect(response.statusCode, response.body).toBe(200);
    const body = response.json();
    expect(body).toMatchObject({ bookingKey: token, shared: true, shareType: 'RESULT' });
    expect(body.results.map((result: { appointmentId: string }) => result.appointmentId)).toEqual([
      appointmentId,
    ]);
    expect((await sharedRead(token, recipientCookie)).statusCode).toBe(200);
    const listed = (await shares())
      .json()
      .shares.find((share: { id: string }) => share.id === shareId);
    // The sign-in and two reads.
    expect(listed.accesses).toHaveLength(3);
    expect(listed.accesses[0]).toMatchObject({ clientAddress: expect.any(String) });
    const notices = await db()
      .selectFrom('outbox_messages')
      .select(['recipient', 'body_text'])
      .where('template', '=', 'RESULT_SHARE_ACCESSED')
      .execute();
    expect(notices).toHaveLength(1);
    expect(notices[0]?.recipient).toBe(demoPatient.email);
    expect(notices[0]?.body_text).toContain('Dr Who');
  });

  it('reaches nothing but the shared read', async () => {
    for (const url of [
      `/api/secured/appointments/${key}/result`,
      `/api/secured/appointments/${key}/result/history`,
      `/api/secured/appointments/${token}/result`,
    ]) {
      const response = await testApp.app.inject({
        method: 'GET',
        url,
        headers: { cookie: recipientCookie },
      });
      expect(response.statusCode, url).toBe(401);
    }
  });

  it("refuses to revoke another key's share, then revokes on the recipient's next request", async () => {
    const otherCookie = await signInForResults(testApp.app, db(), clock, {
      bookingKey: demoResultKeys.earlier,
      dateOfBirth: dob,
      remoteAddress: from(),
    });
    const foreign = await revoke(shareId, demoResultKeys.earlier, otherCookie);
    expect(foreign.statusCode).toBe(404);
    expect((await sharedRead(token, recipientCookie)).statusCode).toBe(200);

    expect((await revoke(shareId)).statusCode).toBe(204);
    const refused = await sharedRead(token, recipientCookie);
    expect(refused.statusCode).toBe(403);
    expect(refused.json().error.code).toBe('SHARE_REVOKED');
    // Idempotent: the first revoke time stays.
    const first = (await shares())
      .json()
      .shares.find((share: { id: string }) => share.id === shareId);
    clock.set(new Date(clock.now().getTime() + 60_000));
    expect((await revoke(shareId)).statusCode).toBe(204);
    const second = (await shares())
      .json()
      .shares.find((share: { id: string }) => share.id === shareId);
    expect(second.dateRevoked).toBe(first.dateRevoked);
    expect(first.dateRevoked).not.toBeNull();
  });
});

describe('a shared history', () => {
  it('shows every result of the patient, and nothing once the share expired', async () => {
    const created = await createShare(testApp.app, patientCookie, key, {
      contactDetails: 'partner@example.org',
      contactDetailsType: 'EMAIL',
      type: 'HISTORY',
      expiresInDays: 1,
    });
    expect(created.statusCode, created.body).toBe(201);
    expect(created.json().appointmentId).toBeNull();
    const token = await latestShareToken(db());
    const expiresAt = new Date(created.json().expiresAt).getTime();
    // Signed in 19 minutes before the expiry (the sign-in helper waits 11 minutes first).
    clock.set(new Date(expiresAt - 30 * 60_000));
    const cookie = await recipientSignIn(token);
    const read = await sharedRead(token, cookie);
    expect(read.statusCode, read.body).toBe(200);
    expect(read.json()).toMatchObject({ shareType: 'HISTORY' });
    expect(read.json().results).toHaveLength(2);
    clock.set(new Date(clock.now().getTime() + 10 * 60_000));
    expect((await sharedRead(token, cookie)).statusCode).toBe(200);

    // A minute past the expiry, the session still alive.
    clock.set(new Date(expiresAt + 60_000));
    const expired = await sharedRead(token, cookie);
    expect(expired.statusCode).toBe(403);
    expect(expired.json().error.code).toBe('SHARE_REVOKED');
  });
});
