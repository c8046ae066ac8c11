import {
  type PatientMatchRequest,
  type PatientMatchResponse,
  resultsErrorCodes,
  type SharedAccessListResponse,
  type SharedAccessRecord,
  type ShareRequest,
} from '@portal/contract';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { apiGet, apiRequest, isApiError } from '../../../lib/api-client.ts';
import { patientQueryKey } from '../../../lib/patient-access.ts';
import { appointmentPath, type ResultsMode, resultsKey, resultsQuery } from './results-query.ts';
import { refetchOnMount, useStartupAnswerOnce } from './startup-answers.ts';

export type { ResultsMode } from './results-query.ts';
export { resultsKey } from './results-query.ts';

/**
 * The results pages' calls (docs/product/patient-portal.md#results-and-sharing): a booking's
 * results (the patient's own, their history, or a share's), patient matching, and the shares of
 * a booking key. Everything is cached under the patient key, so a logout drops it.
 */

export const sharesKey = (bookingKey: string) =>
  [...patientQueryKey, 'shares', bookingKey] as const;

/**
 * Where a refused read sends the browser (spec 1 §4 deny messages): the provider's access period
 * over (`RESULTS_EXPIRED`), or a share revoked or expired (`SHARE_REVOKED`). Null for anything
 * else, which the page offers to retry.
 */
export function resultsDenyUrl(error: unknown, iframe: boolean): string | null {
  if (!isApiError(error) || error.status !== 403) return null;
  const prefix = iframe ? '/iframe' : '';
  if (error.code === resultsErrorCodes.resultsExpired) return `${prefix}/deny?resultsExpired=true`;
  if (error.code === resultsErrorCodes.shareRevoked) return `${prefix}/deny?revoked=true`;
  return null;
}

// The owner's page may find its first answer fetched at start-up (api/page-prefetch.ts), taken
// once without a second read.
export function useResults(mode: ResultsMode, bookingKey: string, enabled: boolean) {
  useStartupAnswerOnce(resultsKey(mode, bookingKey));
  return useQuery({ ...resultsQuery(mode, bookingKey), enabled, refetchOnMount });
}

/**
 * POST .../result/patient_match: the patient proves the date of birth and a contact once more;
 * the answer names the booking key of their history. A 422 PATIENT_MATCHING_FAILED is "no match".
 */
export function usePatientMatch(bookingKey: string) {
  return useMutation({
    mutationFn: (request: PatientMatchRequest) =>
      apiRequest<PatientMatchResponse>(`${appointmentPath(bookingKey)}/patient_match`, {
        method: 'POST',
        body: request,
      }),
  });
}

/** The shares of a key, with their access history; read while the share modal is open. */
export function useShares(bookingKey: string, enabled: boolean) {
  return useQuery({
    queryKey: sharesKey(bookingKey),
    queryFn: ({ signal }) =>
      apiGet<SharedAccessListResponse>(`${appointmentPath(bookingKey)}/shares`, { signal }),
    enabled,
    retry: false,
    staleTime: 0,
  });
}

export function useCreateShare(bookingKey: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (request: ShareRequest) =>
      apiRequest<SharedAccessRecord>(`${appointmentPath(bookingKey)}/shares`, {
        method: 'POST',
        body: request,
      }),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: sharesKey(bookingKey) }),
  });
}

export function useRevokeShare(bookingKey: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (shareId: string) =>
      apiRequest<void>(`${appointmentPath(bookingKey)}/shares/${encodeURIComponent(shareId)}`, {
        method: 'DELETE',
      }),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: sharesKey(bookingKey) }),
  });
}
