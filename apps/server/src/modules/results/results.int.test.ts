import { createHash } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildTestApp, type TestApp } from '../../../test/build-test-app.ts';
import {
  authenticate,
  demoBookingKeys,
  demoPatient,
} from '../../../test/factories/authentication.ts';
import {
  demoResultKeys,
  seedDemoResultsForTest,
  signInForResults,
} from '../../../test/factories/results.ts';
import { fixedClock } from '../../adapters/clock.ts';
import { listDemoBookings } from '../../db/seed/demo-bookings.ts';
import { seedDemoResults } from '../../db/seed/demo-results.ts';
import { apiKeys } from '../integration/index.ts';

/**
 * Results, the patient match and the history (docs/product/results-and-sharing.md), and the
 * provider's release of a report through the integration surface.
 */
const clock = fixedClock('2026-03-02T00:00:00Z');
const dob = demoPatient.date_of_birth;
let testApp: TestApp;
let providerKey: string;
let address = 0;
const from = () => `10.40.0.${++address}`;
const signIn = (bookingKey: string) =>
  signInForResults(testApp.app, testApp.database.db, clock, {
    bookingKey,
    dateOfBirth: dob,
    remoteAddress: from(),
  });
const get = (url: string, cookie: string) =>
  testApp.app.inject({ method: 'GET', url, headers: { cookie } });
const post = (url: string, payload: object, cookie: string, remoteAddress = '10.40.1.1') =>
  testApp.app.inject({ method: 'POST', url, payload, headers: { cookie }, remoteAddress });

/** Another person: the same last name, another date of birth and e-mail, a released result. */
async function seedAnotherPatient() {
  const db = testApp.database.db;
  const key = 'other-results-key-000000000000001';
  const patient = await db
    .insertInto('patients')
    .values({ ...demoPatient, date_of_birth: '1980-01-01', email: 'someone.else@example.org' })
    .returning('id')
    .executeTakeFirstOrThrow();
  const template = await db
    .selectFrom('appointments')
    .selectAll()
    .where('booking_key', '=', demoResultKeys.latest)
    .executeTakeFirstOrThrow();
  await db
    .insertInto('booking_keys')
    .values({
      key,
      status: 'USED',
      created_at: clock.now(),
      used_at: clock.now(),
      expires_at: new Date(clock.now().getTime() + 3_600_000),
    })
    .execute();
  const appointment = await db
    .insertInto('appointments')
    .values({
      booking_key: key,
      exam_id: template.exam_id,
      clinic_id: template.clinic_id,
      resource_id: template.resource_id,
      starts_at: template.starts_at,
      ends_at: template.ends_at,
      status: 'COMPLETED',
      patient_id: patient.id,
    })
    .returning('id')
    .executeTakeFirstOrThrow();
  await db
    .insertInto('appointment_results')
    .values({
      appointment_id: appointment.id,
      report_title: 'Someone else',
      report_text: 'Not yours.',
      released_at: clock.now(),
      released_by: 'provider:test',
    })
    .execute();
  return { key, appointmentId: appointment.id };
}

beforeAll(async () => {
  testApp = await buildTestApp({ clock });
  await seedDemoResultsForTest(testApp.database.db, clock);
  providerKey = (await apiKeys({ db: testApp.database.db, clock }).create('ris')).key;
});
afterAll(async () => {
  await testApp?.close();
});

describe('the demo results', () => {
  it('are seeded once and listed in the start-up banner', async () => {
    expect(await seedDemoResults(testApp.database.db, { now: clock.now() })).toBe(0);
    const lines = await listDemoBookings(testApp.database.db);
    expect(lines.filter((line) => line.kind === 'result')).toEqual([
      {
        kind: 'result',
        bookingKey: demoResultKeys.latest,
        path: 'appointments',
        suffix: '/result',
      },
      {
        kind: 'result',
        bookingKey: demoResultKeys.earlier,
        path: 'appointments',
        suffix: '/result',
      },
    ]);
  });
});

