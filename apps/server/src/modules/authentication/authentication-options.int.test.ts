import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { buildTestApp, demoProvider, type TestApp } from '../../../test/build-test-app.ts';
import {
  authenticate,
  demoBookingKeys,
  demoPatient,
  seedDemoBookingsForTest,
  sessionCookieOf,
} from '../../../test/factories/authentication.ts';
import { fixedClock } from '../../adapters/clock.ts';

/** Contact-number authentication and a captcha provider switched on (both off by default). */
const clock = fixedClock('2026-03-02T00:00:00Z');
const key = demoBookingKeys.appointment;
const dob = demoPatient.date_of_birth;
let testApp: TestApp;
let address = 0;
const from = () => ({ remoteAddress: `10.5.0.${++address}` });

beforeAll(async () => {
  // The provider's siteverify answers: only the token 'good' passes.
  vi.stubGlobal(
    'fetch',
    vi.fn(async (_url: string, init: RequestInit) => {
      const token = new URLSearchParams(String(init.body)).get('response');
      return new Response(JSON.stringify({ success: token === 'good' }), { status: 200 });
    }),
  );
  const provider = demoProvider();
  testApp = await buildTestApp({
    clock,
    env: { CAPTCHA_SECRET: 'test-captcha-secret' },
    provider: {
      ...provider,
      authentication: {
        ...provider.authentication,
        otpEnabled: false,
        contactNumberAuthentication: true,
        maxFailedAttemptsPerBookingKey: 100,
        captcha: { provider: 'turnstile', siteKey: 'site-key' },
      },
    },
  });
  await seedDemoBookingsForTest(testApp.database.db, clock);
});
afterAll(async () => {
  vi.unstubAllGlobals();
  await testApp?.close();
});

const facts = { bookingKey: key, dateOfBirth: dob, contactNumber: '+61 491 570 006' };

describe('captcha', () => {
  it('is required: no token or a refused token fails like a wrong date', async () => {
    const none = await authenticate(testApp.app, facts, from());
    expect(none.json()).toMatchObject({ success: false, message: 'message.authentication_error' });
    const bad = await authenticate(testApp.app, { ...facts, captchaToken: 'bad' }, from());
    expect(bad.json()).toMatchObject({ success: false });
    const good = await authenticate(testApp.app, { ...facts, captchaToken: 'good' }, from());
    expect(good.json()).toMatchObject({ success: true, otpRequired: false });
  });

  it('is remembered on the browser session until a failed attempt', async () => {
    const first = await testApp.app.inject({
      method: 'POST',
      url: '/api/authentication/captcha',
      payload: { token: 'good' },
    });
    const signedIn = await authenticate(testApp.app, facts, {
      ...from(),
      cookie: sessionCookieOf(first) as string,
    });
    expect(signedIn.json()).toMatchObject({ success: true });

    const verified = await testApp.app.inject({
      method: 'POST',
      url: '/api/authentication/captcha',
      payload: { token: 'good' },
      ...from(),
    });
    expect(verified.json()).toEqual({ result: true });
    const cookie = sessionCookieOf(verified);
    expect(cookie).toBeDefined();
    const options = { ...from(), cookie: cookie as string };
    const wrong = await authenticate(
      testApp.app,
      { ...facts, contactNumber: '0400000000' },
      options,
    );
    expect(wrong.json()).toMatchObject({ success: false });
    // The failure spent the verification: the right facts now need a new captcha.
    const again = await authenticate(testApp.app, facts, options);
    expect(again.json()).toMatchObject({ success: false });

    const refused = await testApp.app.inject({
      method: 'POST',
      url: '/api/authentication/captcha',
      payload: { token: 'bad' },
    });
    expect(refused.json()).toEqual({ result: false });
    expect(refused.cookies).toHaveLength(0);
  });

  it('tells the browser which provider and site key to use', async () => {
    const response = await testApp.app.inject({ method: 'GET', url: '/api/config/authentication' });
    expect(response.json()).toMatchObject({
      contactNumberAuthentication: true,
      captcha: { provider: 'turnstile', siteKey: 'site-key' },
    });
  });
});

describe('contact number authentication', () => {
  it.each([
    ['national form', '0491570006', true],
    ['with spaces', '0491 570 006', true],
    ['international form', '+61491570006', true],
    ['another number', '0491570007', false],
    ['missing', null, false],
    ['empty', '', false],
  ])('%s', async (_name, contactNumber, success) => {
    const response = await authenticate(
      testApp.app,
      { ...facts, contactNumber, captchaToken: 'good' },
      from(),
    );
    expect(response.json().success).toBe(success);
  });
});
