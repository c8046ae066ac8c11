import type { AppointmentsSummaryResponse, MoveAppointmentResponse } from '@portal/contract';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { apiRequest } from '../../../lib/api-client.ts';
import { patientQueryKey } from '../../../lib/patient-access.ts';
import { type AppointmentRef, appointmentItemPath as itemPath } from './appointment-item.ts';
import { appointmentsSummaryKey } from './summary-api.ts';

/**
 * The move itself, apart from the reschedule page's start-up calls (reschedule-api.ts): only
 * the confirm modal makes it, so its code (with React Query's mutations) loads with the modal.
 */

/** Where the appointment moves: another time at its clinic, or (with `clinicSlug`) another clinic. */
export interface AppointmentMove {
  start: string;
  examSlug: string;
  /** Set when the patient chose another clinic: the move is a change (POST .../change). */
  clinicSlug: string | null;
}

/**
 * POST .../reschedule ({ start }) or .../change ({ examSlug, clinicSlug, start }). On success the
 * cached summary shows the move at once (the old appointment replaced, its replacement added)
 * and is fetched again, so the appointment page opens on the new time.
 */
export function useMoveAppointment(appointment: AppointmentRef) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (move: AppointmentMove) =>
      move.clinicSlug
        ? apiRequest<MoveAppointmentResponse>(`${itemPath(appointment)}/change`, {
            method: 'POST',
            body: { examSlug: move.examSlug, clinicSlug: move.clinicSlug, start: move.start },
          })
        : apiRequest<MoveAppointmentResponse>(`${itemPath(appointment)}/reschedule`, {
            method: 'POST',
            body: { start: move.start },
          }),
    onSuccess: (moved) => {
      const key = appointmentsSummaryKey(appointment.bookingKey);
      queryClient.setQueryData<AppointmentsSummaryResponse>(key, (summary) =>
        summary
          ? {
              ...summary,
              appointments: [
                ...summary.appointments.map((item) =>
                  item.id === appointment.appointmentId
                    ? { ...item, status: moved.appointmentStatus, replacedBy: moved.replacement.id }
                    : item,
                ),
                moved.replacement,
              ],
            }
          : summary,
      );
      void queryClient.invalidateQueries({ queryKey: key });
      void queryClient.invalidateQueries({ queryKey: [...patientQueryKey, 'change-status'] });
    },
  });
}
