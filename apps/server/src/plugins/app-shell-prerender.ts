import type { PortalBootstrap, TranslationDictionary } from '@portal/contract';
import { sanitizeHtml } from '../config/sanitize-html.ts';
import { escapeHtml } from '../escape-html.ts';

/**
 * The pages with a server-rendered shell: the booking home (and its advanced-booking and
 * staff variants), the landing page whose heading is the LCP element, and the patient pages a
 * patient opens from a message (`patient`: the appointment, booking request, reschedule,
 * results (a shared link's and the history too) and reminder link pages), which get the
 * banners and the header bar only, their content being the patient's own (docs/decisions/013,
 * the patient pages). The kiosk's check-in (`kiosk-check-in`) gets them and its first
 * question's heading: every visit starts at the last name (features/kiosk
 * use-kiosk-check-in.ts), and a reception tablet shows it between patients. Every other route,
 * the iframe routes and the rest of kiosk mode get an empty #root.
 */
export type PrerenderTarget =
  | 'home'
  | 'home-staff'
  | 'advanced'
  | 'advanced-staff'
  | 'patient'
  | 'kiosk-check-in';

/** The patient pages' paths (apps/web/src/app/router.tsx), never their kiosk variant. */
const patientPagePath =
  /^\/(?:appointments\/(?:pending\/)?[^/]+|appointments\/[^/]+\/reschedule\/[^/]+|appointments\/[^/]+\/result(?:\/patient)?|a\/[^/]+|booking-requests\/[^/]+|br\/[^/]+|appointment-links\/[^/]+)$/;

/**
 * What to prerender for a request URL, decided as the app decides it (lib/shell-mode.ts,
 * features/booking useStaffBooking): the path without a trailing slash, kioskMode and
 * staffBooking from the query.
 */
export function prerenderTargetOf(url: string): PrerenderTarget | null {
  const [rawPath = '/', query = ''] = url.split('?');
  const path = rawPath.replace(/\/+$/, '') || '/';
  const params = new URLSearchParams(query);
  if (params.get('kioskMode') === 'true') return path === '/check-in' ? 'kiosk-check-in' : null;
  const staff = params.get('staffBooking') === 'true';
  if (path === '/') return staff ? 'home-staff' : 'home';
  if (path === '/advanced-booking') return staff ? 'advanced-staff' : 'advanced';
  if (patientPagePath.test(path)) return 'patient';
  return null;
}

function lookup(dictionary: TranslationDictionary, key: string): string | null {
  let node: string | TranslationDictionary | undefined = dictionary;
  for (const part of key.split('.')) node = typeof node === 'object' ? node[part] : undefined;
  return typeof node === 'string' ? node : null;
}

/** i18next's `{{name}}` interpolation (the app sets escapeValue false; we escape after). */
function interpolate(text: string, values: Record<string, string>): string {
  return text.replace(/\{\{\s*(\w+)\s*\}\}/g, (_, name: string) => values[name] ?? '');
}

/**
 * Critical CSS for the shell: the same boxes as the app's header (app/shell/header/
 * header.module.css), banners (banners.module.css, components/ui/sanitized-html.module.css), layout (layouts.module.css), Page
 * title/lead (components/ui/page.module.css) and the kiosk check-in's screen and title
 * (features/kiosk/components/kiosk-check-in.module.css: one size on every width), so React's first render replaces it without
 * anything moving. Change them together; e2e/tests/prerender.spec.ts compares the positions.
 * Colours and fonts come from the theme variables and global.css, which load before it.
 */
export const prerenderCss = [
  '.pre-shell{display:flex;flex-direction:column;min-height:100vh}',
  '.pre-banner{font-size:1rem}',
  '.pre-banner-text{max-width:var(--page-width);margin:0 auto;padding:.5rem var(--gutter)}',
  '.pre-environment{color:#0b0c0c;background:#ffdd00;font-weight:600}',
  '.pre-warning{color:#fff;background:var(--color-primary-dark)}',
  '.pre-html-banner{z-index:20;background:#e8edee;border-bottom:1px solid var(--color-border)}',
  '.pre-html-inner{display:flex;align-items:center;max-width:var(--page-width);margin:0 auto}',
  '.pre-html-inner .pre-banner-text{flex:1;margin:0}',
  '.pre-close{flex:none;display:grid;place-items:center;width:var(--touch-target);height:var(--touch-target);margin-right:calc(var(--gutter) - .5rem);font-size:1.75rem;line-height:1}',
  '.pre-html>:first-child{margin-top:0}.pre-html>:last-child{margin-bottom:0}.pre-html img{max-width:100%;height:auto}',
  '.pre-actions{display:flex;align-items:center;gap:1rem;flex-wrap:wrap;justify-content:flex-end}',
  '.pre-custom-message{color:var(--color-text-secondary);font-size:1rem}',
  '.pre-header{background:var(--color-surface);border-bottom:.25rem solid var(--color-primary)}',
  '.pre-bar{display:grid;grid-template-columns:minmax(0,1fr) auto;align-items:center;gap:.75rem 1rem;max-width:var(--page-width);margin:0 auto;padding:.75rem var(--gutter)}',
  '.pre-logo{justify-self:start;max-width:100%;display:inline-flex;align-items:center;min-height:var(--touch-target);padding:.25rem;margin-left:-.25rem}',
  '.pre-logo-image{display:block;height:2.5rem;width:auto;max-width:min(100%,14rem);object-fit:contain;object-position:left center}',
  '.pre-main{flex:1;min-height:100vh}',
  '.pre-container{max-width:var(--page-width);margin:0 auto;padding:2rem var(--gutter) 3rem}',
  '.pre-page{max-width:46rem}',
  '.pre-title{margin:0 0 1.5rem;font-family:var(--font-family-heading);font-size:2rem;line-height:1.2}',
  '.pre-lead{margin:0 0 2rem;font-size:1.1875rem;line-height:1.5;color:var(--color-text-secondary)}',
  '@media (min-width:768px){.pre-logo-image{height:3.5rem;max-width:min(100%,20rem)}.pre-bar{padding-top:1rem;padding-bottom:1rem}.pre-container{padding-top:3rem}.pre-title{font-size:2.5rem}.pre-kiosk .pre-title{font-size:2rem}}',
  '@media (max-width:767px){.pre-actions{display:none}}',
  '@media (max-height:768px){.pre-shell,.pre-main{min-height:calc(100vh / .75)}}',
].join('');

