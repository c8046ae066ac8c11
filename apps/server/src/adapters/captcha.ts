/** Checks a captcha response token with the provider (server side, never trusted from the browser). */
export interface CaptchaVerifier {
  readonly provider: CaptchaProvider;
  verify(token: string, clientAddress: string | null): Promise<boolean>;
}

export type CaptchaProvider = 'none' | 'hcaptcha' | 'recaptcha' | 'turnstile';

/** Each provider's siteverify endpoint; all take the same form fields and answer `{ success }`. */
export const siteverifyEndpoints: Record<Exclude<CaptchaProvider, 'none'>, string> = {
  hcaptcha: 'https://api.hcaptcha.com/siteverify',
  recaptcha: 'https://www.google.com/recaptcha/api/siteverify',
  turnstile: 'https://challenges.cloudflare.com/turnstile/v0/siteverify',
};

export interface CaptchaVerifierOptions {
  provider: CaptchaProvider;
  /** CAPTCHA_SECRET; required for every provider but 'none'. */
  secret: string | null;
  fetch?: typeof globalThis.fetch;
  timeoutMs?: number;
}

/**
 * Provider 'none' (the default) accepts every token. Otherwise a token is good
 * only when the provider says `success: true`; a network failure, a timeout or
 * an odd answer counts as not verified (fail closed).
 */
export function createCaptchaVerifier(options: CaptchaVerifierOptions): CaptchaVerifier {
  const { provider } = options;
  if (provider === 'none') return { provider, verify: async () => true };
  const secret = options.secret;
  if (secret === null) {
    throw new Error(`CAPTCHA_SECRET is required when the captcha provider is ${provider}`);
  }
  const fetchImpl = options.fetch ?? globalThis.fetch;
  const timeoutMs = options.timeoutMs ?? 5000;
  return {
    provider,
    async verify(token, clientAddress) {
      const form = new URLSearchParams({ secret, response: token });
      if (clientAddress) form.set('remoteip', clientAddress);
      try {
        const response = await fetchImpl(siteverifyEndpoints[provider], {
          method: 'POST',
          headers: { 'content-type': 'application/x-www-form-urlencoded' },
          body: form,
          signal: AbortSignal.timeout(timeoutMs),
        });
        if (!response.ok) return false;
        const body = (await response.json()) as { success?: unknown };
        return body.success === true;
      } catch {
        return false;
      }
    },
  };
}
