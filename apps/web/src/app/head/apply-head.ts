import { themeToCssVariables } from '@portal/contract';
import type { PortalConfig } from '../../lib/config.tsx';
import { created, MARK } from './head-elements.ts';

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

/**
 * Applies docs/product/shell-and-configuration.md#start-up-and-the-head to the document: title,
 * meta tags, favicon, the optional verification tag (the tracking tags are features/analytics),
 * custom CSS and the theme variables. Returns a cleanup that removes what it added.
 */
export function applyHead(config: PortalConfig, doc: Document = document): () => void {
  const { application, bodyFigure } = config;

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
