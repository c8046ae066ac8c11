import type { User } from '@portal/contract';
import { type QueryClient, useQuery, useQueryClient } from '@tanstack/react-query';
import { useCallback } from 'react';
import { apiRequest } from '../../../lib/api-client.ts';
import { accountQueryKey, getAccount } from '../api/get-account.ts';

const accountQuery = {
  queryKey: accountQueryKey,
  queryFn: getAccount,
  staleTime: 5 * 60_000,
  retry: false,
} as const;

/**
 * User state (docs/product/shell-and-configuration.md#staff-user): set when the user is loaded,
 * cleared on logout. `undefined` while the check is under way, `null` for an anonymous visitor (or
 * when the check failed: the patient pages must not depend on a staff session).
 */
export function useUser(): User | null | undefined {
  const { data, isError } = useQuery(accountQuery);
  return isError ? null : data;
}

/**
 * Starts the user check before the shell's first render (app/route-prefetch.ts), so the header
 * usually renders once with its answer instead of again, blocking, when the answer arrives.
 */
export function prefetchUser(queryClient: QueryClient): void {
  void queryClient.prefetchQuery(accountQuery);
}

/** Clears user state (the "log out success" action). */
export function clearUser(queryClient: QueryClient): void {
  queryClient.setQueryData(accountQueryKey, null);
}

/**
 * Logs the staff user out of the portal: the single sign-on session ends on the server
 * (DELETE /api/sso/session), then the user state is cleared. The provider's own session is
 * left alone (docs/product/single-sign-on.md#logout).
 */
export function useLogout(): () => void {
  const queryClient = useQueryClient();
  return useCallback(() => {
    void apiRequest('/api/sso/session', { method: 'DELETE' })
      .catch(() => undefined)
      .finally(() => clearUser(queryClient));
  }, [queryClient]);
}