describe('the results of a key', () => {
  it('shows the released report, audited by the key hash', async () => {
    const cookie = await signIn(demoResultKeys.latest);
    const response = await get(`/api/secured/appointments/${demoResultKeys.latest}/result`, cookie);
    expect(response.statusCode, response.body).toBe(200);
    expect(response.headers['cache-control']).toBe('no-store');
    const body = response.json();
    expect(body).toMatchObject({
      bookingKey: demoResultKeys.latest,
      patient: { firstName: 'Jordan', lastName: 'Sample' },
      shared: false,
      shareType: null,
    });
    expect(body.results).toHaveLength(1);
    expect(body.results[0]).toMatchObject({
      status: 'AVAILABLE',
      exam: { name: expect.any(String), modalityName: 'CT' },
      report: { title: 'CT chest: report', text: expect.stringContaining('normal CT') },
      imagesAvailable: false,
    });
    expect(new Date(body.accessExpiresAt).getTime()).toBeGreaterThan(clock.now().getTime());
    const audit = await testApp.database.db
      .selectFrom('audit_events')
      .select(['subject_id', 'details'])
      .where('action', '=', 'patient-data.read')
      .orderBy('occurred_at', 'desc')
      .orderBy('id', 'desc')
      .executeTakeFirstOrThrow();
    expect(audit.subject_id).toBe(createHash('sha256').update(demoResultKeys.latest).digest('hex'));
    expect(JSON.stringify(audit.details)).not.toContain(demoResultKeys.latest);
  });

  it('lists an appointment without a released report as NOT_READY', async () => {
    const cookie = await signIn(demoBookingKeys.appointment);
    const response = await get(
      `/api/secured/appointments/${demoBookingKeys.appointment}/result`,
      cookie,
    );
    expect(response.statusCode, response.body).toBe(200);
    expect(response.json().results).toEqual([
      expect.objectContaining({ status: 'NOT_READY', report: null, releasedAt: null }),
    ]);
  });

  it("refuses another key's session", async () => {
    const cookie = await signIn(demoResultKeys.earlier);
    const response = await get(`/api/secured/appointments/${demoResultKeys.latest}/result`, cookie);
    expect(response.statusCode).toBe(401);
  });
});

describe('the patient match and the history', () => {
  it('matches the date of birth and e-mail (any case) or contact number', async () => {
    const cookie = await signIn(demoResultKeys.latest);
    const url = `/api/secured/appointments/${demoResultKeys.latest}/result/patient_match`;
    const byEmail = await post(
      url,
      { dateOfBirth: dob, email: 'Jordan.Sample@EXAMPLE.org', otpType: 'EMAIL' },
      cookie,
    );
    expect(byEmail.statusCode, byEmail.body).toBe(200);
    expect(byEmail.json()).toEqual({ historyAppointments: demoResultKeys.latest });
    const bySms = await post(
      url,
      { dateOfBirth: dob, contactNumber: '0491 570 006', otpType: 'SMS' },
      cookie,
    );
    expect(bySms.statusCode, bySms.body).toBe(200);
  });

  it('refuses a wrong match with PATIENT_MATCHING_FAILED, counted until blocked', async () => {
    const cookie = await signIn(demoResultKeys.earlier);
    const url = `/api/secured/appointments/${demoResultKeys.earlier}/result/patient_match`;
    const attempts = () =>
      testApp.database.db
        .selectFrom('authentication_attempts')
        .select('id')
        .where('booking_key', '=', demoResultKeys.earlier)
        .execute();
    const before = (await attempts()).length;
    const wrong = await post(
      url,
      { dateOfBirth: '1975-08-22', email: demoPatient.email, otpType: 'EMAIL' },
      cookie,
      '10.40.2.1',
    );
    expect(wrong.statusCode).toBe(422);
    expect(wrong.json().error.code).toBe('PATIENT_MATCHING_FAILED');
    expect((await attempts()).length).toBe(before + 1);
    const missing = await post(url, { dateOfBirth: dob, otpType: 'SMS' }, cookie, '10.40.2.1');
    expect(missing.statusCode).toBe(400);
    let last = wrong;
    for (let index = 0; index < 5; index += 1) {
      last = await post(
        url,
        { dateOfBirth: dob, email: 'not.me@example.org', otpType: 'EMAIL' },
        cookie,
        '10.40.2.1',
      );
    }
    expect(last.statusCode).toBe(429);
    expect(last.json().error.code).toBe('MAX_ATTEMPTS_REACHED');
  });

  it("lists both demo results, newest first, and nothing of another person's", async () => {
    const other = await seedAnotherPatient();
    const cookie = await signIn(demoResultKeys.latest);
    const response = await get(
      `/api/secured/appointments/${demoResultKeys.latest}/result/history`,
      cookie,
    );
    expect(response.statusCode, response.body).toBe(200);
    const { results } = response.json();
    expect(results.map((result: { report: { title: string } }) => result.report.title)).toEqual([
      'CT chest: report',
      'MRI right knee: report',
    ]);
    expect(JSON.stringify(results)).not.toContain(other.appointmentId);
  });
});

