import type {
  PatientChangeOrigin,
  PatientChangeResponse,
  PatientChangeValues,
  PatientDetailsState,
} from '@portal/contract';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { apiGet, apiRequest } from '../../../lib/api-client.ts';
import { patientQueryKey } from '../../../lib/patient-access.ts';

/**
 * Patient detail change requests (docs/product/patient-detail-changes.md): the state of the
 * form, a new request and its withdrawal, on the appointment page's or the booking request
 * page's path. Loaded with the page's details section, apart from its first paint.
 */
export interface PatientDetailsTarget {
  kind: 'appointments' | 'booking_requests';
  bookingKey: string;
}

const basePath = (target: PatientDetailsTarget) =>
  `/api/secured/${target.kind}/${encodeURIComponent(target.bookingKey)}`;
export const patientDetailsKey = (target: PatientDetailsTarget) =>
  [...patientQueryKey, 'patient-details', target.kind, target.bookingKey] as const;

export function usePatientDetails(target: PatientDetailsTarget) {
  return useQuery({
    queryKey: patientDetailsKey(target),
    queryFn: ({ signal }) =>
      apiGet<PatientDetailsState>(`${basePath(target)}/patient_details`, { signal }),
    retry: false,
  });
}

/** Each change refetches the state, refused or not (a refusal may come from a change elsewhere). */
function usePatientChange<I>(
  target: PatientDetailsTarget,
  call: (input: I) => Promise<PatientChangeResponse>,
) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: call,
    onSettled: () => queryClient.invalidateQueries({ queryKey: patientDetailsKey(target) }),
  });
}

export function useRequestPatientChange(target: PatientDetailsTarget) {
  return usePatientChange(
    target,
    (input: { origin: PatientChangeOrigin; changes: PatientChangeValues }) =>
      apiRequest<PatientChangeResponse>(`${basePath(target)}/patient_change_requests`, {
        method: 'POST',
        body: input,
      }),
  );
}

export function useWithdrawPatientChange(target: PatientDetailsTarget) {
  return usePatientChange(target, (requestId: string) =>
    apiRequest<PatientChangeResponse>(
      `${basePath(target)}/patient_change_requests/${encodeURIComponent(requestId)}`,
      { method: 'DELETE' },
    ),
  );
}
