import type { Db } from '../../db/database.ts';
import type { PreviewBooking } from '../notifications/index.ts';
import { clinicWallTime } from './booking-format.ts';

/**
 * The booking of a key (its appointments, else its booking request), as the messages about it
 * would be filled; null when the key has neither. Reads only what a message shows.
 */
export async function findPreviewBooking(
  db: Db,
  bookingKey: string,
): Promise<PreviewBooking | null> {
  const appointments = await db
    .selectFrom('appointments')
    .innerJoin('patients', 'patients.id', 'appointments.patient_id')
    .innerJoin('exams', 'exams.id', 'appointments.exam_id')
    .innerJoin('clinics', 'clinics.id', 'appointments.clinic_id')
    .select([
      'appointments.id as id',
      'appointments.starts_at as startsAt',
      'patients.first_name as firstName',
      'patients.email as email',
      'patients.contact_number as contactNumber',
      'exams.name as examName',
      'clinics.name as clinicName',
      'clinics.time_zone as timeZone',
    ])
    .where('appointments.booking_key', '=', bookingKey)
    .orderBy('appointments.starts_at')
    .execute();
  const first = appointments[0];
  if (first) {
    return {
      firstName: first.firstName,
      email: first.email,
      contactNumber: first.contactNumber,
      lines: appointments.map(
        (row) =>
          `${row.examName}, ${row.clinicName}, ${clinicWallTime(row.startsAt, row.timeZone)}`,
      ),
      examName: first.examName,
      appointmentIds: appointments.map((row) => row.id),
    };
  }
  const request = await db
    .selectFrom('booking_requests')
    .innerJoin('patients', 'patients.id', 'booking_requests.patient_id')
    .leftJoin('clinics', 'clinics.id', 'booking_requests.clinic_id')
    .select([
      'booking_requests.id as id',
      'patients.first_name as firstName',
      'patients.email as email',
      'patients.contact_number as contactNumber',
      'clinics.name as clinicName',
    ])
    .where('booking_requests.booking_key', '=', bookingKey)
    .executeTakeFirst();
  if (!request) return null;
  const exams = await db
    .selectFrom('booking_request_exams')
    .innerJoin('exams', 'exams.id', 'booking_request_exams.exam_id')
    .select('exams.name as name')
    .where('booking_request_exams.booking_request_id', '=', request.id)
    .orderBy('booking_request_exams.position')
    .execute();
  const names = exams.map((exam) => exam.name);
  return {
    firstName: request.firstName,
    email: request.email,
    contactNumber: request.contactNumber,
    lines: names.map((name) => (request.clinicName ? `${name}, ${request.clinicName}` : name)),
    examName: names[0] ?? '',
    appointmentIds: [],
  };
}
