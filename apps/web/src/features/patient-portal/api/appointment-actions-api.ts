import type {
  CancelAppointmentResponse,
  CancelRequest,
  ConfirmAppointmentResponse,
} from '@portal/contract';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { apiRequest } from '../../../lib/api-client.ts';
import { type AppointmentRef, appointmentItemPath as itemPath } from './appointment-item.ts';
import { appointmentsSummaryKey } from './summary-api.ts';

/**
 * A signed-in patient's changes to their booking (docs/product/patient-portal.md#manage). Each
 * mutation refetches the summary it changed, so the page shows the server's word afterwards.
 */

/** The appointment's iCalendar file (a plain download link: the session cookie goes with it). */
export const calendarFileUrl = (appointment: AppointmentRef) =>
  `${itemPath(appointment)}/calendar.ics`;

export function useCancelAppointment(appointment: AppointmentRef) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (request: CancelRequest) =>
      apiRequest<CancelAppointmentResponse>(`${itemPath(appointment)}/cancel`, {
        method: 'POST',
        body: request,
      }),
    onSuccess: () =>
      queryClient.invalidateQueries({ queryKey: appointmentsSummaryKey(appointment.bookingKey) }),
  });
}

export function useConfirmAppointment(appointment: AppointmentRef) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: () =>
      apiRequest<ConfirmAppointmentResponse>(`${itemPath(appointment)}/confirm`, {
        method: 'POST',
      }),
    onSuccess: () =>
      queryClient.invalidateQueries({ queryKey: appointmentsSummaryKey(appointment.bookingKey) }),
  });
}
