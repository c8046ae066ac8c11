import type {
  CancelAppointmentResponse,
  CancelRequest,
  ConfirmAppointmentResponse,
} from '@portal/contract';
import type { QueryClient } from '@tanstack/react-query';
import { apiRequest } from '../../../lib/api-client.ts';
import { type AppointmentRef, appointmentItemPath as itemPath } from './appointment-item.ts';
import { appointmentsSummaryKey } from './summary-api.ts';

/**
 * A signed-in patient's changes to their booking (docs/product/patient-portal.md#manage). Each
 * call refetches the summary it changed, so the page shows the server's word afterwards.
 *
 * Plain calls, not useMutation hooks, as booking-request-cancel-api.ts: the appointment page
 * shows Confirm and Cancel at once, and react-query's mutation code (1 KB gzip) counted in its
 * initial JavaScript (docs/benchmarks.md). The callers keep their own busy state.
 */

/** The appointment's iCalendar file (a plain download link: the session cookie goes with it). */
export const calendarFileUrl = (appointment: AppointmentRef) =>
  `${itemPath(appointment)}/calendar.ics`;

async function changed<T>(queryClient: QueryClient, appointment: AppointmentRef, answer: T) {
  await queryClient.invalidateQueries({ queryKey: appointmentsSummaryKey(appointment.bookingKey) });
  return answer;
}

export async function cancelAppointment(
  queryClient: QueryClient,
  appointment: AppointmentRef,
  request: CancelRequest,
): Promise<CancelAppointmentResponse> {
  const answer = await apiRequest<CancelAppointmentResponse>(`${itemPath(appointment)}/cancel`, {
    method: 'POST',
    body: request,
  });
  return changed(queryClient, appointment, answer);
}

export async function confirmAppointment(
  queryClient: QueryClient,
  appointment: AppointmentRef,
): Promise<ConfirmAppointmentResponse> {
  const answer = await apiRequest<ConfirmAppointmentResponse>(`${itemPath(appointment)}/confirm`, {
    method: 'POST',
  });
  return changed(queryClient, appointment, answer);
}
