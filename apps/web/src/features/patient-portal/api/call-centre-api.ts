import type {
  CallbackRequestBodyInput,
  CallbackRequestResponse,
  CallCentreMessageRequest,
  CallCentreMessageResponse,
  CallCentreState,
} from '@portal/contract';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { apiGet, apiRequest } from '../../../lib/api-client.ts';
import { patientQueryKey } from '../../../lib/patient-access.ts';

/**
 * Messages and callback requests to the call centre (docs/product/contact-the-clinic.md), on
 * the appointment page's or the booking request page's path. Loaded with the page's call-centre
 * section, apart from its first paint.
 */
export interface CallCentreTarget {
  kind: 'appointments' | 'booking_requests';
  bookingKey: string;
}

const basePath = (target: CallCentreTarget) =>
  `/api/secured/${target.kind}/${encodeURIComponent(target.bookingKey)}`;
export const callCentreKey = (target: CallCentreTarget) =>
  [...patientQueryKey, 'call-centre', target.kind, target.bookingKey] as const;

export function useCallCentre(target: CallCentreTarget) {
  return useQuery({
    queryKey: callCentreKey(target),
    queryFn: ({ signal }) => apiGet<CallCentreState>(`${basePath(target)}/call_centre`, { signal }),
    retry: false,
  });
}

/** Each send refetches the state (what is left today, the pending callbacks), refused or not. */
function useCallCentreSend<I, O>(target: CallCentreTarget, path: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (body: I) => apiRequest<O>(`${basePath(target)}/${path}`, { method: 'POST', body }),
    onSettled: () => queryClient.invalidateQueries({ queryKey: callCentreKey(target) }),
  });
}

export const useSendCallCentreMessage = (target: CallCentreTarget) =>
  useCallCentreSend<CallCentreMessageRequest, CallCentreMessageResponse>(
    target,
    'call_centre_messages',
  );

export const useRequestCallback = (target: CallCentreTarget) =>
  useCallCentreSend<CallbackRequestBodyInput, CallbackRequestResponse>(target, 'callback_requests');
