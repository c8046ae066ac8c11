import type {
  PatientMatchRequest,
  PatientMatchResponse,
  SharedAccessListResponse,
  SharedAccessRecord,
  ShareRequest,
} from '@portal/contract';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { apiGet, apiRequest } from '../../../lib/api-client.ts';
import { patientQueryKey } from '../../../lib/patient-access.ts';
import { appointmentPath } from './results-query.ts';

/**
 * The results pages' changes (docs/product/patient-portal.md#results-and-sharing): patient
 * matching and the shares of a booking key, cached under the patient key. The reads the pages
 * open with are results-api.ts.
 */

export const sharesKey = (bookingKey: string) =>
  [...patientQueryKey, 'shares', bookingKey] as const;

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
