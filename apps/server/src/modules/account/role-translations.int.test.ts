import { ssoNonceCookieName, staffSessionCookieName } from '@portal/contract';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildTestApp, demoProvider, type TestApp } from '../../../test/build-test-app.ts';
import {
  staffRole,
  staffUsername,
  startTestIdentityProvider,
  type TestIdentityProvider,
} from '../../../test/oidc-provider.ts';

/**
 * Role translations (docs/product/role-translations.md, decision 041): a signed-in staff
 * member's user state carries their roles' wording; the shared dictionary never does.
 */
let idp: TestIdentityProvider;
let testApp: TestApp;

beforeAll(async () => {
  idp = await startTestIdentityProvider();
  idp.configure(['http://127.0.0.1/sso/callback']);
  const provider = demoProvider();
  testApp = await buildTestApp({
    provider: {
      ...provider,
      application: {
        ...provider.application,
        azureClientId: idp.clientId,
        azureUrlWithTenantId: idp.issuer,
      },
      roleTranslations: {
        ...provider.roleTranslations,
        // A Keycloak realm role, later in the file: it wins where both roles say something.
        'booking-lead': { 'en-AU': { booking: { home: { lead: 'Lead wording' } } } },
      },
    },
  });
});
afterAll(async () => {
  await testApp?.close();
  await idp?.close();
});

async function sessionFor(idToken: (nonce: string) => Promise<string>): Promise<string> {
  const nonce = (await testApp.app.inject({ method: 'POST', url: '/api/sso/nonce' })).json().nonce;
  const response = await testApp.app.inject({
    method: 'POST',
    url: '/api/sso/session',
    payload: { idToken: await idToken(nonce) },
    cookies: { [ssoNonceCookieName]: nonce },
  });
  expect(response.statusCode).toBe(200);
  return response.cookies.find((c) => c.name === staffSessionCookieName)!.value;
}

const get = (url: string, session?: string) =>
  testApp.app.inject({
    method: 'GET',
    url,
    ...(session ? { cookies: { [staffSessionCookieName]: session } } : {}),
  });

describe('roleTranslations', () => {
  it("answers the staff role's wording as a JSON string by locale, on every user state", async () => {
    const session = await sessionFor((nonce) => idp.idTokenFor({ nonce, username: staffUsername }));
    const account = await get('/api/account', session);
    expect(account.headers['cache-control']).toBe('no-store');
    const layers = JSON.parse(account.json().roleTranslations);
    expect(layers).toEqual(demoProvider().roleTranslations[staffRole]);
    expect(layers['en-AU'].booking.home.title).toBe('Book for your patient');
    expect(layers.mk.booking.home.title).toBe('Закажете за вашиот пациент');
    // The same user state from single sign-on's own GET (the sign-in's answer: sso.int.test.ts).
    expect((await get('/api/sso/session', session)).json().roleTranslations).toBe(
      account.json().roleTranslations,
    );
  });

  it('reads Keycloak realm roles and merges roles in the order of the file', async () => {
    const session = await sessionFor((nonce) =>
      idp.sign({
        iss: idp.issuer,
        aud: idp.clientId,
        sub: 'lead.kim',
        nonce,
        iat: Math.floor(Date.now() / 1000),
        exp: Math.floor(Date.now() / 1000) + 300,
        realm_access: { roles: ['booking-lead', 'offline_access'] },
        roles: staffRole,
      }),
    );
    const layers = JSON.parse((await get('/api/account', session)).json().roleTranslations);
    expect(layers['en-AU'].booking.home).toMatchObject({
      title: 'Book for your patient',
      lead: 'Lead wording',
    });
    const roles = await testApp.database.db
      .selectFrom('staff_sessions')
      .select('roles')
      .where('subject', '=', 'lead.kim')
      .executeTakeFirstOrThrow();
    expect(roles.roles).toEqual([staffRole, 'booking-lead', 'offline_access']);
  });

  it('is null for a user whose roles have no wording, and for nobody', async () => {
    const session = await sessionFor((nonce) => idp.idTokenFor({ nonce, username: 'dr.patel' }));
    expect((await get('/api/account', session)).json()).toMatchObject({ roleTranslations: null });
    expect((await get('/api/account')).json()).toBeNull();
  });

  it('never enters the shared dictionary: a staff cookie gets the public, cacheable one', async () => {
    const session = await sessionFor((nonce) => idp.idTokenFor({ nonce, username: staffUsername }));
    for (const lang of ['en-AU', 'mk']) {
      const anonymous = await get(`/api/assets/translations?lang=${lang}`);
      const staff = await get(`/api/assets/translations?lang=${lang}`, session);
      expect(staff.body).toBe(anonymous.body);
      expect(staff.headers['cache-control']).toBe('public, max-age=300');
      expect(staff.headers['set-cookie']).toBeUndefined();
      expect(staff.json().booking.home.title).not.toBe('Book for your patient');
    }
  });

  it('ends with the session: after logout the user state is null again', async () => {
    const session = await sessionFor((nonce) => idp.idTokenFor({ nonce, username: staffUsername }));
    const logout = await testApp.app.inject({
      method: 'DELETE',
      url: '/api/sso/session',
      cookies: { [staffSessionCookieName]: session },
    });
    expect(logout.statusCode).toBe(204);
    expect((await get('/api/account', session)).json()).toBeNull();
  });
});
