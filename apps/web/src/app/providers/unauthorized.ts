import type { QueryClient } from '@tanstack/react-query';
import { clearUser } from '../../features/account/index.ts';
import {
  authenticationUrl,
  logoutPatient,
  patientPageTarget,
  patientQueryKey,
} from '../../lib/patient-access.ts';

interface Navigator {
  navigate: (to: string, options?: { replace?: boolean }) => unknown;
  state: { location: { pathname: string; search: string } };
}

/**
 * docs/product/authentication.md#the-401-rule: a 401 from any call except the authenticated checks
 * (api-client exempts those) logs the client out (server session, cached user and patient data)
 * and, on a patient page, sends the browser to the authentication page with the page as returnUrl.
 */
export function createUnauthorizedHandler(queryClient: QueryClient, router: Navigator) {
  let inFlight = false;
  return () => {
    clearUser(queryClient);
    queryClient.removeQueries({ queryKey: patientQueryKey });
    // Several queries failing together must not log out and redirect several times.
    if (inFlight) return;
    inFlight = true;
    const { pathname, search } = router.state.location;
    const target = patientPageTarget(pathname);
    void logoutPatient()
      .catch(() => {
        // The session is already gone or the network failed; the redirect still applies.
      })
      .finally(() => {
        inFlight = false;
        if (target) {
          void router.navigate(authenticationUrl(`${pathname}${search}`, target), {
            replace: true,
          });
        }
      });
  };
}
