import type { AuthenticationPublicConfig } from '@portal/contract';
import { useEffect, useRef } from 'react';
import styles from './authentication.module.css';

type Provider = Exclude<AuthenticationPublicConfig['captcha']['provider'], 'none'>;

interface CaptchaApi {
  render: (
    element: HTMLElement,
    options: { sitekey: string; callback: (token: string) => void },
  ) => unknown;
}

/** The three providers share one explicit-render API shape; only the script and global differ. */
const providers: Record<Provider, { script: string; global: string }> = {
  hcaptcha: { script: 'https://js.hcaptcha.com/1/api.js?render=explicit', global: 'hcaptcha' },
  recaptcha: {
    script: 'https://www.google.com/recaptcha/api.js?render=explicit',
    global: 'grecaptcha',
  },
  turnstile: {
    script: 'https://challenges.cloudflare.com/turnstile/v0/api.js?render=explicit',
    global: 'turnstile',
  },
};

function loadScript(src: string): Promise<void> {
  const existing = document.querySelector<HTMLScriptElement>(`script[src="${src}"]`);
  if (existing?.dataset.loaded) return Promise.resolve();
  return new Promise((resolve, reject) => {
    const script = existing ?? document.createElement('script');
    script.addEventListener('load', () => {
      script.dataset.loaded = 'true';
      resolve();
    });
    script.addEventListener('error', () => reject(new Error(`could not load ${src}`)));
    if (!existing) {
      script.src = src;
      script.async = true;
      document.head.append(script);
    }
  });
}

/**
 * The captcha provider's widget, loaded only when the provider is configured (off by default),
 * so patients of a provider without one never fetch a third-party script.
 */
export function CaptchaWidget({
  provider,
  siteKey,
  onToken,
  onError,
}: {
  provider: Provider;
  siteKey: string;
  onToken: (token: string) => void;
  onError: () => void;
}) {
  const container = useRef<HTMLDivElement>(null);
  const callbacks = useRef({ onToken, onError });
  callbacks.current = { onToken, onError };

  useEffect(() => {
    let cancelled = false;
    const { script, global } = providers[provider];
    loadScript(script)
      .then(() => {
        const api = (window as unknown as Record<string, CaptchaApi | undefined>)[global];
        if (cancelled || !api || !container.current) return;
        api.render(container.current, {
          sitekey: siteKey,
          callback: (token) => callbacks.current.onToken(token),
        });
      })
      .catch(() => {
        if (!cancelled) callbacks.current.onError();
      });
    return () => {
      cancelled = true;
    };
  }, [provider, siteKey]);

  return <div ref={container} className={styles.captcha} />;
}
