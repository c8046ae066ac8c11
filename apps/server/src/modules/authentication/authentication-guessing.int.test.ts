import { randomBytes } from 'node:crypto';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { buildTestApp, demoProvider, type TestApp } from '../../../test/build-test-app.ts';
import {
  authenticate,
  demoBookingKeys,
  demoPatient,
  seedDemoBookingsForTest,
} from '../../../test/factories/authentication.ts';
import { fixedClock } from '../../adapters/clock.ts';

/**
 * Guessing booking keys opens nothing and learns nothing. The attempt limits
 * and the request rate limit are raised here, so every guess reaches the date
 * of birth check (the limits themselves are tested in access-limits).
 */
const clock = fixedClock('2026-03-02T00:00:00Z');
let testApp: TestApp;

beforeAll(async () => {
  const provider = demoProvider();
  testApp = await buildTestApp({
    clock,
    env: { RATE_LIMIT_MAX: '1000000' },
    provider: {
      ...provider,
      authentication: {
        ...provider.authentication,
        maxFailedAttemptsPerBookingKey: 1000,
        maxFailedAttemptsPerClientAddress: 100_000,
      },
    },
  });
  await seedDemoBookingsForTest(testApp.database.db, clock);
});
afterAll(() => testApp?.close());

const randomKey = () => randomBytes(24).toString('base64url');
const guess = (bookingKey: string, dateOfBirth = demoPatient.date_of_birth) =>
  authenticate(testApp.app, { bookingKey, dateOfBirth }, { remoteAddress: '10.9.0.1' });

it('1,000 guesses at random booking keys open nothing', async () => {
  const statuses = new Set<number>();
  const bodies = new Set<string>();
  let cookies = 0;
  const started = performance.now();
  // Ten at a time, as a guessing script would; the right date of birth of a real patient on keys
  // that do not exist.
  for (let batch = 0; batch < 100; batch += 1) {
    const responses = await Promise.all(Array.from({ length: 10 }, () => guess(randomKey())));
    for (const response of responses) {
      statuses.add(response.statusCode);
      bodies.add(response.body);
      cookies += response.cookies.length;
    }
  }
  const ms = performance.now() - started;
  if (process.env.ACCESS_TIMING_REPORT)
    process.stdout.write(`1,000 guesses: ${(ms / 1000).toFixed(2)} ms each\n`);
  // About 5 ms a guess on a quiet 2-core machine; the limit leaves room for a busy one.
  expect(ms / 1000, 'mean ms per guess').toBeLessThan(100);
  expect([...statuses]).toEqual([200]);
  expect(bodies.size).toBe(1);
  expect(JSON.parse([...bodies][0] as string)).toMatchObject({
    success: false,
    message: 'message.authentication_error',
  });
  expect(cookies).toBe(0);
  const sessions = await testApp.database.db
    .selectFrom('authentication_sessions')
    .select('id')
    .execute();
  expect(sessions).toHaveLength(0);
}, 120_000);

it('answers an existing key with a wrong date exactly as a key that does not exist', async () => {
  const existing = await guess(demoBookingKeys.appointment, '1975-08-22');
  const missing = await guess(randomKey(), '1975-08-22');
  expect(existing.statusCode).toBe(missing.statusCode);
  expect(existing.json()).toEqual(missing.json());
  expect(Object.keys(existing.headers).sort()).toEqual(Object.keys(missing.headers).sort());
  expect(existing.headers['set-cookie']).toBeUndefined();
});

it('takes about the same time for an existing and a missing key', async () => {
  const time = async (bookingKey: string) => {
    const start = process.hrtime.bigint();
    await guess(bookingKey, '1975-08-22');
    return Number(process.hrtime.bigint() - start) / 1e6;
  };
  // Interleaved, so drift in machine load hits both sides alike; medians resist outliers.
  const existing: number[] = [];
  const missing: number[] = [];
  for (let i = 0; i < 100; i += 1) {
    existing.push(await time(demoBookingKeys.appointment));
    missing.push(await time(randomKey()));
  }
  const median = (values: number[]) => {
    const sorted = [...values].sort((a, b) => a - b);
    return sorted[Math.floor(sorted.length / 2)] as number;
  };
  const a = median(existing);
  const b = median(missing);
  if (process.env.ACCESS_TIMING_REPORT) {
    process.stdout.write(`median existing ${a.toFixed(2)} ms, missing ${b.toFixed(2)} ms\n`);
  }
  // Same queries and the same comparison on both paths; a 2-core machine shared with
  // other test runs jitters by milliseconds, so allow 1 ms plus 35 % of the slower median.
  expect(Math.abs(a - b), `existing ${a.toFixed(2)} ms, missing ${b.toFixed(2)} ms`).toBeLessThan(
    1 + 0.35 * Math.max(a, b),
  );
});
