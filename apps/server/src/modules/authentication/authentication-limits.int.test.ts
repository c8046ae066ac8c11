import { createHash, randomBytes } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildTestApp, demoProvider, type TestApp } from '../../../test/build-test-app.ts';
import {
  authenticate,
  demoBookingKeys,
  demoPatient,
  seedDemoBookingsForTest,
} from '../../../test/factories/authentication.ts';
import { createTestDatabase } from '../../../test/test-database.ts';
import { fixedClock } from '../../adapters/clock.ts';
import { createPostgresDb, type DatabaseHandle } from '../../db/create-db.ts';

/**
 * The attempt limits live in the database: two app instances on one database
 * share them, and a new instance (a restart) still knows them. On PostgreSQL
 * the second instance has its own connection pool, as a second server would.
 */
const clock = fixedClock('2026-03-02T00:00:00Z');
const key = demoBookingKeys.appointment;
const wrongDob = '1975-08-22';
let database: DatabaseHandle & { url: string | null };
let secondPool: DatabaseHandle | undefined;
const apps: TestApp[] = [];

async function instance(database: DatabaseHandle, providerAuthentication = {}) {
  const provider = demoProvider();
  const app = await buildTestApp({
    clock,
    database,
    provider: {
      ...provider,
      authentication: { ...provider.authentication, ...providerAuthentication },
    },
  });
  apps.push(app);
  return app;
}

beforeAll(async () => {
  database = await createTestDatabase();
  await seedDemoBookingsForTest(database.db, clock);
  if (database.url) secondPool = createPostgresDb(database.url, 2);
});
afterAll(async () => {
  for (const app of apps) await app.close();
  await secondPool?.close();
  await database?.close();
});

describe('attempt limits held in the database', () => {
  it('count wrong dates of birth across two instances, and survive a restart', async () => {
    const first = await instance(database);
    const second = await instance(secondPool ?? database);
    const answers = [];
    for (let i = 0; i < 5; i += 1) {
      const app = i % 2 === 0 ? first.app : second.app;
      const response = await authenticate(
        app,
        { bookingKey: key, dateOfBirth: wrongDob },
        { remoteAddress: `10.1.0.${i}` },
      );
      answers.push(response.json().maxAttemptsReached);
    }
    // maxFailedAttemptsPerBookingKey is 5: the fifth wrong date reaches it.
    expect(answers).toEqual([false, false, false, false, true]);
    const right = await authenticate(
      second.app,
      { bookingKey: key, dateOfBirth: demoPatient.date_of_birth },
      { remoteAddress: '10.1.1.1' },
    );
    expect(right.json()).toMatchObject({ success: false, maxAttemptsReached: true });

    // "Restart": both instances gone, a new one on the same database.
    await first.app.close();
    await second.app.close();
    const restarted = await instance(database);
    const afterRestart = await authenticate(
      restarted.app,
      { bookingKey: key, dateOfBirth: demoPatient.date_of_birth },
      { remoteAddress: '10.1.1.2' },
    );
    expect(afterRestart.json()).toMatchObject({ success: false, maxAttemptsReached: true });
    expect(afterRestart.cookies).toHaveLength(0);

    // The window slides: an hour later the patient gets in.
    const start = clock.now();
    try {
      clock.set(new Date(start.getTime() + 61 * 60_000));
      const later = await authenticate(
        restarted.app,
        { bookingKey: key, dateOfBirth: demoPatient.date_of_birth },
        { remoteAddress: '10.1.1.3' },
      );
      expect(later.json()).toMatchObject({ success: true, maxAttemptsReached: false });
    } finally {
      clock.set(start);
    }
  });

  it('limit one client address guessing many keys, on every instance', async () => {
    const limited = { maxFailedAttemptsPerClientAddress: 4 };
    const first = await instance(database, limited);
    const second = await instance(secondPool ?? database, limited);
    const address = '10.2.0.1';
    const answers = [];
    for (let i = 0; i < 4; i += 1) {
      const response = await authenticate(
        (i % 2 === 0 ? first : second).app,
        { bookingKey: randomBytes(24).toString('base64url'), dateOfBirth: wrongDob },
        { remoteAddress: address },
      );
      answers.push(response.json().maxAttemptsReached);
    }
    expect(answers).toEqual([false, false, false, true]);
    // Even a right key and date from that address are refused now...
    const pending = demoBookingKeys.pendingAppointment;
    const blocked = await authenticate(
      first.app,
      { bookingKey: pending, dateOfBirth: demoPatient.date_of_birth },
      { remoteAddress: address },
    );
    expect(blocked.json()).toMatchObject({ success: false, maxAttemptsReached: true });
    // ...while another address is not affected.
    const elsewhere = await authenticate(
      second.app,
      { bookingKey: pending, dateOfBirth: demoPatient.date_of_birth },
      { remoteAddress: '10.2.0.2' },
    );
    expect(elsewhere.json()).toMatchObject({ success: true });
  });

  it('hold under a burst of parallel guesses at one key', async () => {
    const first = await instance(database);
    const second = await instance(secondPool ?? database);
    const target = demoBookingKeys.bookingRequest;
    const responses = await Promise.all(
      Array.from({ length: 12 }, (_, i) =>
        authenticate(
          (i % 2 === 0 ? first : second).app,
          {
            bookingKey: target,
            // One of them has the right date: it must not get through past the limit.
            dateOfBirth: i === 11 ? demoPatient.date_of_birth : wrongDob,
            authenticationType: 'BOOKING_REQUEST',
          },
          { remoteAddress: `10.3.0.${i}` },
        ),
      ),
    );
    expect(responses.every((response) => response.statusCode === 200)).toBe(true);
    // At most maxFailedAttemptsPerBookingKey (5) attempts were checked at all; the rest were blocked.
    const audit = await database.db
      .selectFrom('audit_events')
      .select('action')
      .where('subject_type', '=', 'booking_key')
      .where('subject_id', '=', createHash('sha256').update(target).digest('hex'))
      .execute();
    const actions = audit.map((row) => row.action);
    const checked = actions.filter(
      (action) => action === 'access.sign-in.failed' || action === 'access.sign-in.succeeded',
    );
    expect(checked.length).toBeLessThanOrEqual(5);
    expect(actions.filter((action) => action === 'access.sign-in.blocked').length).toBe(
      12 - checked.length,
    );
  });
});
