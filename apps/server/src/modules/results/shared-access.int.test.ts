import { createHash, randomBytes } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildTestApp, demoProvider, type TestApp } from '../../../test/build-test-app.ts';
import { authenticate, demoPatient } from '../../../test/factories/authentication.ts';
import {
  appointmentIdOf,
  createShare,
  demoResultKeys,
  latestShareToken,
  seedDemoResultsForTest,
  signInForResults,
} from '../../../test/factories/results.ts';
import { fixedClock } from '../../adapters/clock.ts';
import { sharedResultsAccess } from './index.ts';

/**
 * What a shared link opens, and what it does not (docs/decisions/023): unknown, revoked,
 * expired and other patients' tokens take the path of a wrong date of birth and answer the
 * same bytes; guessed tokens open nothing; a recipient's session reaches no other route.
 */
const clock = fixedClock('2026-03-02T00:00:00Z');
const dob = demoPatient.date_of_birth;
const key = demoResultKeys.latest;
const sha256 = (value: string) => createHash('sha256').update(value).digest('hex');
const newToken = () => randomBytes(32).toString('base64url');
let testApp: TestApp;
let patientCookie: string;
let address = 0;
const from = () => `10.60.${Math.floor(address / 200)}.${(address++ % 200) + 1}`;
const db = () => testApp.database.db;

/** A share row written directly (a state the API reaches only with time or a revoke). */
async function insertShare(
  token: string,
  options: { bookingKey?: string; patientId?: string; revoked?: boolean; expired?: boolean } = {},
) {
  const owner = await db()
    .selectFrom('appointments')
    .select(['patient_id', 'id'])
    .where('booking_key', '=', options.bookingKey ?? key)
    .executeTakeFirstOrThrow();
  const now = clock.now().getTime();
  await db()
    .insertInto('result_shares')
    .values({
      booking_key: options.bookingKey ?? key,
      patient_id: options.patientId ?? owner.patient_id,
      token_hash: sha256(token),
      type: 'RESULT',
      appointment_id: owner.id,
      contact_details: 'someone@example.org',
      contact_details_type: 'EMAIL',
      contact_name: null,
      note: null,
      created_at: new Date(now - (options.expired ? 2 : 0) * 86_400_000 - 1000),
      expires_at: new Date(now + (options.expired ? -1 : 14) * 86_400_000),
      revoked_at: options.revoked ? new Date(now - 1000) : null,
    })
    .execute();
}

/** Another patient (another date of birth) with a completed appointment under its own key. */
async function seedAnotherPatient() {
  const otherKey = 'other-patient-results-key-0000001';
  const patient = await db()
    .insertInto('patients')
    .values({ ...demoPatient, first_name: 'Alex', date_of_birth: '1990-02-02' })
    .returning('id')
    .executeTakeFirstOrThrow();
  const template = await db()
    .selectFrom('appointments')
    .selectAll()
    .where('booking_key', '=', key)
    .executeTakeFirstOrThrow();
  await db()
    .insertInto('booking_keys')
    .values({
      key: otherKey,
      status: 'USED',
      created_at: clock.now(),
      used_at: clock.now(),
      expires_at: new Date(clock.now().getTime() + 3_600_000),
    })
    .execute();
  await db()
    .insertInto('appointments')
    .values({
      booking_key: otherKey,
      exam_id: template.exam_id,
      clinic_id: template.clinic_id,
      resource_id: template.resource_id,
      starts_at: template.starts_at,
      ends_at: template.ends_at,
      status: 'COMPLETED',
      patient_id: patient.id,
    })
    .execute();
  return otherKey;
}

const sharedSignIn = (token: string, dateOfBirth = dob) =>
  authenticate(
    testApp.app,
    {
      bookingKey: token,
      dateOfBirth,
      authenticationType: 'APPOINTMENT_RESULTS',
      shared: true,
    } as Parameters<typeof authenticate>[1],
    { remoteAddress: from() },
  );

/** What a sign-in left behind: its attempt rows and its audit action, under the token's hash. */
async function traceOf(token: string) {
  const attempts = await db()
    .selectFrom('authentication_attempts')
    .select('kind')
    .where('booking_key', '=', sha256(token))
    .execute();
  const audit = await db()
    .selectFrom('audit_events')
    .select(['action', 'details'])
    .where('subject_id', '=', sha256(sha256(token)))
    .execute();
  return {
    attempts: attempts.map((row) => row.kind),
    audit: audit.map((row) => [row.action, row.details]),
  };
}

beforeAll(async () => {
  testApp = await buildTestApp({ clock });
  await seedDemoResultsForTest(db(), clock);
  patientCookie = await signInForResults(testApp.app, db(), clock, {
    bookingKey: key,
    dateOfBirth: dob,
    remoteAddress: from(),
  });
});
afterAll(async () => {
  await testApp?.close();
});

