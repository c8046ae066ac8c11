import type { AppointmentLinkActionResponse, AppointmentLinkResponse } from '@portal/contract';
import { useMutation, useQuery } from '@tanstack/react-query';
import { apiRequest } from '../../../lib/api-client.ts';

// The token goes in the body, never a query string: URLs end up in logs (reminders.routes.ts).
export function useAppointmentLink(token: string) {
  return useQuery({
    queryKey: ['appointment-link', token],
    queryFn: ({ signal }) =>
      apiRequest<AppointmentLinkResponse>('/api/appointment-links/lookup', {
        method: 'POST',
        body: { token },
        signal,
      }),
    retry: false,
    staleTime: Number.POSITIVE_INFINITY,
  });
}

export function useAppointmentLinkAction(token: string) {
  return useMutation({
    mutationFn: () =>
      apiRequest<AppointmentLinkActionResponse>('/api/appointment-links/use', {
        method: 'POST',
        body: { token },
      }),
  });
}
