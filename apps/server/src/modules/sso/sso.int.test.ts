import { ssoNonceCookieName, staffSessionCookieName } from '@portal/contract';
import type { LightMyRequestResponse } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildTestApp, demoProvider, type TestApp } from '../../../test/build-test-app.ts';
import {
  staffUsername,
  startTestIdentityProvider,
  type TestIdentityProvider,
} from '../../../test/oidc-provider.ts';
import { fixedClock } from '../../adapters/clock.ts';

let idp: TestIdentityProvider;
let testApp: TestApp;
const clock = fixedClock(new Date());

beforeAll(async () => {
  idp = await startTestIdentityProvider();
  idp.configure(['http://127.0.0.1/sso/callback']);
  const provider = demoProvider();
  testApp = await buildTestApp({
    clock,
    provider: {
      ...provider,
      application: {
        ...provider.application,
        azureClientId: idp.clientId,
        azureUrlWithTenantId: idp.issuer,
      },
    },
  });
});
afterAll(async () => {
  await testApp?.close();
  await idp?.close();
});

const cookieOf = (response: LightMyRequestResponse, name: string) =>
  response.cookies.find((c) => c.name === name);

async function newNonce() {
  const response = await testApp.app.inject({ method: 'POST', url: '/api/sso/nonce' });
  expect(response.statusCode).toBe(200);
  const { nonce } = response.json<{ nonce: string }>();
  expect(cookieOf(response, ssoNonceCookieName)).toMatchObject({
    value: nonce,
    httpOnly: true,
    sameSite: 'Lax',
    path: '/api/sso',
  });
  return nonce;
}

const signIn = (idToken: string, nonce: string | null) =>
  testApp.app.inject({
    method: 'POST',
    url: '/api/sso/session',
    payload: { idToken },
    ...(nonce ? { cookies: { [ssoNonceCookieName]: nonce } } : {}),
  });

const user = (token: string | undefined) =>
  testApp.app.inject({
    method: 'GET',
    url: '/api/sso/session',
    ...(token ? { cookies: { [staffSessionCookieName]: token } } : {}),
  });

const auditRows = (action: string) =>
  testApp.database.db
    .selectFrom('audit_events')
    .select(['actor', 'subject_id', 'details'])
    .where('action', '=', action)
    .execute();

const staffSessionCount = async () =>
  Number(
    (
      await testApp.database.db
        .selectFrom('staff_sessions')
        .select((eb) => eb.fn.countAll().as('n'))
        .executeTakeFirstOrThrow()
    ).n,
  );

