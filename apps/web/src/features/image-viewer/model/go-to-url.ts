import type { NavigateFunction } from 'react-router';
import { leavePortal } from './leave-portal.ts';
import { safeExternalUrl } from './link-outcome.ts';

/**
 * Goes to a url the server gave: one of the portal's own pages through the router (the viewer
 * link the server made is `{PUBLIC_URL}/referrer-report?...`), another site by a page load.
 * Anything but http(s) is refused: answers false and goes nowhere.
 */
export function goToUrl(
  navigate: NavigateFunction,
  url: string,
  options: { replace?: boolean } = {},
): boolean {
  const target = safeExternalUrl(url, window.location.href);
  if (!target) return false;
  const parsed = new URL(target);
  if (parsed.origin === window.location.origin) {
    void navigate(`${parsed.pathname}${parsed.search}${parsed.hash}`, options);
  } else {
    leavePortal(target);
  }
  return true;
}
