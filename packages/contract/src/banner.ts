/**
 * The browser-session cookie (no expiry, Path=/, SameSite=Lax) naming the provider's banner
 * message the visitor closed, by its fingerprint. The app hides that banner; the server leaves
 * it out of the prerendered booking home too, so the page does not move up when the app takes
 * over. A new message has another fingerprint and shows again.
 */
export const closedBannerCookieName = 'portal_closed_banner';

/**
 * A short fingerprint of a banner message (32-bit FNV-1a over its UTF-16 code units, as 8 hex
 * digits): the cookie names the closed message without carrying it. Not a security measure;
 * a collision only hides a banner the visitor may already have read.
 */
export function bannerFingerprint(message: string): string {
  let hash = 0x811c9dc5;
  for (let index = 0; index < message.length; index += 1) {
    hash ^= message.charCodeAt(index);
    hash = Math.imul(hash, 0x01000193) >>> 0;
  }
  return hash.toString(16).padStart(8, '0');
}
