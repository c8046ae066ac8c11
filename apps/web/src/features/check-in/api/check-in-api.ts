import type { CheckInForm, CheckInStatusResponse, DoctorSearchResult } from '@portal/contract';
import { useQuery } from '@tanstack/react-query';
import { apiGet, apiRequest } from '../../../lib/api-client.ts';
import { patientQueryKey } from '../../../lib/patient-access.ts';

/** One appointment of a booking key (docs/product/check-in.md). */
export interface CheckInTarget {
  bookingKey: string;
  appointmentId: string;
}

const checkInPath = ({ bookingKey, appointmentId }: CheckInTarget) =>
  `/api/secured/appointments/${encodeURIComponent(bookingKey)}/items/${encodeURIComponent(appointmentId)}/check_in`;

export const checkInStatusKey = (target: CheckInTarget) =>
  [...patientQueryKey, 'check-in', target.bookingKey, target.appointmentId] as const;

export function fetchCheckInStatus(target: CheckInTarget, signal?: AbortSignal) {
  return apiGet<CheckInStatusResponse>(checkInPath(target), signal ? { signal } : {});
}

/** The status of one appointment's check-in; no retries (a 401 is the app's to handle). */
export function useCheckInStatus(target: CheckInTarget) {
  return useQuery({
    queryKey: checkInStatusKey(target),
    queryFn: ({ signal }) => fetchCheckInStatus(target, signal),
    retry: false,
  });
}

/** 202 with the status (QUEUED): the form in FORM mode, null in SIMPLE mode. */
export function submitCheckIn(target: CheckInTarget, form: CheckInForm | null) {
  return apiRequest<CheckInStatusResponse>(checkInPath(target), {
    method: 'POST',
    body: { form },
  });
}

/** The referrer directory's search (the text as typed, lowercased by the caller). */
export async function searchDoctors(bookingKey: string, text: string, signal?: AbortSignal) {
  const answer = await apiGet<{ doctors: DoctorSearchResult[] }>(
    `/api/secured/appointments/${encodeURIComponent(bookingKey)}/doctor_search/${encodeURIComponent(text)}`,
    signal ? { signal } : {},
  );
  return answer.doctors;
}
