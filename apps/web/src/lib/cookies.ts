import { embeddedCookieAttributes, isEmbedded } from './embedding.ts';

/** First-party cookies the browser code reads and writes (never the HttpOnly session). */

/**
 * The expiry of the lasting cookies (docs/product/kiosk.md#constants,
 * docs/product/booking.md#clinic-selection): end of 2030.
 */
export const lastingCookieExpires = 'Tue, 31 Dec 2030 23:59:59 GMT';

export function readCookie(name: string): string | null {
  for (const part of document.cookie.split(';')) {
    const [key, ...rest] = part.trim().split('=');
    if (key !== name) continue;
    try {
      return decodeURIComponent(rest.join('='));
    } catch {
      return null;
    }
  }
  return null;
}

/**
 * Path /, SameSite=Lax, Secure over HTTPS; in a provider's frame over HTTPS SameSite=None and
 * Partitioned (lib/embedding.ts). Without `expires` the cookie lasts for the browser session.
 * (document.cookie: the Cookie Store API is missing in some kiosk browsers, Safari and Firefox.)
 */
export function writeCookie(name: string, value: string, expires?: string): void {
  const https = window.location.protocol === 'https:';
  const attributes =
    https && isEmbedded() ? embeddedCookieAttributes : `SameSite=Lax${https ? '; Secure' : ''}`;
  const lifetime = expires ? `; expires=${expires}` : '';
  // biome-ignore lint/suspicious/noDocumentCookie: see above.
  document.cookie = `${name}=${encodeURIComponent(value)}; path=/${lifetime}; ${attributes}`;
}

export function deleteCookie(name: string): void {
  writeCookie(name, '', 'Thu, 01 Jan 1970 00:00:00 GMT');
}
