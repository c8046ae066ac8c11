import { useQuery } from '@tanstack/react-query';
import { patientQueryKey } from '../../../lib/patient-access.ts';
import { type AppointmentRef, fetchChangeStatus } from './appointment-item.ts';

/**
 * Whether the appointment may be moved now (change-status with RESCHEDULE): the reschedule page
 * asks before offering times, also when it is opened straight from a link. The move itself is
 * in move-appointment.ts, loaded with the confirm modal.
 */
export function useRescheduleStatus(appointment: AppointmentRef, enabled: boolean) {
  return useQuery({
    queryKey: [
      ...patientQueryKey,
      'change-status',
      appointment.bookingKey,
      appointment.appointmentId,
      'RESCHEDULE',
    ],
    queryFn: () => fetchChangeStatus(appointment, 'RESCHEDULE'),
    enabled,
    retry: false,
  });
}
