import type { AppointmentChange, CanChangeStatusResponse } from '@portal/contract';
import { apiGet } from '../../../lib/api-client.ts';

/**
 * One appointment of a booking key, its API path and the change-status question both the
 * appointment page and the reschedule page ask: apart from the mutations, so the reschedule
 * page's code does not bring the cancel and confirm calls with it.
 */
export interface AppointmentRef {
  bookingKey: string;
  appointmentId: string;
}

export const appointmentItemPath = ({ bookingKey, appointmentId }: AppointmentRef) =>
  `/api/secured/appointments/${encodeURIComponent(bookingKey)}/items/${encodeURIComponent(appointmentId)}`;

/** Whether the patient may make this change now (asked before every cancel and reschedule). */
export function fetchChangeStatus(appointment: AppointmentRef, change: AppointmentChange) {
  return apiGet<CanChangeStatusResponse>(`${appointmentItemPath(appointment)}/change-status`, {
    query: { change },
  });
}
