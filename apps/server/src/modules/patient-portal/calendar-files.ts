import type { Clock } from '../../adapters/clock.ts';
import { formatClinicTime } from '../availability/index.ts';
import type { ManagedAppointment } from '../booking/index.ts';
import {
  appointmentCalendarFile,
  type CalendarAppointment,
  calendarContentType,
  calendarMethod,
} from '../calendar/index.ts';
import { clinicAddressLine } from './clinic-address.ts';
import type { PatientPortalStore } from './patient-portal-store.ts';

export interface CalendarFileDeps {
  publicUrl: string;
  providerName: string;
}

/** What a calendar says of an appointment: booked, pending, or no longer happening. */
function calendarStatus(status: string): CalendarAppointment['status'] {
  if (status === 'BOOKED') return 'BOOKED';
  if (status === 'PENDING') return 'PENDING';
  return 'CANCELED';
}

/** One appointment's calendar file (docs/product/patient-portal.md#calendar-files). */
export function appointmentCalendar(
  appointment: ManagedAppointment,
  deps: CalendarFileDeps,
  now: Date,
): string {
  const { exam, clinic } = appointment;
  const url = `${deps.publicUrl}/appointments/${appointment.bookingKey}`;
  return appointmentCalendarFile({
    uid: appointment.calendarUid,
    sequence: appointment.calendarSequence,
    status: calendarStatus(appointment.status),
    start: appointment.startsAt,
    end: appointment.endsAt,
    title: `${exam.name} at ${clinic.name}`,
    description: [
      `${exam.name}, ${formatClinicTime(appointment.startsAt, clinic.timeZone)} (${clinic.timeZone})`,
      `Manage your appointment: ${url}`,
    ].join('\n'),
    url,
    clinic: {
      name: clinic.name,
      address: clinicAddressLine(clinic),
      latitude: clinic.latitude,
      longitude: clinic.longitude,
    },
    organizer: { name: deps.providerName },
    updatedAt: now,
  });
}

/**
 * The calendar files an e-mail about a booking key carries (the outbox worker asks when it
 * sends, so a retry carries the current state): one per appointment still standing for its
 * event, i.e. not replaced by a reschedule or change, whose replacement speaks for the UID.
 */
export function createCalendarFiles(
  deps: CalendarFileDeps & {
    store: Pick<PatientPortalStore, 'listManagedAppointments'>;
    clock: Clock;
  },
) {
  return async (bookingKey: string) => {
    const appointments = await deps.store.listManagedAppointments(bookingKey);
    const now = deps.clock.now();
    return appointments
      .filter((appointment) => appointment.replacedBy === null)
      .map((appointment, index) => ({
        filename: `appointment-${index + 1}.ics`,
        contentType: `${calendarContentType}; method=${calendarMethod(calendarStatus(appointment.status))}`,
        content: appointmentCalendar(appointment, deps, now),
      }));
  };
}
