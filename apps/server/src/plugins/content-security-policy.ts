import type { ApplicationConfig, CaptchaProvider, IntegrationConfig } from '@portal/contract';

export interface CspInput {
  application: ApplicationConfig;
  integration: IntegrationConfig;
  /** Origins besides 'self' allowed to embed the /iframe/... routes (FRAME_ANCESTORS). */
  frameAncestors: string[];
  production: boolean;
  /** The captcha on the authentication page (config/authentication.json); 'none' adds nothing. */
  captchaProvider?: CaptchaProvider;
}

/** The origin of a URL template such as https://{s}.tile.example/{z}/{x}/{y}.png. */
export function originOf(url: string | null | undefined): string | null {
  if (!url) return null;
  const match = /^(https?):\/\/(?:[^@/]*@)?([^/?#]+)/i.exec(url.trim());
  if (!match) return null;
  const host = match[2]!.replace(/\{[a-z]+\}/gi, '*');
  // A placeholder may only stand for whole leading labels (*.tile.example).
  if (!/^(\*\.)?[a-z0-9.-]+(:\d+)?$/i.test(host)) return null;
  return `${match[1]!.toLowerCase()}://${host.toLowerCase()}`;
}

const googleTagManager = {
  script: ['https://www.googletagmanager.com'],
  img: ['https://www.googletagmanager.com', 'https://*.google-analytics.com'],
  connect: [
    'https://www.googletagmanager.com',
    'https://*.google-analytics.com',
    'https://*.analytics.google.com',
  ],
  // The no-script fallback is an iframe.
  frame: ['https://www.googletagmanager.com'],
};
const facebookPixel = {
  script: ['https://connect.facebook.net'],
  img: ['https://www.facebook.com'],
  connect: ['https://www.facebook.com'],
  frame: [],
};
// heatmapEnabled/heatmapId: Hotjar, the heat-map tool the original product's flags name.
const hotjar = {
  script: ['https://static.hotjar.com', 'https://script.hotjar.com'],
  img: ['https://*.hotjar.com'],
  connect: ['https://*.hotjar.com', 'https://*.hotjar.io', 'wss://*.hotjar.com'],
  frame: ['https://vars.hotjar.com'],
};

type Sources = { script: string[]; img: string[]; connect: string[]; frame: string[] };

// Each widget loads its script, then renders its challenge in a frame from the same hosts.
const captchaSources: Record<Exclude<CaptchaProvider, 'none'>, Sources> = {
  hcaptcha: {
    script: ['https://hcaptcha.com', 'https://*.hcaptcha.com'],
    img: ['https://*.hcaptcha.com'],
    connect: ['https://hcaptcha.com', 'https://*.hcaptcha.com'],
    frame: ['https://hcaptcha.com', 'https://*.hcaptcha.com'],
  },
  recaptcha: {
    script: ['https://www.google.com', 'https://www.gstatic.com'],
    img: ['https://www.gstatic.com'],
    connect: ['https://www.google.com'],
    frame: ['https://www.google.com', 'https://recaptcha.google.com'],
  },
  turnstile: {
    script: ['https://challenges.cloudflare.com'],
    img: [],
    connect: ['https://challenges.cloudflare.com'],
    frame: ['https://challenges.cloudflare.com'],
  },
};

/**
 * Builds the Content-Security-Policy from configuration: only the outside
 * hosts that an enabled integration needs are allowed. Two variants differ
 * only in frame-ancestors: the /iframe/... routes may be embedded by the
 * configured origins, everything else only by the portal itself.
 */
export function buildContentSecurityPolicy(input: CspInput, forIframe: boolean): string {
  const { application, integration } = input;
  const extra: Sources = { script: [], img: [], connect: [], frame: [] };
  const add = (sources: Sources) => {
    for (const key of Object.keys(extra) as Array<keyof Sources>) extra[key].push(...sources[key]);
  };
  if (application.googleAnalyticsEnabled && application.googleTagManagerId) add(googleTagManager);
  if (application.facebookTrackingEnabled && application.facebookTrackingId) add(facebookPixel);
  if (application.heatmapEnabled && application.heatmapId) add(hotjar);
  const selfHosted = application.selfHostedAnalyticsEnabled
    ? originOf(application.selfHostedAnalyticsUrl)
    : null;
  if (selfHosted)
    add({ script: [selfHosted], img: [selfHosted], connect: [selfHosted], frame: [] });
  const tiles = originOf(integration.mapTileUrl);
  if (tiles) extra.img.push(tiles);
  const sentry = originOf(integration.sentryDSN.key);
  if (sentry) extra.connect.push(sentry);
  const chat = originOf(integration.chatWidgetUrl);
  if (chat) add({ script: [chat], img: [chat], connect: [chat], frame: [chat] });
  const identity = originOf(application.azureUrlWithTenantId);
  if (identity) add({ script: [], img: [], connect: [identity], frame: [identity] });
  if (input.captchaProvider && input.captchaProvider !== 'none')
    add(captchaSources[input.captchaProvider]);

  const list = (...sources: string[]) => [...new Set(sources)].join(' ');
  const directives = [
    "default-src 'self'",
    "base-uri 'self'",
    "object-src 'none'",
    "form-action 'self'",
    `script-src ${list("'self'", ...extra.script)}`,
    // Inline styles: the theme <style> in index.html and the configured questionnaire/body CSS.
    "style-src 'self' 'unsafe-inline'",
    `img-src ${list("'self'", 'data:', 'blob:', ...extra.img)}`,
    "font-src 'self' data:",
    `connect-src ${list("'self'", ...extra.connect)}`,
    `frame-src ${list("'self'", ...extra.frame)}`,
    "worker-src 'self' blob:",
    "manifest-src 'self'",
    `frame-ancestors ${forIframe ? list("'self'", ...input.frameAncestors) : "'self'"}`,
  ];
  if (input.production) directives.push('upgrade-insecure-requests');
  return directives.join('; ');
}

/** Served images (SVG may carry script) never run anything, even opened directly. */
export const assetContentSecurityPolicy =
  "default-src 'none'; style-src 'unsafe-inline'; img-src data:; sandbox";