describe('the provider releases a report', () => {
  const url = (key: string, appointmentId: string) =>
    `/api/integration/bookings/${key}/appointments/${appointmentId}/result`;
  const put = (target: string, authorization: string | null, payload: object) =>
    testApp.app.inject({
      method: 'PUT',
      url: target,
      payload,
      headers: authorization ? { authorization } : {},
    });
  const report = { reportTitle: 'Bone density: report', reportText: 'Normal for age.' };

  it('refuses a call without the provider key, and a booked appointment', async () => {
    const booked = await testApp.database.db
      .selectFrom('appointments')
      .select('id')
      .where('booking_key', '=', demoBookingKeys.appointment)
      .executeTakeFirstOrThrow();
    const target = url(demoBookingKeys.appointment, booked.id);
    expect((await put(target, null, report)).statusCode).toBe(401);
    expect((await put(target, 'Bearer pk_nope', report)).statusCode).toBe(401);
    const refused = await put(target, `Bearer ${providerKey}`, report);
    expect(refused.statusCode).toBe(409);
    expect(refused.json().error.code).toBe('APPOINTMENT_NOT_COMPLETED');
    expect(
      await testApp.database.db
        .selectFrom('appointment_results')
        .select('appointment_id')
        .where('appointment_id', '=', booked.id)
        .execute(),
    ).toEqual([]);
    const unknown = await put(
      url(demoBookingKeys.appointment, crypto.randomUUID()),
      `Bearer ${providerKey}`,
      report,
    );
    expect(unknown.statusCode).toBe(404);
    const empty = await put(target, `Bearer ${providerKey}`, { reportTitle: '', reportText: '' });
    expect(empty.statusCode).toBe(400);
  });

  it('releases a completed appointment, which the patient then reads', async () => {
    const db = testApp.database.db;
    const booked = await db
      .selectFrom('appointments')
      .select('id')
      .where('booking_key', '=', demoBookingKeys.appointment)
      .executeTakeFirstOrThrow();
    await db
      .updateTable('appointments')
      .set({ status: 'COMPLETED', ended_at: clock.now() })
      .where('id', '=', booked.id)
      .execute();
    const released = await put(
      url(demoBookingKeys.appointment, booked.id),
      `Bearer ${providerKey}`,
      report,
    );
    expect(released.statusCode, released.body).toBe(200);
    expect(released.json()).toEqual({
      appointmentId: booked.id,
      releasedAt: clock.now().toISOString(),
    });
    const cookie = await signIn(demoBookingKeys.appointment);
    const read = await get(
      `/api/secured/appointments/${demoBookingKeys.appointment}/result`,
      cookie,
    );
    expect(read.json().results[0]).toMatchObject({
      status: 'AVAILABLE',
      report: { title: report.reportTitle, text: report.reportText },
    });
    const audit = await db
      .selectFrom('audit_events')
      .select(['actor'])
      .where('action', '=', 'results.released')
      .executeTakeFirstOrThrow();
    expect(audit.actor).toBe('provider:ris');
    const notices = async () =>
      db
        .selectFrom('outbox_messages')
        .select(['recipient', 'body_text'])
        .where('template', '=', 'RESULT_RELEASED')
        .execute();
    const [notice, ...more] = await notices();
    expect(more).toEqual([]);
    expect(notice?.recipient).toBe('jordan.sample@example.org');
    expect(notice?.body_text).toContain(`/appointments/${demoBookingKeys.appointment}/result`);
    expect(notice?.body_text).not.toContain(report.reportText);
    // A corrected report replaces the first without a second e-mail.
    const again = await put(url(demoBookingKeys.appointment, booked.id), `Bearer ${providerKey}`, {
      ...report,
      reportText: 'Normal for age. Addendum: compared with 2024.',
    });
    expect(again.statusCode).toBe(200);
    expect(await notices()).toHaveLength(1);
  });
});

describe('the sign-in for results', () => {
  it('still refuses a wrong date of birth', async () => {
    const response = await authenticate(
      testApp.app,
      {
        bookingKey: demoResultKeys.latest,
        dateOfBirth: '1975-08-22',
        authenticationType: 'APPOINTMENT_RESULTS',
      },
      { remoteAddress: from() },
    );
    expect(response.json()).toMatchObject({ success: false });
  });
});

describe('the end of the access period', () => {
  it('answers RESULTS_EXPIRED once the access period has passed', async () => {
    // Released 118 days before the seed; 365 days of access. The clock only moves on (OTP
    // messages are counted by time), so this runs last.
    clock.set(new Date(clock.now().getTime() + 250 * 86_400_000));
    const cookie = await signIn(demoResultKeys.earlier);
    const response = await get(
      `/api/secured/appointments/${demoResultKeys.earlier}/result`,
      cookie,
    );
    expect(response.statusCode, response.body).toBe(403);
    expect(response.json().error.code).toBe('RESULTS_EXPIRED');
    // The later result is still within its period.
    const latest = await get(
      `/api/secured/appointments/${demoResultKeys.latest}/result`,
      await signIn(demoResultKeys.latest),
    );
    expect(latest.statusCode).toBe(200);
  });
});
