import type { AppointmentsSummaryResponse, BookingRequestSummaryResponse } from '@portal/contract';
import type { Kysely } from 'kysely';
import type { Database } from '../../db/database.ts';
import { NotFoundError } from '../../domain-error.ts';
import { formatClinicTime } from '../availability/index.ts';
import { findBookingRequestOfKey, listAppointmentsOfKey } from '../booking/index.ts';

const addressLine = (clinic: {
  address: string;
  suburb: string;
  state: string;
  postalCode: string;
}) =>
  [clinic.address, clinic.suburb, [clinic.state, clinic.postalCode].filter(Boolean).join(' ')]
    .filter((part) => part !== null && part !== '')
    .join(', ');

/** BOOKED while any appointment is booked, else PENDING while any waits, else the first one's. */
function overallStatus(statuses: string[]): string {
  if (statuses.includes('BOOKED')) return 'BOOKED';
  if (statuses.includes('PENDING')) return 'PENDING';
  return statuses[0] ?? 'UNKNOWN';
}

/**
 * Read-only summaries of what a booking key names (docs/product/patient-portal.md; actions
 * are planned).
 */
export function createPatientPortalService(deps: { db: Kysely<Database> }) {
  const { db } = deps;
  return {
    async appointments(bookingKey: string): Promise<AppointmentsSummaryResponse> {
      const appointments = await listAppointmentsOfKey(db, bookingKey);
      const first = appointments[0];
      if (!first) throw new NotFoundError('There are no appointments for this booking.');
      return {
        bookingKey,
        status: overallStatus(appointments.map((appointment) => appointment.status)),
        patient: first.patient,
        appointments: appointments.map(({ id, status, startsAt, endsAt, exam, clinic }) => ({
          id,
          status,
          startsAt: formatClinicTime(startsAt, clinic.timeZone),
          endsAt: formatClinicTime(endsAt, clinic.timeZone),
          timeZone: clinic.timeZone,
          exam: {
            slug: exam.slug,
            name: exam.name,
            modalityName: exam.modalityName,
            ...(exam.prepInstructions ? { prepInstructions: exam.prepInstructions } : {}),
          },
          clinic: {
            id: clinic.id,
            slug: clinic.slug,
            name: clinic.name,
            address: addressLine(clinic),
            timeZone: clinic.timeZone,
          },
        })),
      };
    },

    async bookingRequest(bookingKey: string): Promise<BookingRequestSummaryResponse> {
      const request = await findBookingRequestOfKey(db, bookingKey);
      if (!request) throw new NotFoundError('There is no booking request for this booking.');
      const { clinic, preferredStart } = request;
      return {
        bookingKey,
        status: request.status,
        createdAt: request.createdAt.toISOString(),
        preferredStart: preferredStart
          ? clinic
            ? formatClinicTime(preferredStart, clinic.timeZone)
            : preferredStart.toISOString()
          : null,
        patient: request.patient,
        exams: request.exams.map(({ slug, name, modalityName }) => ({ slug, name, modalityName })),
        clinic: clinic
          ? {
              id: clinic.id,
              name: clinic.name,
              address: addressLine(clinic),
              timeZone: clinic.timeZone,
            }
          : null,
        patientNotes: request.patientNotes,
      };
    },
  };
}

export type PatientPortalService = ReturnType<typeof createPatientPortalService>;
