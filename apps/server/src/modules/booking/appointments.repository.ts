import type { PreparationStep } from '@portal/contract';
import type { Db } from '../../db/database.ts';
import type { AppointmentStatus } from '../../db/tables/booking-tables.ts';

/** An appointment of a booking key as other modules read it: its exam, clinic and patient. */
export interface AppointmentOfKey {
  id: string;
  status: AppointmentStatus;
  startsAt: Date;
  endsAt: Date;
  /** Migration 012: when the patient confirmed; the appointment that replaced this one. */
  confirmedAt: Date | null;
  replacedBy: string | null;
  /** Booked by clinic staff or a referrer for the patient (an offer the patient may decline). */
  staffBooking: boolean;
  exam: {
    slug: string;
    name: string;
    modalityName: string;
    modalitySlug: string;
    prepInstructions: string | null;
    walkIn: boolean;
    /** Timed preparation (docs/product/patient-portal.md#timed-preparation); availability's timedPreparation times it. */
    preparationSteps: PreparationStep[];
  };
  clinic: {
    id: number;
    slug: string;
    name: string;
    address: string;
    suburb: string;
    state: string;
    postalCode: string;
    timeZone: string;
    latitude: number;
    longitude: number;
    phone: string | null;
  };
  patient: { firstName: string; lastName: string };
}

/** Every appointment of a booking key, earliest first (whatever its status). */
export async function listAppointmentsOfKey(
  db: Db,
  bookingKey: string,
): Promise<AppointmentOfKey[]> {
  const rows = await db
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
      'exams.walk_in as walkIn',
      'appointments.confirmed_at as confirmedAt',
      'appointments.replaced_by as replacedBy',
      'appointments.staff_booking as staffBooking',
      'clinics.latitude as clinicLatitude',
      'clinics.longitude as clinicLongitude',
      'clinics.phone as clinicPhone',
      'exams.preparation_steps as preparationSteps',
      'modalities.name as modalityName',
      'modalities.slug as modalitySlug',
      'clinics.id as clinicId',
      'clinics.slug as clinicSlug',
      'clinics.name as clinicName',
      'clinics.address as clinicAddress',
      'clinics.suburb as clinicSuburb',
      'clinics.state as clinicState',
      'clinics.postal_code as clinicPostalCode',
      'clinics.time_zone as clinicTimeZone',
      'patients.first_name as firstName',
      'patients.last_name as lastName',
    ])
    .where('appointments.booking_key', '=', bookingKey)
    .orderBy('appointments.starts_at')
    .orderBy('appointments.id')
    .execute();
  return rows.map((row) => ({
    id: row.id,
    status: row.status,
    startsAt: new Date(row.startsAt),
    endsAt: new Date(row.endsAt),
    confirmedAt: row.confirmedAt ? new Date(row.confirmedAt) : null,
    replacedBy: row.replacedBy,
    staffBooking: row.staffBooking,
    exam: {
      slug: row.examSlug,
      name: row.examName,
      modalityName: row.modalityName,
      modalitySlug: row.modalitySlug,
      prepInstructions: row.prepInstructions,
      walkIn: row.walkIn,
      preparationSteps: row.preparationSteps,
    },
    clinic: {
      id: row.clinicId,
      slug: row.clinicSlug,
      name: row.clinicName,
      address: row.clinicAddress,
      suburb: row.clinicSuburb,
      state: row.clinicState,
      postalCode: row.clinicPostalCode,
      timeZone: row.clinicTimeZone,
      latitude: row.clinicLatitude,
      longitude: row.clinicLongitude,
      phone: row.clinicPhone,
    },
    patient: { firstName: row.firstName, lastName: row.lastName },
  }));
}

/**
 * The appointment leaves the books: its status changes and its resource
 * booking is deleted, so the slot is offered again; its calendar event moves
 * one SEQUENCE on (migration 012). Only a BOOKED or PENDING appointment
 * changes; returns whether it did.
 */
export async function endAppointment(
  db: Db,
  appointmentId: string,
  status: 'CANCELED' | 'DECLINED_BY_PATIENT',
  now: Date,
): Promise<boolean> {
  const updated = await db
    .updateTable('appointments')
    .set((eb) => ({
      status,
      ended_at: now,
      calendar_sequence: eb('calendar_sequence', '+', 1),
    }))
    .where('id', '=', appointmentId)
    .where('status', 'in', ['BOOKED', 'PENDING'])
    .returning('id')
    .executeTakeFirst();
  if (!updated) return false;
  await db.deleteFrom('resource_bookings').where('appointment_id', '=', appointmentId).execute();
  return true;
}

/** The pending appointments of a key, with what a notice needs. */
export function listPendingAppointments(db: Db, bookingKey: string) {
  return db
    .selectFrom('appointments')
    .innerJoin('patients', 'patients.id', 'appointments.patient_id')
    .innerJoin('exams', 'exams.id', 'appointments.exam_id')
    .innerJoin('clinics', 'clinics.id', 'appointments.clinic_id')
    .where('appointments.booking_key', '=', bookingKey)
    .where('appointments.status', '=', 'PENDING')
    .select([
      'appointments.id',
      'appointments.starts_at as start',
      'exams.name as examName',
      'clinics.name as clinicName',
      'clinics.time_zone as timeZone',
      'patients.first_name as firstName',
      'patients.email',
      'patients.contact_number as contactNumber',
      'patients.locale',
    ])
    .orderBy('appointments.starts_at')
    .execute();
}
