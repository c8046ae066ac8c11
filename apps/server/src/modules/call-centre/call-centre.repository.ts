import type { CallbackWindow, SupportedLocale } from '@portal/contract';
import type { Db } from '../../db/database.ts';

/**
 * The SQL of messages and callback requests to the call centre (decision 044). The booking
 * tables are the booking module's; this module reads the facts a booking key names (as
 * patient-changes and reminders do) and writes only call_centre_requests.
 */

export type CallCentreScope = 'APPOINTMENT' | 'BOOKING_REQUEST';
export type CallCentreKind = 'MESSAGE' | 'CALLBACK';

/** What the server attaches to a message: never typed by the patient. */
export interface BookingFacts {
  /** The booking key: the "Booking reference" the patient's page shows. */
  reference: string;
  /** The first appointment's or the booking request's id, as the provider's systems know it. */
  recordId: string;
  patient: {
    firstName: string;
    lastName: string;
    email: string;
    contactNumber: string;
    locale: SupportedLocale | null;
  };
  /** The clinic of the first appointment, or the one the booking request names. */
  clinic: { id: number; name: string; timeZone: string } | null;
  /** One per exam: its name, clinic and start (null for a booking request). */
  items: Array<{
    examName: string;
    clinicName: string | null;
    startsAt: Date | null;
    timeZone: string | null;
  }>;
}

const liveAppointment = [
  'BOOKED',
  'PENDING',
  'COMPLETED',
  'NO_SHOW',
  'DECLINED_BY_PATIENT',
] as const;

export async function findBookingFacts(
  db: Db,
  bookingKey: string,
  scope: CallCentreScope,
): Promise<BookingFacts | undefined> {
  return scope === 'APPOINTMENT' ? appointmentFacts(db, bookingKey) : requestFacts(db, bookingKey);
}

async function appointmentFacts(db: Db, bookingKey: string): Promise<BookingFacts | undefined> {
  const rows = await db
    .selectFrom('appointments')
    .innerJoin('exams', 'exams.id', 'appointments.exam_id')
    .innerJoin('clinics', 'clinics.id', 'appointments.clinic_id')
    .innerJoin('patients', 'patients.id', 'appointments.patient_id')
    .select([
      'appointments.id',
      'appointments.starts_at',
      'exams.name as exam_name',
      'clinics.id as clinic_id',
      'clinics.name as clinic_name',
      'clinics.time_zone',
      'patients.first_name',
      'patients.last_name',
      'patients.email',
      'patients.contact_number',
      'patients.locale',
    ])
    .where('appointments.booking_key', '=', bookingKey)
    .where('appointments.status', 'in', liveAppointment)
    .orderBy('appointments.starts_at')
    .execute();
  const first = rows[0];
  if (!first) return undefined;
  return {
    reference: bookingKey,
    recordId: first.id,
    patient: {
      firstName: first.first_name,
      lastName: first.last_name,
      email: first.email,
      contactNumber: first.contact_number,
      locale: first.locale,
    },
    clinic: { id: first.clinic_id, name: first.clinic_name, timeZone: first.time_zone },
    items: rows.map((row) => ({
      examName: row.exam_name,
      clinicName: row.clinic_name,
      startsAt: row.starts_at,
      timeZone: row.time_zone,
    })),
  };
}

async function requestFacts(db: Db, bookingKey: string): Promise<BookingFacts | undefined> {
  const request = await db
    .selectFrom('booking_requests')
    .innerJoin('patients', 'patients.id', 'booking_requests.patient_id')
    .leftJoin('clinics', 'clinics.id', 'booking_requests.clinic_id')
    .select([
      'booking_requests.id',
      'clinics.id as clinic_id',
      'clinics.name as clinic_name',
      'clinics.time_zone',
      'patients.first_name',
      'patients.last_name',
      'patients.email',
      'patients.contact_number',
      'patients.locale',
    ])
    .where('booking_requests.booking_key', '=', bookingKey)
    .executeTakeFirst();
  if (!request) return undefined;
  const exams = await db
    .selectFrom('booking_request_exams')
    .innerJoin('exams', 'exams.id', 'booking_request_exams.exam_id')
    .select('exams.name')
    .where('booking_request_exams.booking_request_id', '=', request.id)
    .orderBy('booking_request_exams.position')
    .execute();
  const clinic =
    request.clinic_id !== null && request.clinic_name !== null && request.time_zone !== null
      ? { id: request.clinic_id, name: request.clinic_name, timeZone: request.time_zone }
      : null;
  return {
    reference: bookingKey,
    recordId: request.id,
    patient: {
      firstName: request.first_name,
      lastName: request.last_name,
      email: request.email,
      contactNumber: request.contact_number,
      locale: request.locale,
    },
    clinic,
    items: exams.map((exam) => ({
      examName: exam.name,
      clinicName: clinic?.name ?? null,
      startsAt: null,
      timeZone: null,
    })),
  };
}

