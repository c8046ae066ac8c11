import type { Db } from '../../db/database.ts';

const clinicColumns = [
  'clinics.id as clinicId',
  'clinics.slug as clinicSlug',
  'clinics.name as clinicName',
  'clinics.address as clinicAddress',
  'clinics.suburb as clinicSuburb',
  'clinics.state as clinicState',
  'clinics.postal_code as clinicPostalCode',
  'clinics.time_zone as clinicTimeZone',
] as const;

/** Every appointment of a booking key, earliest first, with its exam, clinic and patient. */
export function listAppointments(db: Db, bookingKey: string) {
  return db
    .selectFrom('appointments')
    .innerJoin('exams', 'exams.id', 'appointments.exam_id')
    .innerJoin('modalities', 'modalities.id', 'exams.modality_id')
    .innerJoin('clinics', 'clinics.id', 'appointments.clinic_id')
    .innerJoin('patients', 'patients.id', 'appointments.patient_id')
    .select([
      'appointments.id',
      'appointments.status',
      'appointments.starts_at as startsAt',
      'appointments.ends_at as endsAt',
      'exams.slug as examSlug',
      'exams.name as examName',
      'exams.prep_instructions as prepInstructions',
      'modalities.name as modalityName',
      ...clinicColumns,
      'patients.first_name as firstName',
      'patients.last_name as lastName',
    ])
    .where('appointments.booking_key', '=', bookingKey)
    .orderBy('appointments.starts_at')
    .orderBy('appointments.id')
    .execute();
}

export type AppointmentRow = Awaited<ReturnType<typeof listAppointments>>[number];

/** The booking request of a key with its patient and (optional) clinic. */
export function findBookingRequest(db: Db, bookingKey: string) {
  return db
    .selectFrom('booking_requests')
    .innerJoin('patients', 'patients.id', 'booking_requests.patient_id')
    .leftJoin('clinics', 'clinics.id', 'booking_requests.clinic_id')
    .select([
      'booking_requests.id',
      'booking_requests.status',
      'booking_requests.created_at as createdAt',
      'booking_requests.preferred_start as preferredStart',
      'booking_requests.patient_notes as patientNotes',
      'patients.first_name as firstName',
      'patients.last_name as lastName',
      ...clinicColumns,
    ])
    .where('booking_requests.booking_key', '=', bookingKey)
    .executeTakeFirst();
}

export type BookingRequestRow = NonNullable<Awaited<ReturnType<typeof findBookingRequest>>>;

/** The exams of a booking request in the order the patient chose them. */
export function listBookingRequestExams(db: Db, bookingRequestId: string) {
  return db
    .selectFrom('booking_request_exams')
    .innerJoin('exams', 'exams.id', 'booking_request_exams.exam_id')
    .innerJoin('modalities', 'modalities.id', 'exams.modality_id')
    .select(['exams.slug', 'exams.name', 'modalities.name as modalityName'])
    .where('booking_request_exams.booking_request_id', '=', bookingRequestId)
    .orderBy('booking_request_exams.position')
    .execute();
}
