import { useQueryClient } from '@tanstack/react-query';
import { useCallback } from 'react';
import { useLocation, useNavigate } from 'react-router';
import { isIframePath } from '../../../lib/shell-mode.ts';
import { logout } from '../api/logout.ts';
import { resetKioskState } from '../model/kiosk-reset.ts';

/**
 * Where a kiosk session ends (docs/product/kiosk.md#idle-flow): the kiosk start, in kiosk mode
 * (inside the iframe shell when embedded).
 */
export function kioskStartPath(pathname: string): string {
  return `${isIframePath(pathname) ? '/iframe' : ''}/kiosk?kioskMode=true`;
}

/**
 * Logs out, goes to the kiosk start and forgets the session's cached state. The navigation
 * comes before the reset so the pages that showed the person's data are gone before their
 * queries are removed (a mounted query would otherwise fetch again).
 */
export function useEndKioskSession(): () => Promise<void> {
  const queryClient = useQueryClient();
  const navigate = useNavigate();
  const { pathname } = useLocation();
  return useCallback(async () => {
    await logout();
    await navigate(kioskStartPath(pathname), { replace: true });
    resetKioskState(queryClient);
  }, [navigate, pathname, queryClient]);
}
