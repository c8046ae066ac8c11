import type { ApplicationConfig, PortalBootstrap, RadiologyConfig } from '@portal/contract';
import { portalBootstrapElementId, themeToCssText } from '@portal/contract';
import { escapeHtml } from '../escape-html.ts';

export interface IndexHtmlInput {
  application: ApplicationConfig;
  radiology: RadiologyConfig;
  faviconType: string;
}

/**
 * JSON that is safe inside a <script> element: `<`, `>` and `&` become \u escapes, so no
 * value can close the element (`</script>`) or open a comment (`<!--`); U+2028 and U+2029 are
 * escaped too. JSON.parse reads the escapes back as the same characters.
 */
export function jsonForScriptElement(value: unknown): string {
  return JSON.stringify(value).replace(
    /[<>&\u2028\u2029]/g,
    (char) => `\\u${char.charCodeAt(0).toString(16).padStart(4, '0')}`,
  );
}

/**
 * The start-up data as a JSON data block (docs/decisions/007): a <script> whose type is not
 * JavaScript is never executed, so script-src does not apply to it and CSP needs no change.
 */
export function bootstrapElement(bootstrap: PortalBootstrap): string {
  return `<script type="application/json" id="${portalBootstrapElementId}">${jsonForScriptElement(bootstrap)}</script>`;
}

/**
 * Page title = radiology name followed by metaTitle
 * (docs/product/shell-and-configuration.md#start-up-and-the-head).
 */
export function pageTitle(radiology: RadiologyConfig, application: ApplicationConfig): string {
  return [radiology.name, application.metaTitle.trim()].filter((part) => part !== '').join(' ');
}

