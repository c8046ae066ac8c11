import type { SupportedLocale } from '@portal/contract';
import type { Db } from '../../db/database.ts';
import type { AppointmentStatus, BookingRequestStatus } from '../../db/tables/booking-tables.ts';

/**
 * Reads and writes of a patient's changes to what they booked: cancel,
 * confirm, replace (reschedule, change), cancel a booking request
 * (docs/product/patient-portal.md#manage). The rules are in
 * appointment-changes.service.ts and the patient portal's services.
 */

/** One appointment of a key, with what deciding and announcing a change needs. */
export interface ManagedAppointment {
  id: string;
  bookingKey: string;
  status: AppointmentStatus;
  startsAt: Date;
  endsAt: Date;
  resourceId: number;
  staffBooking: boolean;
  patientNotes: string | null;
  confirmedAt: Date | null;
  /** The appointment that took this one's place (RESCHEDULED, CHANGED). */
  replacedBy: string | null;
  calendarUid: string;
  calendarSequence: number;
  patient: {
    id: string;
    firstName: string;
    email: string;
    contactNumber: string;
    /** The language they booked in (null: none named): notices about the booking use it. */
    locale: SupportedLocale | null;
  };
  exam: {
    id: number;
    slug: string;
    name: string;
    modalitySlug: string;
    walkIn: boolean;
    bookingRequestOnly: boolean;
  };
  clinic: {
    id: number;
    slug: string;
    name: string;
    timeZone: string;
    email: string | null;
    address: string;
    suburb: string;
    state: string;
    postalCode: string;
    latitude: number | null;
    longitude: number | null;
  };
}

function managedAppointments(db: Db, bookingKey: string) {
  return db
    .selectFrom('appointments')
    .innerJoin('exams', 'exams.id', 'appointments.exam_id')
    .innerJoin('modalities', 'modalities.id', 'exams.modality_id')
    .innerJoin('clinics', 'clinics.id', 'appointments.clinic_id')
    .innerJoin('patients', 'patients.id', 'appointments.patient_id')
    .select([
      'appointments.id',
      'appointments.booking_key as bookingKey',
      'appointments.status',
      'appointments.starts_at as startsAt',
      'appointments.ends_at as endsAt',
      'appointments.resource_id as resourceId',
      'appointments.staff_booking as staffBooking',
      'appointments.patient_notes as patientNotes',
      'appointments.confirmed_at as confirmedAt',
      'appointments.replaced_by as replacedBy',
      'appointments.calendar_uid as calendarUid',
      'appointments.calendar_sequence as calendarSequence',
      'patients.id as patientId',
      'patients.first_name as firstName',
      'patients.email',
      'patients.contact_number as contactNumber',
      'patients.locale',
      'exams.id as examId',
      'exams.slug as examSlug',
      'exams.name as examName',
      'exams.walk_in as walkIn',
      'exams.booking_request_only as bookingRequestOnly',
      'modalities.slug as modalitySlug',
      'clinics.id as clinicId',
      'clinics.slug as clinicSlug',
      'clinics.name as clinicName',
      'clinics.time_zone as timeZone',
      'clinics.email as clinicEmail',
      'clinics.address as clinicAddress',
      'clinics.suburb as clinicSuburb',
      'clinics.state as clinicState',
      'clinics.postal_code as clinicPostalCode',
      'clinics.latitude',
      'clinics.longitude',
    ])
    .where('appointments.booking_key', '=', bookingKey);
}

type ManagedRow = NonNullable<
  Awaited<ReturnType<ReturnType<typeof managedAppointments>['executeTakeFirst']>>
>;

function toManaged(row: ManagedRow): ManagedAppointment {
  return {
    id: row.id,
    bookingKey: row.bookingKey,
    status: row.status,
    startsAt: new Date(row.startsAt),
    endsAt: new Date(row.endsAt),
    resourceId: row.resourceId,
    staffBooking: row.staffBooking,
    patientNotes: row.patientNotes,
    confirmedAt: row.confirmedAt ? new Date(row.confirmedAt) : null,
    replacedBy: row.replacedBy,
    calendarUid: row.calendarUid,
    calendarSequence: row.calendarSequence,
    patient: {
      id: row.patientId,
      firstName: row.firstName,
      email: row.email,
      contactNumber: row.contactNumber,
      locale: row.locale,
    },
    exam: {
      id: row.examId,
      slug: row.examSlug,
      name: row.examName,
      modalitySlug: row.modalitySlug,
      walkIn: row.walkIn,
      bookingRequestOnly: row.bookingRequestOnly,
    },
    clinic: {
      id: row.clinicId,
      slug: row.clinicSlug,
      name: row.clinicName,
      timeZone: row.timeZone,
      email: row.clinicEmail,
      address: row.clinicAddress,
      suburb: row.clinicSuburb,
      state: row.clinicState,
      postalCode: row.clinicPostalCode,
      latitude: row.latitude,
      longitude: row.longitude,
    },
  };
}

