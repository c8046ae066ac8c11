import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildTestApp, type TestApp } from '../../test/build-test-app.ts';
import {
  demoBookingKeys,
  demoPatient,
  seedDemoBookingsForTest,
} from '../../test/factories/authentication.ts';

/**
 * Embedding in a provider's website (docs/decisions/039-embedding-partitioned-cookies-and-fetch-metadata.md):
 * the framed page's session cookie, the refusal of writes other sites' pages send, and the
 * embedding script's headers.
 */
let testApp: TestApp;
beforeAll(async () => {
  // Behind a TLS-terminating proxy, as in production (X-Forwarded-Proto).
  testApp = await buildTestApp({ env: { TRUST_PROXY: 'true' } });
  await seedDemoBookingsForTest(testApp.database.db, testApp.clock);
});
afterAll(() => testApp?.close());

let address = 10;
const signIn = (headers: Record<string, string>) =>
  testApp.app.inject({
    method: 'POST',
    url: '/api/authentication',
    remoteAddress: `10.0.3.${address++}`,
    headers,
    payload: {
      authenticationType: 'APPOINTMENT',
      bookingKey: demoBookingKeys.appointment,
      dateOfBirth: demoPatient.date_of_birth,
    },
  });

const sessions = async () =>
  Number(
    (
      await testApp.database.db
        .selectFrom('authentication_sessions')
        .select((eb) => eb.fn.countAll().as('count'))
        .executeTakeFirstOrThrow()
    ).count,
  );

describe('the session cookie in a provider frame', () => {
  it('is SameSite=None, Secure and Partitioned for a framed page over HTTPS', async () => {
    const response = await signIn({ 'portal-embedded': '1', 'x-forwarded-proto': 'https' });
    expect(response.statusCode).toBe(200);
    const cookie = String(response.headers['set-cookie']);
    expect(cookie).toMatch(/^portal_session=[A-Za-z0-9_-]{43};/);
    expect(cookie).toMatch(/SameSite=None/);
    expect(cookie).toMatch(/; Secure/);
    expect(cookie).toMatch(/; Partitioned/);
    expect(cookie).toMatch(/HttpOnly/);
  });

  it('stays SameSite=Lax and unpartitioned on the portal itself, and over plain HTTP', async () => {
    const cases: Record<string, string>[] = [
      { 'x-forwarded-proto': 'https' },
      { 'portal-embedded': '1' },
    ];
    for (const headers of cases) {
      const cookie = String((await signIn(headers)).headers['set-cookie']);
      expect(cookie, JSON.stringify(headers)).toMatch(/SameSite=Lax/);
      expect(cookie, JSON.stringify(headers)).not.toMatch(/Partitioned/);
    }
  });

  it('is cleared on sign-out with the attributes it was set with', async () => {
    const response = await testApp.app.inject({
      method: 'POST',
      url: '/api/authentication/logout',
      headers: { 'portal-embedded': '1', 'x-forwarded-proto': 'https' },
    });
    expect(response.statusCode).toBe(204);
    const cookie = String(response.headers['set-cookie']);
    expect(cookie).toMatch(/^portal_session=;/);
    expect(cookie).toMatch(/Partitioned/);
    expect(cookie).toMatch(/SameSite=None/);
  });
});

describe('writes sent by another site', () => {
  it.each(['cross-site', 'same-site'])(
    'refuses a write whose Sec-Fetch-Site is %s, and changes nothing',
    async (site) => {
      const before = await sessions();
      const response = await signIn({ 'sec-fetch-site': site });
      expect(response.statusCode).toBe(403);
      expect(response.json()).toMatchObject({ error: { code: 'CROSS_SITE_REQUEST' } });
      expect(response.headers['set-cookie']).toBeUndefined();
      expect(await sessions()).toBe(before);
    },
  );

  it('lets the portal own pages write, and callers that send no fetch metadata', async () => {
    const cases: Record<string, string>[] = [{ 'sec-fetch-site': 'same-origin' }, {}];
    for (const headers of cases) {
      expect((await signIn(headers)).statusCode, JSON.stringify(headers)).toBe(200);
    }
  });

  it('still answers reads from other sites (a link followed from another page)', async () => {
    const response = await testApp.app.inject({
      method: 'GET',
      url: '/api/config/application',
      headers: { 'sec-fetch-site': 'cross-site' },
    });
    expect(response.statusCode).toBe(200);
    expect(response.json()).toMatchObject({ embedOrigins: [] });
  });
});

describe('/embed.js', () => {
  it('may be loaded by a provider page on another origin', async () => {
    const response = await testApp.app.inject({ method: 'GET', url: '/embed.js' });
    expect(response.statusCode).toBe(200);
    expect(response.headers['content-type']).toMatch(/javascript/);
    expect(response.headers['cross-origin-resource-policy']).toBe('cross-origin');
    expect(response.body).toContain('portal:height');
  });

  it('leaves every other file same-origin only', async () => {
    const response = await testApp.app.inject({ method: 'GET', url: '/robots.txt' });
    expect(response.headers['cross-origin-resource-policy']).toBe('same-origin');
  });
});