// Tags the server owns; copies in the built template are replaced, not duplicated.
const ownedTags = [
  /<title\b[^>]*>[\s\S]*?<\/title>\s*/gi,
  /<meta\s+[^>]*name=["'](?:description|keywords|google-site-verification)["'][^>]*>\s*/gi,
  /<meta\s+[^>]*property=["']og:(?:title|description|type|site_name)["'][^>]*>\s*/gi,
  /<link\s+[^>]*rel=["'](?:icon|shortcut icon)["'][^>]*>\s*/gi,
  /<style\s+id=["']portal-theme["'][^>]*>[\s\S]*?<\/style>\s*/gi,
  /<script\s+type=["']application\/json["']\s+id=["']portal-bootstrap["'][^>]*>[\s\S]*?<\/script>\s*/gi,
];

const sanitizerMarker =
  /<meta\s+name=["']portal-sanitizer-chunk["']\s+content=["'](\/assets\/[\w.-]+\.js)["'][^>]*>\s*/i;

/**
 * The web build names DOMPurify's on-demand chunk in a marker tag. The app loads it before
 * its first render when the shell shows configuration HTML (banner, header message, footer):
 * then the marker becomes a modulepreload, so the browser fetches it alongside the entry;
 * otherwise the marker is removed and nothing extra loads.
 */
function preloadSanitizerWhenNeeded(html: string, radiology: RadiologyConfig): string {
  const match = sanitizerMarker.exec(html);
  if (!match) return html;
  const shellHtml = [radiology.bannerMessage, radiology.customHeaderMessage, radiology.customFooter]
    .join('')
    .trim();
  const preload = shellHtml
    ? `<link rel="modulepreload" crossorigin href="${escapeHtml(match[1] as string)}">\n    `
    : '';
  return html.replace(sanitizerMarker, () => preload);
}

const homeChunksMarker =
  /<meta\s+name=["']portal-home-chunks["']\s+content=["']((?:\/assets\/[\w.-]+\.js ?)*)["'][^>]*>\s*/i;

/**
 * The web build names the booking home's route chunks in a marker tag (apps/web/vite.config.ts
 * homeChunkMarker): on the home's paths they become modulepreloads after the entry's, so the
 * home loads them alongside the entry (app/boot.ts renders it on the first pass); elsewhere the
 * marker is removed and no other page downloads the home.
 */
export function preloadHomeChunksWhenNeeded(html: string, onHome: boolean): string {
  const match = homeChunksMarker.exec(html);
  if (!match) return html;
  const files = (match[1] as string).split(' ').filter(Boolean);
  const preloads = onHome
    ? files
        .map((file) => `<link rel="modulepreload" crossorigin href="${escapeHtml(file)}">\n    `)
        .join('')
    : '';
  return html.replace(homeChunksMarker, () => preloads);
}

/** The booking home's paths in both shells (apps/web/src/app/router.tsx isBookingHomePath). */
export function isBookingHomeUrl(url: string): boolean {
  const path = url.split('?')[0] ?? '/';
  return /^(?:\/iframe)?(?:\/advanced-booking)?\/?$/.test(path);
}

/** The web build's loader that starts the app after the first paint (apps/web/public). */
export const appLoaderPath = '/app-loader.js';

/**
 * With a prerendered shell the first paint needs only the HTML and the stylesheet, so the app's
 * JavaScript should not compete with them on a slow link: the stylesheet moves ahead of the
 * scripts (an HTTP/1.1 browser opens six connections, and the build lists it after eight module
 * files), and the module script and its modulepreloads give way to the app loader, which adds
 * them once the shell has painted (it is deferred: nothing waits for it). Without the loader in
 * the build they are only fetched at low priority.
 */
export function prioritiseFirstPaint(html: string, appLoader: boolean): string {
  const stylesheets: string[] = [];
  const preloads: string[] = [];
  let rest = html.replace(/[ \t]*<link\s+rel=["']stylesheet["'][^>]*>\s*/gi, (tag) => {
    stylesheets.push(tag.trim());
    return '';
  });
  const entry =
    /<script\s+type=["']module["'][^>]*\ssrc=["'](\/assets\/[\w.-]+\.js)["'][^>]*><\/script>/i.exec(
      rest,
    );
  if (!entry) return html;
  rest = `${rest.slice(0, entry.index)}${stylesheets.join('\n    ')}${stylesheets.length ? '\n    ' : ''}${rest.slice(entry.index)}`;
  if (!appLoader)
    return rest.replace(
      /<(script\s+type=["']module["']|link\s+rel=["']modulepreload["'])(?![^>]*\bfetchpriority=)/gi,
      (_, tag: string) => `<${tag} fetchpriority="low"`,
    );
  rest = rest.replace(
    /[ \t]*<link\s+rel=["']modulepreload["'][^>]*\shref=["'](\/assets\/[\w.-]+\.js)["'][^>]*>\s*/gi,
    (_, href: string) => {
      preloads.push(href);
      return '';
    },
  );
  const loader = `<script defer src="${appLoaderPath}" data-entry="${escapeHtml(entry[1] as string)}" data-preloads="${escapeHtml(preloads.join(' '))}"></script>`;
  return rest.replace(entry[0], () => loader);
}

/**
 * The built index.html with the provider's head injected server-side, so
 * crawlers, link previews and the first paint see the right title, meta tags
 * and theme before any script runs. Every configured value is escaped.
 */
export function renderIndexHtml(
  template: string,
  input: IndexHtmlInput,
  bootstrap?: PortalBootstrap,
  /** Prerendered markup for the empty #root (app-shell-prerender.ts); trusted, already escaped. */
  shell?: string | null,
  /** Whether the build has the app loader (apps/web/public/app-loader.js). */
  appLoader = false,
  /** The request is for the booking home (isBookingHomeUrl): preload its chunks. */
  onHome = false,
): string {
  const { application, radiology } = input;
  const meta = (attribute: 'name' | 'property', key: string, content: string) =>
    `<meta ${attribute}="${key}" content="${escapeHtml(content)}">`;
  const head = [
    `<title>${escapeHtml(pageTitle(radiology, application))}</title>`,
    meta('name', 'description', application.metaDescription),
    meta('name', 'keywords', application.metaKeywords),
    meta('property', 'og:type', 'website'),
    meta('property', 'og:site_name', radiology.name),
    meta('property', 'og:title', pageTitle(radiology, application)),
    meta(
      'property',
      'og:description',
      application.metaFbDescription || application.metaDescription,
    ),
    ...(application.googleVerificationEnabled && application.googleVerificationId
      ? [meta('name', 'google-site-verification', application.googleVerificationId)]
      : []),
    `<link rel="icon" href="/api/assets/application/favicon" type="${escapeHtml(input.faviconType)}">`,
    // themeToCssText strips characters that could close the rule or the element.
    `<style id="portal-theme">${themeToCssText(application.theme)}</style>`,
  ].join('\n    ');

  let html = template;
  for (const pattern of ownedTags) html = html.replace(pattern, '');
  html = preloadSanitizerWhenNeeded(html, radiology);
  html = preloadHomeChunksWhenNeeded(html, onHome);
  const locale = bootstrap?.locale ?? application.jsLocale;
  const lang = /^[a-zA-Z]{2,3}(-[a-zA-Z0-9]{2,8})*$/.test(locale) ? locale : 'en-AU';
  html = /<html\b[^>]*\blang=/i.test(html)
    ? html.replace(/(<html\b[^>]*\blang=)["'][^"']*["']/i, `$1"${lang}"`)
    : html.replace(/<html\b/i, `<html lang="${lang}"`);
  html = html.includes('</head>')
    ? html.replace('</head>', () => `    ${head}\n  </head>`)
    : `${head}\n${html}`;
  if (shell) {
    html = html.replace(
      /(<div\s+id=["']root["'][^>]*>)\s*(<\/div>)/i,
      (_, open, close) => `${open}${shell}${close}`,
    );
    html = prioritiseFirstPaint(html, appLoader);
  }
  if (!bootstrap) return html;
  // After the markup, so the preload scanner reaches the head's script and style links first.
  const data = bootstrapElement(bootstrap);
  return html.includes('</body>')
    ? html.replace('</body>', () => `  ${data}\n  </body>`)
    : `${html}\n${data}`;
}
