import type { Db } from '../../db/database.ts';
import type { BookingRequestStatus } from '../../db/tables/booking-tables.ts';

/** A booking request (enquiry) of a booking key as other modules read it. */
export interface BookingRequestOfKey {
  id: string;
  status: BookingRequestStatus;
  createdAt: Date;
  preferredStart: Date | null;
  patientNotes: string | null;
  patient: { firstName: string; lastName: string };
  /** The clinic asked for, if any. */
  clinic: {
    id: number;
    name: string;
    address: string;
    suburb: string;
    state: string;
    postalCode: string;
    timeZone: string;
  } | null;
  /** In the order the patient chose them. */
  exams: Array<{ slug: string; name: string; modalityName: string; modalitySlug: string }>;
}

/** The booking request of a key with its patient, clinic and exams; undefined when there is none. */
export async function findBookingRequestOfKey(
  db: Db,
  bookingKey: string,
): Promise<BookingRequestOfKey | undefined> {
  const row = await db
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
      'clinics.id as clinicId',
      'clinics.name as clinicName',
      'clinics.address as clinicAddress',
      'clinics.suburb as clinicSuburb',
      'clinics.state as clinicState',
      'clinics.postal_code as clinicPostalCode',
      'clinics.time_zone as clinicTimeZone',
    ])
    .where('booking_requests.booking_key', '=', bookingKey)
    .executeTakeFirst();
  if (!row) return undefined;
  const exams = await db
    .selectFrom('booking_request_exams')
    .innerJoin('exams', 'exams.id', 'booking_request_exams.exam_id')
    .innerJoin('modalities', 'modalities.id', 'exams.modality_id')
    .select([
      'exams.slug',
      'exams.name',
      'modalities.name as modalityName',
      'modalities.slug as modalitySlug',
    ])
    .where('booking_request_exams.booking_request_id', '=', row.id)
    .orderBy('booking_request_exams.position')
    .execute();
  return {
    id: row.id,
    status: row.status,
    createdAt: new Date(row.createdAt),
    preferredStart: row.preferredStart ? new Date(row.preferredStart) : null,
    patientNotes: row.patientNotes,
    patient: { firstName: row.firstName, lastName: row.lastName },
    clinic:
      row.clinicId !== null &&
      row.clinicName !== null &&
      row.clinicAddress !== null &&
      row.clinicSuburb !== null &&
      row.clinicState !== null &&
      row.clinicPostalCode !== null &&
      row.clinicTimeZone !== null
        ? {
            id: row.clinicId,
            name: row.clinicName,
            address: row.clinicAddress,
            suburb: row.clinicSuburb,
            state: row.clinicState,
            postalCode: row.clinicPostalCode,
            timeZone: row.clinicTimeZone,
          }
        : null,
    exams,
  };
}

/** A booking request with its exams in the patient's order; returns its id. */
export async function insertBookingRequest(
  db: Db,
  input: {
    bookingKey: string;
    clinicId: number | null;
    preferredStart: Date | null;
    patientId: string;
    staffBooking: boolean;
    patientNotes: string | null;
    examIds: number[];
  },
): Promise<string> {
  const row = await db
    .insertInto('booking_requests')
    .values({
      booking_key: input.bookingKey,
      clinic_id: input.clinicId,
      preferred_start: input.preferredStart,
      patient_id: input.patientId,
      staff_booking: input.staffBooking,
      patient_notes: input.patientNotes,
    })
    .returning('id')
    .executeTakeFirstOrThrow();
  await db
    .insertInto('booking_request_exams')
    .values(
      input.examIds.map((examId, position) => ({
        booking_request_id: row.id,
        exam_id: examId,
        position,
      })),
    )
    .execute();
  return row.id;
}