describe('tokens that open nothing', () => {
  it('answer a revoked, expired, unknown or other patient token like a wrong date of birth', async () => {
    const live = newToken();
    const revoked = newToken();
    const expired = newToken();
    const unknown = newToken();
    const otherPatients = newToken();
    await insertShare(live);
    await insertShare(revoked, { revoked: true });
    await insertShare(expired, { expired: true });
    await insertShare(otherPatients, { bookingKey: await seedAnotherPatient() });

    const wrongDate = await sharedSignIn(live, '1975-08-22');
    const answers = [
      await sharedSignIn(revoked),
      await sharedSignIn(expired),
      await sharedSignIn(unknown),
      await sharedSignIn(otherPatients),
    ];
    expect(wrongDate.json()).toMatchObject({ success: false, maxAttemptsReached: false });
    for (const answer of answers) {
      expect(answer.statusCode).toBe(wrongDate.statusCode);
      expect(answer.body).toBe(wrongDate.body);
      expect(answer.cookies.map((cookie) => cookie.name)).toEqual(
        wrongDate.cookies.map((cookie) => cookie.name),
      );
    }
    const expected = await traceOf(live);
    expect(expected.attempts).toEqual(['DATE_OF_BIRTH']);
    expect(expected.audit).toEqual([
      ['access.sign-in.failed', { authenticationType: 'APPOINTMENT_RESULTS', shared: true }],
    ]);
    for (const token of [revoked, expired, unknown, otherPatients]) {
      expect(await traceOf(token)).toEqual(expected);
    }
    // No audit entry names a token or the date of birth.
    const trail = JSON.stringify(await db().selectFrom('audit_events').selectAll().execute());
    for (const token of [live, revoked, expired, unknown, otherPatients, dob]) {
      expect(trail).not.toContain(token);
    }
  });

  it('opens nothing for 10,000 guessed tokens', async () => {
    const provider = demoProvider();
    const access = sharedResultsAccess({
      db: db(),
      clock,
      settings: provider.patientPortal.results,
      providerName: provider.radiology.name,
      publicUrl: testApp.env.publicUrl,
      defaultLocale: 'en-AU',
    });
    let opened = 0;
    for (let index = 0; index < 10_000; index += 1) {
      if (await access.findActiveShare(sha256(newToken()))) opened += 1;
    }
    expect(opened).toBe(0);
    // And over HTTP, from many addresses: the same failure every time.
    const bodies = new Set<string>();
    for (let index = 0; index < 40; index += 1) {
      const answer = await sharedSignIn(newToken());
      expect(answer.cookies).toEqual([]);
      bodies.add(answer.body);
    }
    expect(bodies.size).toBe(1);
  }, 60_000);

  it('stops a token after the failed attempts a booking key gets', async () => {
    const token = newToken();
    await insertShare(token);
    let last = await sharedSignIn(token, '1975-01-01');
    for (let index = 0; index < 4; index += 1) last = await sharedSignIn(token, '1975-01-01');
    expect(last.json()).toMatchObject({ success: false, maxAttemptsReached: true });
    // Now even the right date of birth is refused.
    expect((await sharedSignIn(token)).json()).toMatchObject({
      success: false,
      maxAttemptsReached: true,
    });
  });
});

describe("a recipient's session", () => {
  it('is refused by every secured route but the shared read of its own token', async () => {
    const created = await createShare(testApp.app, patientCookie, key, {
      contactDetails: 'gp@example.org',
      contactDetailsType: 'EMAIL',
      type: 'HISTORY',
    });
    expect(created.statusCode, created.body).toBe(201);
    const token = await latestShareToken(db());
    const cookie = await signInForResults(testApp.app, db(), clock, {
      bookingKey: token,
      dateOfBirth: dob,
      remoteAddress: from(),
      shared: true,
    });
    const own = await testApp.app.inject({
      method: 'GET',
      url: `/api/secured/shared/${token}/result`,
      headers: { cookie },
    });
    expect(own.statusCode, own.body).toBe(200);

    const document = (await testApp.app.inject({ method: 'GET', url: '/api/openapi.json' })).json();
    const routes: Array<{ method: 'GET'; url: string }> = [];
    for (const [path, operations] of Object.entries<Record<string, unknown>>(document.paths)) {
      if (!path.startsWith('/api/secured/')) continue;
      for (const method of Object.keys(operations)) {
        for (const bookingKey of [key, token, sha256(token)]) {
          const url = path
            .replace('{bookingKey}', bookingKey)
            // Another share's token on the shared read: a session reads its own share only.
            .replace('{shareToken}', newToken())
            .replace(/\{[^}]+\}/g, crypto.randomUUID());
          routes.push({ method: method.toUpperCase() as 'GET', url });
        }
      }
    }
    expect(routes.length).toBeGreaterThanOrEqual(30);
    for (const route of routes) {
      const answer = await testApp.app.inject({
        ...route,
        headers: { cookie },
        ...(route.method === 'GET' ? {} : { payload: {} }),
      });
      expect(answer.statusCode, `${route.method} ${route.url}`).toBe(401);
    }
    expect(await appointmentIdOf(db(), key)).toBeTruthy();
  });
});
