import { useQuery } from '@tanstack/react-query';
import { useEffect } from 'react';
import { useLocation, useNavigate } from 'react-router';
import { isApiError } from '../../../lib/api-client.ts';
import {
  authenticationUrl,
  checkPatientSession,
  type PatientPageTarget,
  patientSessionQueryKey,
} from '../../../lib/patient-access.ts';

/** The session check's query, shared by the page and its start-up prefetch (api/page-prefetch.ts). */
export const patientSessionQuery = (target: PatientPageTarget) => ({
  queryKey: patientSessionQueryKey(target),
  queryFn: ({ signal }: { signal: AbortSignal }) => checkPatientSession(target, signal),
  retry: false,
  staleTime: 30_000,
});

/**
 * How a page signs in when it must: its own return address (this page by default) and more
 * parameters for the authentication page (the history page's dateOfBirth, submitted at once).
 */
export interface PatientSignIn {
  returnUrl?: string | undefined;
  extra?: Record<string, string> | undefined;
}

/**
 * The authenticated check a patient page makes first (docs/product/authentication.md#the-401-rule).
 * Its 401 sends the browser to the authentication page with this page as returnUrl, without logging
 * out.
 */
export function usePatientSession(target: PatientPageTarget, signIn: PatientSignIn = {}) {
  const navigate = useNavigate();
  const location = useLocation();
  const session = useQuery(patientSessionQuery(target));
  const unauthenticated = isApiError(session.error) && session.error.status === 401;
  const returnUrl = signIn.returnUrl ?? `${location.pathname}${location.search}`;
  const extra = signIn.extra;

  useEffect(() => {
    if (!unauthenticated) return;
    navigate(authenticationUrl(returnUrl, target, extra), { replace: true });
  }, [unauthenticated, navigate, returnUrl, target, extra]);

  return { authenticated: session.isSuccess, failed: session.isError && !unauthenticated, session };
}
