import type { TrackingTag } from './tracking-selection.ts';

/** The vendors' snippets, as DOM calls (no inline script: the Content-Security-Policy has none). */
function created<K extends keyof HTMLElementTagNameMap>(
  doc: Document,
  tag: K,
  attributes: Record<string, string>,
): HTMLElementTagNameMap[K] {
  const element = doc.createElement(tag);
  for (const [name, value] of Object.entries(attributes)) element.setAttribute(name, value);
  return element;
}

/** Each tag's script is marked with its kind: a tag already on the page is not added again. */
function addScript(doc: Document, src: string, kind: TrackingTag['kind']) {
  doc.head.append(created(doc, 'script', { src, async: '', 'data-tracking-tag': kind }));
}

/** A <noscript> fallback at the top of <body> (what the vendors' snippets ask for). */
function addNoscript(doc: Document, html: string) {
  const noscript = created(doc, 'noscript', {});
  noscript.innerHTML = html;
  doc.body.prepend(noscript);
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
  addScript(doc, `https://www.googletagmanager.com/gtm.js?id=${attr(id)}`, 'googleTagManager');
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
  addScript(doc, 'https://connect.facebook.net/en_US/fbevents.js', 'facebookPixel');
  addNoscript(
    doc,
    `<img height="1" width="1" style="display:none" alt="" src="https://www.facebook.com/tr?id=${attr(id)}&ev=PageView&noscript=1">`,
  );
}

function addHeatmap(doc: Document, win: TrackingWindow, id: string) {
  const queue: unknown[] = [];
  win.hj = win.hj ?? Object.assign((...args: unknown[]) => queue.push(args), { q: queue });
  win._hjSettings = { hjid: id, hjsv: 6 };
  addScript(doc, `https://static.hotjar.com/c/hotjar-${attr(id)}.js?sv=6`, 'heatmap');
}

function addSelfHostedAnalytics(doc: Document, win: TrackingWindow, url: string, id: string) {
  const base = url.endsWith('/') ? url : `${url}/`;
  win._paq = win._paq ?? [];
  win._paq.push(['trackPageView'], ['enableLinkTracking']);
  win._paq.push(['setTrackerUrl', `${base}matomo.php`], ['setSiteId', id]);
  addScript(doc, `${base}matomo.js`, 'selfHostedAnalytics');
  addNoscript(
    doc,
    `<img src="${base}matomo.php?idsite=${attr(id)}&rec=1" style="border:0" alt="">`,
  );
}

/**
 * Adds each tag once per page (tracking.tsx loads this module only when a tag may load); a tag
 * cannot be taken out again, which is why a withdrawn consent reloads the page.
 */
export function addTrackingTags(
  tags: TrackingTag[],
  doc: Document = document,
  win: TrackingWindow = window,
): void {
  for (const tag of tags) {
    if (doc.querySelector(`script[data-tracking-tag="${tag.kind}"]`)) continue;
    if (tag.kind === 'googleTagManager') addGoogleTagManager(doc, win, tag.id);
    else if (tag.kind === 'facebookPixel') addFacebookPixel(doc, win, tag.id);
    else if (tag.kind === 'heatmap') addHeatmap(doc, win, tag.id);
    else addSelfHostedAnalytics(doc, win, tag.url, tag.id);
  }
}
