import { applicationConfigSchema, integrationConfigSchema } from '@portal/contract';
import { describe, expect, it } from 'vitest';
import { buildContentSecurityPolicy, type CspInput, originOf } from './content-security-policy.ts';

function input(
  overrides: {
    application?: object;
    integration?: object;
    frameAncestors?: string[];
    production?: boolean;
    captchaProvider?: CspInput['captchaProvider'];
  } = {},
): CspInput {
  return {
    application: applicationConfigSchema.parse(overrides.application ?? {}),
    integration: integrationConfigSchema.parse(overrides.integration ?? {}),
    frameAncestors: overrides.frameAncestors ?? [],
    production: overrides.production ?? false,
    captchaProvider: overrides.captchaProvider ?? 'none',
  };
}

const directive = (policy: string, name: string) =>
  policy.split('; ').find((part) => part.startsWith(`${name} `)) ?? '';

describe('originOf', () => {
  it.each([
    ['https://tile.openstreetmap.org/{z}/{x}/{y}.png', 'https://tile.openstreetmap.org'],
    ['https://{s}.tile.example/{z}/{x}/{y}.png', 'https://*.tile.example'],
    ['https://abc@o1.ingest.sentry.example/42', 'https://o1.ingest.sentry.example'],
    ['HTTPS://Chat.Example:8443/widget.js', 'https://chat.example:8443'],
    ['javascript:alert(1)', null],
    ['https://a.example;script-src *', null],
    [null, null],
  ])('%s -> %s', (url, origin) => {
    expect(originOf(url)).toBe(origin);
  });
});

describe('buildContentSecurityPolicy', () => {
  it('allows only the portal itself by default, plus the map tiles', () => {
    const policy = buildContentSecurityPolicy(input(), false);
    expect(directive(policy, 'script-src')).toBe("script-src 'self'");
    expect(directive(policy, 'connect-src')).toBe("connect-src 'self'");
    expect(directive(policy, 'img-src')).toBe(
      "img-src 'self' data: blob: https://tile.openstreetmap.org",
    );
    expect(directive(policy, 'frame-ancestors')).toBe("frame-ancestors 'self'");
    expect(directive(policy, 'object-src')).toBe("object-src 'none'");
    expect(policy).not.toContain('upgrade-insecure-requests');
  });

  it('adds Google Tag Manager hosts only when analytics is enabled with an id', () => {
    const disabled = buildContentSecurityPolicy(
      input({ application: { googleTagManagerId: 'GTM-ABC123' } }),
      false,
    );
    expect(disabled).not.toContain('googletagmanager');
    const enabled = buildContentSecurityPolicy(
      input({ application: { googleAnalyticsEnabled: true, googleTagManagerId: 'GTM-ABC123' } }),
      false,
    );
    expect(directive(enabled, 'script-src')).toContain('https://www.googletagmanager.com');
    expect(directive(enabled, 'connect-src')).toContain('https://*.google-analytics.com');
    expect(directive(enabled, 'frame-src')).toContain('https://www.googletagmanager.com');
  });

  it('adds the Facebook pixel hosts only when tracking is enabled', () => {
    const policy = buildContentSecurityPolicy(
      input({ application: { facebookTrackingEnabled: true, facebookTrackingId: '1234' } }),
      false,
    );
    expect(directive(policy, 'script-src')).toContain('https://connect.facebook.net');
    expect(directive(policy, 'img-src')).toContain('https://www.facebook.com');
  });

  it('adds the Sentry, chat, identity and self-hosted analytics origins', () => {
    const policy = buildContentSecurityPolicy(
      input({
        application: {
          selfHostedAnalyticsEnabled: true,
          selfHostedAnalyticsUrl: 'https://stats.example/matomo.js',
          azureUrlWithTenantId: 'https://login.microsoftonline.com/tenant-id',
        },
        integration: {
          sentryDSN: { key: 'https://k@o9.ingest.sentry.example/1' },
          chatWidgetUrl: 'https://chat.example/widget.js',
        },
      }),
      false,
    );
    expect(directive(policy, 'connect-src')).toBe(
      "connect-src 'self' https://stats.example https://o9.ingest.sentry.example https://chat.example https://login.microsoftonline.com",
    );
    expect(directive(policy, 'frame-src')).toBe(
      "frame-src 'self' https://chat.example https://login.microsoftonline.com",
    );
  });

  it('lets FRAME_ANCESTORS embed only the iframe variant', () => {
    const options = input({ frameAncestors: ['https://partner.example'] });
    expect(directive(buildContentSecurityPolicy(options, true), 'frame-ancestors')).toBe(
      "frame-ancestors 'self' https://partner.example",
    );
    expect(directive(buildContentSecurityPolicy(options, false), 'frame-ancestors')).toBe(
      "frame-ancestors 'self'",
    );
  });

  it('upgrades insecure requests in production', () => {
    expect(buildContentSecurityPolicy(input({ production: true }), false)).toContain(
      'upgrade-insecure-requests',
    );
  });

  it.each([
    ['hcaptcha', 'https://js.hcaptcha.com/1/api.js', 'https://*.hcaptcha.com'],
    ['recaptcha', 'https://www.google.com/recaptcha/api.js', 'https://www.google.com'],
    [
      'turnstile',
      'https://challenges.cloudflare.com/turnstile/v0/api.js',
      'https://challenges.cloudflare.com',
    ],
  ] as const)(
    'lets the %s widget load its script and frame, and only when it is on',
    (provider, _script, origin) => {
      const on = buildContentSecurityPolicy(input({ captchaProvider: provider }), false);
      expect(directive(on, 'script-src')).toContain(origin);
      expect(directive(on, 'frame-src')).toContain(origin);
      const off = buildContentSecurityPolicy(input(), false);
      expect(directive(off, 'script-src')).toBe("script-src 'self'");
      expect(directive(off, 'frame-src')).toBe("frame-src 'self'");
    },
  );
});
