import { describe, expect, it, vi } from 'vitest';
import { createCaptchaVerifier, siteverifyEndpoints } from './captcha.ts';

const answer = (status: number, body: unknown) =>
  vi.fn(async () => new Response(JSON.stringify(body), { status }));

describe('captcha verifier', () => {
  it('accepts everything when no provider is configured', async () => {
    const verifier = createCaptchaVerifier({ provider: 'none', secret: null });
    expect(await verifier.verify('whatever', null)).toBe(true);
  });

  it('refuses to start a provider without its secret', () => {
    expect(() => createCaptchaVerifier({ provider: 'hcaptcha', secret: null })).toThrow(
      /CAPTCHA_SECRET/,
    );
  });

  it.each(['hcaptcha', 'recaptcha', 'turnstile'] as const)(
    'posts the token, secret and address to the %s siteverify endpoint',
    async (provider) => {
      const fetch = answer(200, { success: true });
      const verifier = createCaptchaVerifier({ provider, secret: 's3cret', fetch });
      expect(await verifier.verify('tok', '203.0.113.9')).toBe(true);
      const [url, init] = fetch.mock.calls[0] as unknown as [string, RequestInit];
      expect(url).toBe(siteverifyEndpoints[provider]);
      const form = new URLSearchParams(String(init.body));
      expect(Object.fromEntries(form)).toEqual({
        secret: 's3cret',
        response: 'tok',
        remoteip: '203.0.113.9',
      });
    },
  );

  it('fails closed: a refusal, an error status, an odd body or a network error is false', async () => {
    const cases = [
      answer(200, { success: false }),
      answer(500, { success: true }),
      answer(200, { success: 'yes' }),
      vi.fn(async () => {
        throw new Error('offline');
      }),
    ];
    for (const fetch of cases) {
      const verifier = createCaptchaVerifier({ provider: 'turnstile', secret: 's', fetch });
      expect(await verifier.verify('tok', null)).toBe(false);
    }
  });
});
