import { themeToCssVariables } from '@portal/contract';
import type { PortalConfig } from '../../lib/config.tsx';
import { created, MARK } from './head-elements.ts';
import type { TrackingTag } from './tracking-tags.ts';

export const faviconHref = '/api/assets/application/favicon';

/**
 * docs/product/shell-and-configuration.md#start-up-and-the-head: the radiology name followed by the
 * configured metaTitle.
 */
export function pageTitle(config: Pick<PortalConfig, 'application' | 'radiology'>): string {
  return [config.radiology.name, config.application.metaTitle].filter(Boolean).join(' ');
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

function addStyle(doc: Document, id: string, css: string) {
  if (!css.trim()) return;
  // textContent, not innerHTML: config CSS cannot close the element or inject markup.
  const style = created(doc, 'style', { 'data-style': id });
  style.textContent = css;
  doc.head.append(style);
}

/** The tags to add: each only when enabled and given its id (and url). */
export function trackingTags(application: PortalConfig['application']): TrackingTag[] {
  const tags: TrackingTag[] = [];
  if (application.googleAnalyticsEnabled && application.googleTagManagerId) {
    tags.push({ kind: 'googleTagManager', id: application.googleTagManagerId });
  }
  if (application.facebookTrackingEnabled && application.facebookTrackingId) {
    tags.push({ kind: 'facebookPixel', id: application.facebookTrackingId });
  }
  if (application.heatmapEnabled && application.heatmapId) {
    tags.push({ kind: 'heatmap', id: application.heatmapId });
  }
  const { selfHostedAnalyticsUrl: url, selfHostedAnalyticsId: id } = application;
  if (application.selfHostedAnalyticsEnabled && url && id) {
    tags.push({ kind: 'selfHostedAnalytics', url, id });
  }
  return tags;
}

/**
 * Applies docs/product/shell-and-configuration.md#start-up-and-the-head to the document: title,
 * meta tags, favicon, optional verification and tracking tags (only when enabled and configured),
 * custom CSS and the theme variables. Returns a cleanup that removes what it added.
 */
export function applyHead(config: PortalConfig, doc: Document = document): () => void {
  const { application, bodyFigure } = config;
  const win = doc.defaultView ?? window;

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
  // The tags' code loads only where the provider enabled one (none by default): most portals
  // would fetch it for nothing, and the entry is held to the initial JS budget.
  let cleaned = false;
  const tags = trackingTags(application);
  if (tags.length > 0) {
    void import('./tracking-tags.ts').then(({ addTrackingTags }) => {
      if (!cleaned) addTrackingTags(tags, doc, win);
    });
  }

  addStyle(doc, 'questionnaire', application.questionnaireCss);
  addStyle(doc, 'body-parts', bodyFigure.bodyPartsCss);

  const root = doc.documentElement;
  for (const [name, value] of Object.entries(themeToCssVariables(application.theme))) {
    root.style.setProperty(name, value);
  }

  return () => {
    cleaned = true;
    for (const element of doc.querySelectorAll(`[${MARK}]`)) element.remove();
  };
}