/** The clinic's opening hours, weekday 1 = Monday ('HH:mm:ss' times). */
export function listOpeningHours(db: Db, clinicId: number) {
  return db
    .selectFrom('clinic_opening_hours')
    .select(['weekday', 'opens', 'closes'])
    .where('clinic_id', '=', clinicId)
    .orderBy('weekday')
    .orderBy('opens')
    .execute();
}

/** How many of a kind the key sent since `since` (the daily limit). */
export async function countSince(
  db: Db,
  bookingKey: string,
  kind: CallCentreKind,
  since: Date,
): Promise<number> {
  const row = await db
    .selectFrom('call_centre_requests')
    .select((eb) => eb.fn.countAll<string>().as('n'))
    .where('booking_key', '=', bookingKey)
    .where('kind', '=', kind)
    .where('created_at', '>', since)
    .executeTakeFirstOrThrow();
  return Number(row.n);
}

export interface NewCallCentreRequest {
  bookingKey: string;
  scope: CallCentreScope;
  kind: CallCentreKind;
  topic?: string;
  message?: string;
  phone?: string;
  windows?: CallbackWindow[];
  timeZone?: string;
  reason?: string | null;
}

export async function insertRequest(
  db: Db,
  request: NewCallCentreRequest,
  now: Date,
): Promise<string> {
  const row = await db
    .insertInto('call_centre_requests')
    .values({
      booking_key: request.bookingKey,
      scope: request.scope,
      kind: request.kind,
      status: request.kind === 'MESSAGE' ? 'SENT' : 'PENDING',
      topic: request.topic ?? null,
      message: request.message ?? null,
      phone: request.phone ?? null,
      windows: request.windows ? JSON.stringify(request.windows) : null,
      time_zone: request.timeZone ?? null,
      reason: request.reason ?? null,
      created_at: now,
    })
    .returning('id')
    .executeTakeFirstOrThrow();
  return row.id;
}

export interface CallbackRow {
  id: string;
  bookingKey: string;
  status: 'PENDING' | 'DONE';
  requestedAt: Date;
  timeZone: string;
  windows: CallbackWindow[];
  doneAt: Date | null;
}

function selectCallbacks(db: Db) {
  return db
    .selectFrom('call_centre_requests')
    .select(['id', 'booking_key', 'status', 'created_at', 'time_zone', 'windows', 'done_at'])
    .where('kind', '=', 'CALLBACK');
}

type CallbackSelection = Awaited<ReturnType<ReturnType<typeof selectCallbacks>['execute']>>[number];
const toCallback = (row: CallbackSelection): CallbackRow => ({
  id: row.id,
  bookingKey: row.booking_key,
  status: row.status === 'DONE' ? 'DONE' : 'PENDING',
  requestedAt: row.created_at,
  timeZone: row.time_zone ?? 'UTC',
  windows: row.windows ?? [],
  doneAt: row.done_at,
});

export async function listPendingCallbacks(db: Db, bookingKey: string): Promise<CallbackRow[]> {
  const rows = await selectCallbacks(db)
    .where('booking_key', '=', bookingKey)
    .where('status', '=', 'PENDING')
    .orderBy('created_at')
    .execute();
  return rows.map(toCallback);
}

/** The callback request, locked until the transaction ends when `lock`. */
export async function findCallback(
  db: Db,
  id: string,
  lock = false,
): Promise<CallbackRow | undefined> {
  let query = selectCallbacks(db).where('id', '=', id);
  if (lock) query = query.forUpdate();
  const row = await query.executeTakeFirst();
  return row ? toCallback(row) : undefined;
}

export async function markCallbackDone(db: Db, id: string, by: string, now: Date): Promise<void> {
  await db
    .updateTable('call_centre_requests')
    .set({ status: 'DONE', done_at: now, done_by: by })
    .where('id', '=', id)
    .where('kind', '=', 'CALLBACK')
    .execute();
}