/**
 * The appointment `appointmentId` if it is under `bookingKey` (another key's id
 * reads as absent), locked until the transaction ends when `lock` is set.
 */
export async function findManagedAppointment(
  db: Db,
  bookingKey: string,
  appointmentId: string,
  lock = false,
): Promise<ManagedAppointment | undefined> {
  let query = managedAppointments(db, bookingKey).where('appointments.id', '=', appointmentId);
  if (lock) query = query.forUpdate('appointments');
  const row = await query.executeTakeFirst();
  return row ? toManaged(row) : undefined;
}

/** Every appointment of the key, earliest first. */
export async function listManagedAppointments(
  db: Db,
  bookingKey: string,
): Promise<ManagedAppointment[]> {
  const rows = await managedAppointments(db, bookingKey)
    .orderBy('appointments.starts_at')
    .orderBy('appointments.id')
    .execute();
  return rows.map(toManaged);
}

/** What the patient said when asking to cancel (kept even while a questionnaire is pending). */
export async function recordCancelReason(
  db: Db,
  appointmentId: string,
  said: { reason: string | null; note: string | null },
): Promise<void> {
  await db
    .updateTable('appointments')
    .set({ cancel_reason: said.reason, cancel_note: said.note })
    .where('id', '=', appointmentId)
    .execute();
}

/** Marks a booked appointment confirmed by the patient; false when it is not BOOKED. */
export async function markConfirmed(db: Db, appointmentId: string, now: Date): Promise<boolean> {
  const row = await db
    .updateTable('appointments')
    .set((eb) => ({ confirmed_at: eb.fn.coalesce('confirmed_at', eb.val(now)) }))
    .where('id', '=', appointmentId)
    .where('status', '=', 'BOOKED')
    .returning('id')
    .executeTakeFirst();
  return row !== undefined;
}

/**
 * The old appointment gives way to `replacementId`: its status becomes
 * RESCHEDULED or CHANGED and its resource booking goes (the slot is offered
 * again). Only a BOOKED or PENDING appointment gives way; returns whether it did.
 */
export async function markReplaced(
  db: Db,
  appointmentId: string,
  replacementId: string,
  status: 'RESCHEDULED' | 'CHANGED',
  now: Date,
): Promise<boolean> {
  const row = await db
    .updateTable('appointments')
    .set({ status, replaced_by: replacementId, ended_at: now })
    .where('id', '=', appointmentId)
    .where('status', 'in', ['BOOKED', 'PENDING'])
    .returning('id')
    .executeTakeFirst();
  if (!row) return false;
  await db.deleteFrom('resource_bookings').where('appointment_id', '=', appointmentId).execute();
  return true;
}

/** The replacement keeps the booking's calendar event, one SEQUENCE further (migration 012). */
export async function continueCalendarEvent(
  db: Db,
  replacementId: string,
  from: { calendarUid: string; calendarSequence: number },
): Promise<void> {
  await db
    .updateTable('appointments')
    .set({ calendar_uid: from.calendarUid, calendar_sequence: from.calendarSequence + 1 })
    .where('id', '=', replacementId)
    .execute();
}

export interface BookingRequestToCancel {
  id: string;
  status: BookingRequestStatus;
  patient: {
    firstName: string;
    email: string;
    contactNumber: string;
    locale: SupportedLocale | null;
  };
}

/** A key's booking request and who to tell, locked until the transaction ends. */
export async function lockBookingRequestOfKey(
  db: Db,
  bookingKey: string,
): Promise<BookingRequestToCancel | undefined> {
  const row = await db
    .selectFrom('booking_requests')
    .innerJoin('patients', 'patients.id', 'booking_requests.patient_id')
    .select([
      'booking_requests.id',
      'booking_requests.status',
      'patients.first_name as firstName',
      'patients.email',
      'patients.contact_number as contactNumber',
      'patients.locale',
    ])
    .where('booking_requests.booking_key', '=', bookingKey)
    .forUpdate('booking_requests')
    .executeTakeFirst();
  if (!row) return undefined;
  const { id, status, ...patient } = row;
  return { id, status, patient };
}

/** RECEIVED or CONTACTED becomes CANCELED with what the patient said; false otherwise. */
export async function markBookingRequestCanceled(
  db: Db,
  bookingRequestId: string,
  said: { reason: string | null; note: string | null },
  now: Date,
): Promise<boolean> {
  const row = await db
    .updateTable('booking_requests')
    .set({
      status: 'CANCELED',
      cancel_reason: said.reason,
      cancel_note: said.note,
      canceled_at: now,
    })
    .where('id', '=', bookingRequestId)
    .where('status', 'in', ['RECEIVED', 'CONTACTED'])
    .returning('id')
    .executeTakeFirst();
  return row !== undefined;
}
