import type {
  ConsentFormsResponse,
  SignConsentFormRequest,
  SignConsentFormResponse,
} from '@portal/contract';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { apiGet, apiRequest } from '../../../lib/api-client.ts';
import { patientQueryKey } from '../../../lib/patient-access.ts';

/** The consent forms of a booking key (docs/product/consent-forms.md#api). */
export const consentFormsKey = (bookingKey: string) =>
  [...patientQueryKey, 'consent-forms', bookingKey] as const;

const consentFormsPath = (bookingKey: string) =>
  `/api/secured/appointments/${encodeURIComponent(bookingKey)}/consent_forms`;

export function useConsentForms(bookingKey: string, enabled = true) {
  return useQuery({
    queryKey: consentFormsKey(bookingKey),
    queryFn: ({ signal }) => apiGet<ConsentFormsResponse>(consentFormsPath(bookingKey), { signal }),
    enabled,
  });
}

/** Signs one form; the list shown becomes the server's appointmentConsentForms. */
export function useSignConsentForm(bookingKey: string) {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (request: SignConsentFormRequest) =>
      apiRequest<SignConsentFormResponse>(consentFormsPath(bookingKey), {
        method: 'POST',
        body: request,
      }),
    onSuccess: (response) => {
      client.setQueryData<ConsentFormsResponse>(consentFormsKey(bookingKey), {
        appointmentConsentForms: response.appointmentConsentForms,
      });
    },
  });
}
