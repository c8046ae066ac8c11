import { closedBannerCookieName } from '@portal/contract';
import type { QueryClient } from '@tanstack/react-query';
import { deleteCookie } from '../../../lib/cookies.ts';
import { tabStorage } from '../../../lib/tab-storage.ts';

/**
 * Query families that describe the provider, not the person at the kiosk: configuration and
 * translations are loaded once at start and the page cannot render without them.
 */
const providerQueryRoots = new Set(['config', 'translations', 'startup']);

/**
 * Forgets everything the last person at the kiosk left behind (docs/product/kiosk.md#idle-flow):
 * cached API answers about them (user, booking, appointment data) and this tab's session
 * storage (the booking attempt's key, holds and completion summary), and a banner they closed,
 * which the next person should see. Provider configuration stays cached so the start screen
 * renders at once.
 */
export function resetKioskState(queryClient: QueryClient): void {
  void queryClient.cancelQueries({ predicate: (query) => !isProviderQuery(query.queryKey) });
  queryClient.removeQueries({ predicate: (query) => !isProviderQuery(query.queryKey) });
  try {
    tabStorage.clear();
  } catch {
    // Storage blocked by the browser: nothing was kept there either.
  }
  deleteCookie(closedBannerCookieName);
}

function isProviderQuery(key: readonly unknown[]): boolean {
  return typeof key[0] === 'string' && providerQueryRoots.has(key[0]);
}