/** The app's tablet breakpoint (apps/web/src/lib/media-query.ts tabletQuery). */
export const tabletMedia = '(min-width: 768px) and (max-width: 1023px)';

/** A `style` attribute from configuration CSS declarations (the app sets them as cssText). */
const styleAttribute = (css: string) => (css.trim() ? ` style="${escapeHtml(css)}"` : '');

/**
 * The static shell of a prerendered page, placed inside #root: the banners, the header bar
 * with the logo (and the header message on wider screens), and on the home the page's h1 and
 * lead in the request's locale, on the kiosk's check-in its first question's h1 (a patient
 * page's main stays empty until the app draws it).
 * React's createRoot replaces it on its first commit (apps/web/src/main.tsx), so the two never
 * coexist. Configuration HTML was sanitized when the config loaded and is
 * sanitized again here; every translation is escaped. Null (an empty #root) when a
 * translation is missing.
 */
export function renderAppShell(
  target: PrerenderTarget,
  bootstrap: PortalBootstrap,
  /** The visitor closed the current banner message (closedBannerCookieName). */
  bannerClosed = false,
): string | null {
  const { application, radiology } = bootstrap.config;
  const t = (key: string, values: Record<string, string> = {}) => {
    const text = lookup(bootstrap.translations, key);
    return text === null ? null : escapeHtml(interpolate(text, values));
  };
  const staff = target === 'home-staff' || target === 'advanced-staff';
  const patient = target === 'patient';
  const kiosk = target === 'kiosk-check-in';
  const title = patient
    ? ''
    : t(
        kiosk
          ? 'kiosk_check_in.last_name.title'
          : staff
            ? 'booking.home.title_staff'
            : 'booking.home.title',
      );
  const lead = patient || kiosk ? '' : t(staff ? 'booking.home.lead_staff' : 'booking.home.lead');
  const alt = t('header.logo_alt', { name: radiology.name });
  const bannerLabel = t('message.banner_label');
  const environment = t('message.environment_banner', {
    profiles: application.activeProfiles.join(', '),
  });
  const readOnly = t('message.access_read_only');
  if (
    (!patient && !title) ||
    (!patient && !kiosk && !lead) ||
    alt === null ||
    !bannerLabel ||
    !environment ||
    !readOnly
  )
    return null;

  const bannerHtml =
    radiology.closeBanner || bannerClosed ? '' : sanitizeHtml(radiology.bannerMessage).trim();
  const headerHtml = sanitizeHtml(radiology.customHeaderMessage).trim();
  const banners = [
    application.production
      ? ''
      : `<div class="pre-banner pre-environment"><p class="pre-banner-text">${environment}</p></div>`,
    application.readOnly
      ? `<div class="pre-banner pre-warning"><p class="pre-banner-text">${readOnly}</p></div>`
      : '',
    // A banner closed earlier in the browser session is left out as the app leaves it out.
    bannerHtml
      ? `<div class="pre-banner pre-html-banner"${styleAttribute(radiology.bannerPositionCss)}><div class="pre-html-inner"><div class="pre-html pre-banner-text">${bannerHtml}</div><span class="pre-close" aria-hidden="true">×</span></div></div>`
      : '',
  ].join('');
  // The logo is not a link here: the app's link keeps kioskMode/regionSlug, which this
  // cached markup does not know; it becomes one a moment later.
  const logo = `<span class="pre-logo"><picture><source media="${escapeHtml(tabletMedia)}" srcset="/api/assets/application/header_tablet"><img class="pre-logo-image" src="/api/assets/application/header" alt="${alt}"></picture></span>`;
  const actions = headerHtml
    ? `<div class="pre-actions"><div class="pre-html pre-custom-message">${headerHtml}</div></div>`
    : '';
  return [
    `<style>${prerenderCss}</style>`,
    '<div class="pre-shell" data-prerender="">',
    banners ? `<section aria-label="${bannerLabel}">${banners}</section>` : '',
    `<header class="pre-header"><div class="pre-bar">${logo}${actions}</div></header>`,
    patient
      ? '<main class="pre-main"></main>'
      : kiosk
        ? `<main class="pre-main"><div class="pre-container"><div class="pre-page pre-kiosk"><h1 class="pre-title">${title}</h1></div></div></main>`
        : `<main class="pre-main"><div class="pre-container"><div class="pre-page"><h1 class="pre-title">${title}</h1><p class="pre-lead">${lead}</p></div></div></main>`,
    '</div>',
  ].join('');
}
