import type { AppointmentsSummaryResponse, BookingRequestSummaryResponse } from '@portal/contract';
import type { Kysely } from 'kysely';
import type { Database } from '../../db/database.ts';
import { NotFoundError } from '../../domain-error.ts';
import { formatClinicTime } from '../availability/index.ts';
import * as repo from './patient-portal.repository.ts';

const addressLine = (row: {
  clinicAddress: string | null;
  clinicSuburb: string | null;
  clinicState: string | null;
  clinicPostalCode: string | null;
}) =>
  [
    row.clinicAddress,
    row.clinicSuburb,
    [row.clinicState, row.clinicPostalCode].filter(Boolean).join(' '),
  ]
    .filter((part) => part !== null && part !== '')
    .join(', ');

/** BOOKED while any appointment is booked, else PENDING while any waits, else the first one's. */
function overallStatus(statuses: string[]): string {
  if (statuses.includes('BOOKED')) return 'BOOKED';
  if (statuses.includes('PENDING')) return 'PENDING';
  return statuses[0] ?? 'UNKNOWN';
}

/** Read-only summaries of what a booking key names (issue 4; the next issue adds actions). */
export function createPatientPortalService(deps: { db: Kysely<Database> }) {
  const { db } = deps;
  return {
    async appointments(bookingKey: string): Promise<AppointmentsSummaryResponse> {
      const rows = await repo.listAppointments(db, bookingKey);
      const first = rows[0];
      if (!first) throw new NotFoundError('There are no appointments for this booking.');
      return {
        bookingKey,
        status: overallStatus(rows.map((row) => row.status)),
        patient: { firstName: first.firstName, lastName: first.lastName },
        appointments: rows.map((row) => ({
          id: row.id,
          status: row.status,
          startsAt: formatClinicTime(new Date(row.startsAt), row.clinicTimeZone),
          endsAt: formatClinicTime(new Date(row.endsAt), row.clinicTimeZone),
          timeZone: row.clinicTimeZone,
          exam: {
            slug: row.examSlug,
            name: row.examName,
            modalityName: row.modalityName,
            ...(row.prepInstructions ? { prepInstructions: row.prepInstructions } : {}),
          },
          clinic: {
            id: row.clinicId,
            slug: row.clinicSlug,
            name: row.clinicName,
            address: addressLine(row),
            timeZone: row.clinicTimeZone,
          },
        })),
      };
    },

    async bookingRequest(bookingKey: string): Promise<BookingRequestSummaryResponse> {
      const row = await repo.findBookingRequest(db, bookingKey);
      if (!row) throw new NotFoundError('There is no booking request for this booking.');
      const exams = await repo.listBookingRequestExams(db, row.id);
      const timeZone = row.clinicTimeZone;
      return {
        bookingKey,
        status: row.status,
        createdAt: new Date(row.createdAt).toISOString(),
        preferredStart: row.preferredStart
          ? timeZone
            ? formatClinicTime(new Date(row.preferredStart), timeZone)
            : new Date(row.preferredStart).toISOString()
          : null,
        patient: { firstName: row.firstName, lastName: row.lastName },
        exams,
        clinic:
          row.clinicId !== null && row.clinicName !== null && timeZone !== null
            ? { id: row.clinicId, name: row.clinicName, address: addressLine(row), timeZone }
            : null,
        patientNotes: row.patientNotes,
      };
    },
  };
}

export type PatientPortalService = ReturnType<typeof createPatientPortalService>;
