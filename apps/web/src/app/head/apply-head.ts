import { themeToCssVariables } from '@portal/contract';
import type { PortalConfig } from '../../lib/config.tsx';

/** Marks elements this module created, so a re-apply or cleanup removes exactly those. */
const MARK = 'data-portal-head';

export const faviconHref = '/api/assets/application/favicon';

/**
 * docs/product/shell-and-configuration.md#start-up-and-the-head: the radiology name followed by the
 * configured metaTitle.
 */
export function pageTitle(config: Pick<PortalConfig, 'application' | 'radiology'>): string {
  return [config.radiology.name, config.application.metaTitle].filter(Boolean).join(' ');
}

function created<K extends keyof HTMLElementTagNameMap>(
  doc: Document,
  tag: K,
  attributes: Record<string, string>,
): HTMLElementTagNameMap[K] {
  const element = doc.createElement(tag);
  for (const [name, value] of Object.entries(attributes)) element.setAttribute(name, value);
  element.setAttribute(MARK, '');
  return element;
}

/** Sets a meta tag's content, reusing the one the server rendered into index.html if present. */
function setMeta(doc: Document, attribute: 'name' | 'property', key: string, content: string) {
  let meta = doc.head.querySelector<HTMLMetaElement>(`meta[${attribute}="${key}"]`);
  if (!meta) {
    meta = created(doc, 'meta', { [attribute]: key });
    doc.head.append(meta);
  }
  meta.content = content;
}

function addScript(doc: Document, src: string) {
  doc.head.append(created(doc, 'script', { src, async: '' }));
}

/** A <noscript> fallback at the top of <body> (what the vendors' snippets ask for). */
function addNoscript(doc: Document, html: string) {
  const noscript = created(doc, 'noscript', {});
  noscript.innerHTML = html;
  doc.body.prepend(noscript);
}

function addStyle(doc: Document, id: string, css: string) {
  if (!css.trim()) return;
  // textContent, not innerHTML: config CSS cannot close the element or inject markup.
  const style = created(doc, 'style', { 'data-style': id });
  style.textContent = css;
  doc.head.append(style);
}

const attr = (value: string) => encodeURIComponent(value);

type TrackingWindow = Window & {
  dataLayer?: unknown[];
  fbq?: ((...args: unknown[]) => void) & { queue?: unknown[]; loaded?: boolean; version?: string };
  _fbq?: unknown;
  hj?: ((...args: unknown[]) => void) & { q?: unknown[] };
  _hjSettings?: { hjid: string; hjsv: number };
  _paq?: unknown[];
};

function addGoogleTagManager(doc: Document, win: TrackingWindow, id: string) {
  win.dataLayer = win.dataLayer ?? [];
  win.dataLayer.push({ 'gtm.start': Date.now(), event: 'gtm.js' });
  addScript(doc, `https://www.googletagmanager.com/gtm.js?id=${attr(id)}`);
  addNoscript(
    doc,
    `<iframe src="https://www.googletagmanager.com/ns.html?id=${attr(id)}" height="0" width="0" style="display:none;visibility:hidden"></iframe>`,
  );
}

function addFacebookPixel(doc: Document, win: TrackingWindow, id: string) {
  if (!win.fbq) {
    const queue: unknown[] = [];
    const fbq = Object.assign((...args: unknown[]) => queue.push(args), {
      queue,
      loaded: true,
      version: '2.0',
    });
    win.fbq = fbq;
    win._fbq = fbq;
  }
  win.fbq('init', id);
  win.fbq('track', 'PageView');
  addScript(doc, 'https://connect.facebook.net/en_US/fbevents.js');
  addNoscript(
    doc,
    `<img height="1" width="1" style="display:none" alt="" src="https://www.facebook.com/tr?id=${attr(id)}&ev=PageView&noscript=1">`,
  );
}

function addHeatmap(doc: Document, win: TrackingWindow, id: string) {
  const queue: unknown[] = [];
  win.hj = win.hj ?? Object.assign((...args: unknown[]) => queue.push(args), { q: queue });
  win._hjSettings = { hjid: id, hjsv: 6 };
  addScript(doc, `https://static.hotjar.com/c/hotjar-${attr(id)}.js?sv=6`);
}

function addSelfHostedAnalytics(doc: Document, win: TrackingWindow, url: string, id: string) {
  const base = url.endsWith('/') ? url : `${url}/`;
  win._paq = win._paq ?? [];
  win._paq.push(['trackPageView'], ['enableLinkTracking']);
  win._paq.push(['setTrackerUrl', `${base}matomo.php`], ['setSiteId', id]);
  addScript(doc, `${base}matomo.js`);
  addNoscript(
    doc,
    `<img src="${base}matomo.php?idsite=${attr(id)}&rec=1" style="border:0" alt="">`,
  );
}

/**
 * Applies docs/product/shell-and-configuration.md#start-up-and-the-head to the document: title,
 * meta tags, favicon, optional verification and tracking tags (only when enabled and configured),
 * custom CSS and the theme variables. Returns a cleanup that removes what it added.
 */
export function applyHead(config: PortalConfig, doc: Document = document): () => void {
  const { application, bodyFigure } = config;
  const win = (doc.defaultView ?? window) as TrackingWindow;

  doc.title = pageTitle(config);
  setMeta(doc, 'name', 'description', application.metaDescription);
  setMeta(doc, 'name', 'keywords', application.metaKeywords);
  // Same fallback as the server's rendering of index.html.
  setMeta(
    doc,
    'property',
    'og:description',
    application.metaFbDescription || application.metaDescription,
  );

  let favicon = doc.head.querySelector<HTMLLinkElement>('link[rel="icon"]');
  if (!favicon) {
    favicon = created(doc, 'link', { rel: 'icon' });
    doc.head.append(favicon);
  }
  favicon.setAttribute('href', faviconHref);

  if (application.googleVerificationEnabled && application.googleVerificationId) {
    setMeta(doc, 'name', 'google-site-verification', application.googleVerificationId);
  }
  if (application.googleAnalyticsEnabled && application.googleTagManagerId) {
    addGoogleTagManager(doc, win, application.googleTagManagerId);
  }
  if (application.facebookTrackingEnabled && application.facebookTrackingId) {
    addFacebookPixel(doc, win, application.facebookTrackingId);
  }
  if (application.heatmapEnabled && application.heatmapId) {
    addHeatmap(doc, win, application.heatmapId);
  }
  if (
    application.selfHostedAnalyticsEnabled &&
    application.selfHostedAnalyticsUrl &&
    application.selfHostedAnalyticsId
  ) {
    addSelfHostedAnalytics(
      doc,
      win,
      application.selfHostedAnalyticsUrl,
      application.selfHostedAnalyticsId,
    );
  }

  addStyle(doc, 'questionnaire', application.questionnaireCss);
  addStyle(doc, 'body-parts', bodyFigure.bodyPartsCss);

  const root = doc.documentElement;
  for (const [name, value] of Object.entries(themeToCssVariables(application.theme))) {
    root.style.setProperty(name, value);
  }

  return () => {
    for (const element of doc.querySelectorAll(`[${MARK}]`)) element.remove();
  };
}