describe('single sign-on against a real OpenID Connect provider', () => {
  it('a valid ID token opens a staff session whose user state GET answers; logout ends it', async () => {
    const nonce = await newNonce();
    const idToken = await idp.idTokenFor({ nonce, username: staffUsername });
    const response = await signIn(idToken, nonce);
    expect(response.statusCode).toBe(200);
    const expected = {
      userId: staffUsername,
      username: staffUsername,
      organization: 'Example Radiology',
      currentDoctor: { firstName: 'Jane', lastName: 'Lee' },
      // The demo's wording for the clinic-staff role (role-translations.int.test.ts).
      roleTranslations: expect.stringContaining('Book for your patient'),
    };
    expect(response.json()).toEqual(expected);
    const session = cookieOf(response, staffSessionCookieName);
    expect(session).toMatchObject({ httpOnly: true, sameSite: 'Lax', path: '/' });
    expect(session?.value).toMatch(/^[A-Za-z0-9_-]{43}$/);
    // The nonce cookie is spent.
    expect(cookieOf(response, ssoNonceCookieName)?.value).toBe('');

    expect((await user(session!.value)).json()).toEqual(expected);
    const account = await testApp.app.inject({
      method: 'GET',
      url: '/api/account',
      cookies: { [staffSessionCookieName]: session!.value },
    });
    expect(account.json()).toEqual(expected);
    const started = await auditRows('sso.session.started');
    expect(started.at(-1)).toMatchObject({ actor: 'staff', subject_id: staffUsername });

    const logout = await testApp.app.inject({
      method: 'DELETE',
      url: '/api/sso/session',
      cookies: { [staffSessionCookieName]: session!.value },
    });
    expect(logout.statusCode).toBe(204);
    expect(cookieOf(logout, staffSessionCookieName)?.value).toBe('');
    const after = await user(session!.value);
    expect(after.statusCode).toBe(401);
    expect(after.json().error.code).toBe('SSO_UNAUTHENTICATED');
    expect((await auditRows('sso.session.ended')).at(-1)?.subject_id).toBe(staffUsername);
  });

  it('a referrer without an organization gets a session too', async () => {
    const nonce = await newNonce();
    const response = await signIn(await idp.idTokenFor({ nonce, username: 'dr.patel' }), nonce);
    expect(response.json()).toMatchObject({
      username: 'dr.patel',
      organization: null,
      roleTranslations: null,
    });
  });

  it('GET answers 401 without a cookie or with a made-up one', async () => {
    expect((await user(undefined)).statusCode).toBe(401);
    expect((await user('A'.repeat(43))).statusCode).toBe(401);
  });

  it('the session ends after 30 idle minutes', async () => {
    const nonce = await newNonce();
    const response = await signIn(await idp.idTokenFor({ nonce }), nonce);
    const token = cookieOf(response, staffSessionCookieName)!.value;
    const start = clock.now();
    clock.set(new Date(start.getTime() + 29 * 60_000));
    expect((await user(token)).statusCode).toBe(200);
    clock.set(new Date(start.getTime() + 29 * 60_000 + 31 * 60_000));
    expect((await user(token)).statusCode).toBe(401);
    clock.set(start);
  });

  const now = () => Math.floor(clock.now().getTime() / 1000);
  const claims = (nonce: string, extra: Record<string, unknown> = {}) => ({
    iss: idp.issuer,
    aud: idp.clientId,
    sub: 'forged.user',
    iat: now(),
    exp: now() + 300,
    nonce,
    ...extra,
  });

  const refusals: Array<[string, (nonce: string) => Promise<string>, string]> = [
    ['wrong audience', (n) => idp.sign(claims(n, { aud: 'another-client' })), 'WRONG_AUDIENCE'],
    ['wrong issuer', (n) => idp.sign(claims(n, { iss: 'https://evil.example' })), 'WRONG_ISSUER'],
    ['expired', (n) => idp.sign(claims(n, { iat: now() - 7200, exp: now() - 3600 })), 'EXPIRED'],
    [
      'bad signature',
      async (n) => {
        const [header, , signature] = (await idp.sign(claims(n))).split('.');
        const payload = Buffer.from(JSON.stringify(claims(n, { sub: 'admin' }))).toString(
          'base64url',
        );
        return `${header}.${payload}.${signature}`;
      },
      'BAD_SIGNATURE',
    ],
    ['another key, same kid', (n) => idp.sign(claims(n), { otherKey: true }), 'BAD_SIGNATURE'],
    [
      'another key, unknown kid',
      (n) => idp.sign(claims(n), { otherKey: true, kid: 'attacker' }),
      'BAD_SIGNATURE',
    ],
    ['no nonce', (n) => idp.sign({ ...claims(n), nonce: undefined }), 'NONCE_MISSING'],
    ['a nonce not issued here', () => idp.sign(claims('B'.repeat(43))), 'NONCE_MISMATCH'],
  ];

  it.each(refusals)('%s: 401 SSO_TOKEN_REFUSED, no session, audited', async (_, make, reason) => {
    const before = await staffSessionCount();
    const nonce = await newNonce();
    const response = await signIn(await make(nonce), nonce);
    expect(response.statusCode).toBe(401);
    expect(response.json().error).toMatchObject({ code: 'SSO_TOKEN_REFUSED', params: { reason } });
    expect(cookieOf(response, staffSessionCookieName)).toBeUndefined();
    expect(await staffSessionCount()).toBe(before);
    const refused = await auditRows('sso.token.refused');
    expect(refused.at(-1)).toMatchObject({ subject_id: 'unknown' });
    expect(JSON.stringify(refused.at(-1)?.details)).toContain(reason);
  });

  it('a replayed token (its nonce already used) is refused', async () => {
    const nonce = await newNonce();
    const idToken = await idp.idTokenFor({ nonce });
    expect((await signIn(idToken, nonce)).statusCode).toBe(200);
    const before = await staffSessionCount();
    const replay = await signIn(idToken, nonce);
    expect(replay.statusCode).toBe(401);
    expect(replay.json().error.params.reason).toBe('NONCE_REPLAYED');
    expect(await staffSessionCount()).toBe(before);
  });

  it("a real token presented without the browser's nonce cookie is refused", async () => {
    const nonce = await newNonce();
    const response = await signIn(await idp.idTokenFor({ nonce }), null);
    expect(response.json().error.params.reason).toBe('NONCE_MISMATCH');
  });

  it('malformed bodies are 400, never 500', async () => {
    for (const payload of [{}, { idToken: '' }, { idToken: 'not a jwt' }, { idToken: 5 }]) {
      const response = await testApp.app.inject({
        method: 'POST',
        url: '/api/sso/session',
        payload,
      });
      expect(response.statusCode).toBe(400);
    }
    const garbage = await signIn('abc.def.ghi', await newNonce());
    expect(garbage.statusCode).toBe(401);
    expect(garbage.json().error.params.reason).toBe('MALFORMED');
  });

  it('the routes are in the OpenAPI document', async () => {
    const document = (await testApp.app.inject({ url: '/api/openapi.json' })).json();
    expect(Object.keys(document.paths)).toEqual(
      expect.arrayContaining(['/api/sso/nonce', '/api/sso/session']),
    );
    expect(Object.keys(document.paths['/api/sso/session'])).toEqual(
      expect.arrayContaining(['get', 'post', 'delete']),
    );
  });
});

describe('single sign-on unconfigured or unreachable', () => {
  it('is off (404 SSO_DISABLED) while azureClientId or azureUrlWithTenantId is null', async () => {
    const off = await buildTestApp();
    try {
      const response = await off.app.inject({ method: 'POST', url: '/api/sso/nonce' });
      expect(response.statusCode).toBe(404);
      expect(response.json().error.code).toBe('SSO_DISABLED');
      expect((await off.app.inject({ url: '/api/account' })).json()).toBeNull();
    } finally {
      await off.close();
    }
  });

  it('a provider that cannot be reached is 503 SSO_PROVIDER_UNAVAILABLE', async () => {
    const provider = demoProvider();
    const down = await buildTestApp({
      provider: {
        ...provider,
        application: {
          ...provider.application,
          azureClientId: 'x',
          azureUrlWithTenantId: 'http://127.0.0.1:9/unreachable',
        },
      },
    });
    try {
      const nonce = (await down.app.inject({ method: 'POST', url: '/api/sso/nonce' })).json().nonce;
      const response = await down.app.inject({
        method: 'POST',
        url: '/api/sso/session',
        payload: { idToken: await idp.sign({ sub: 'x' }) },
        cookies: { [ssoNonceCookieName]: nonce },
      });
      expect(response.statusCode).toBe(503);
      expect(response.json().error.code).toBe('SSO_PROVIDER_UNAVAILABLE');
    } finally {
      await down.close();
    }
  });
});
