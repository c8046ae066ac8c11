import type { Selectable } from 'kysely';
import type { Db } from '../../db/database.ts';
import type { CheckInState, CheckInsTable } from '../../db/tables/check-in-tables.ts';

/** The appointment a check-in is about, with what its event and rules need. */
export interface CheckInAppointment {
  id: string;
  bookingKey: string;
  status: string;
  startsAt: Date;
  timeZone: string;
  examSlug: string;
  examName: string;
  examCode: string | null;
  clinicSlug: string;
  clinicName: string;
  patient: {
    firstName: string;
    lastName: string;
    dateOfBirth: string;
    medicareNumber: string | null;
  };
}

/** A stored check-in (the Medicare number included: callers audit what they read). */
export interface CheckInRecordRow {
  id: string;
  appointmentId: string;
  bookingKey: string;
  channel: 'HOME' | 'KIOSK';
  kioskDeviceName: string | null;
  referrer: {
    id: string;
    firstName: string;
    lastName: string;
    providerNumber: string;
    practiceName: string | null;
  } | null;
  dateOfReferral: string | null;
  medicareNumber: string | null;
  medicareIrn: number | null;
  gender: 'FEMALE' | 'MALE' | 'OTHER' | null;
  state: CheckInState;
  outboxMessageId: string;
  submittedAt: Date;
  deliveredAt: Date | null;
  acknowledgedAt: Date | null;
}

/** A new check-in; its id is chosen first, so the event queued with it can name it. */
export type NewCheckIn = Omit<CheckInRecordRow, 'state' | 'deliveredAt' | 'acknowledgedAt'>;

/** One appointment of the key that is not replaced, or undefined (another key's id too). */
export async function findAppointmentOfKey(
  db: Db,
  bookingKey: string,
  appointmentId: string,
  lock = false,
): Promise<CheckInAppointment | undefined> {
  let query = db
    .selectFrom('appointments')
    .innerJoin('exams', 'exams.id', 'appointments.exam_id')
    .innerJoin('clinics', 'clinics.id', 'appointments.clinic_id')
    .innerJoin('patients', 'patients.id', 'appointments.patient_id')
    .select([
      'appointments.id',
      'appointments.booking_key as bookingKey',
      'appointments.status',
      'appointments.starts_at as startsAt',
      'clinics.time_zone as timeZone',
      'exams.slug as examSlug',
      'exams.name as examName',
      'exams.exam_code as examCode',
      'clinics.slug as clinicSlug',
      'clinics.name as clinicName',
      'patients.first_name as firstName',
      'patients.last_name as lastName',
      'patients.date_of_birth as dateOfBirth',
      'patients.medicare_number as medicareNumber',
    ])
    .where('appointments.booking_key', '=', bookingKey)
    .where('appointments.id', '=', appointmentId)
    .where('appointments.replaced_by', 'is', null);
  // Two submissions for one appointment take turns here; a cancel takes the same lock.
  if (lock) query = query.forUpdate('appointments');
  const row = await query.executeTakeFirst();
  if (!row) return undefined;
  const { firstName, lastName, dateOfBirth, medicareNumber, ...appointment } = row;
  return {
    ...appointment,
    startsAt: new Date(row.startsAt),
    patient: { firstName, lastName, dateOfBirth, medicareNumber },
  };
}

type Row = Selectable<CheckInsTable>;

const toRecord = (row: Row): CheckInRecordRow => ({
  id: row.id,
  appointmentId: row.appointment_id,
  bookingKey: row.booking_key,
  channel: row.channel,
  kioskDeviceName: row.kiosk_device_name,
  referrer:
    row.referrer_id === null
      ? null
      : {
          id: row.referrer_id,
          firstName: row.referrer_first_name ?? '',
          lastName: row.referrer_last_name ?? '',
          providerNumber: row.referrer_provider_number ?? '',
          practiceName: row.referrer_practice_name,
        },
  dateOfReferral: row.date_of_referral,
  medicareNumber: row.medicare_number,
  medicareIrn: row.medicare_irn,
  gender: row.gender,
  state: row.state,
  outboxMessageId: row.outbox_message_id,
  submittedAt: new Date(row.submitted_at),
  deliveredAt: row.delivered_at ? new Date(row.delivered_at) : null,
  acknowledgedAt: row.acknowledged_at ? new Date(row.acknowledged_at) : null,
});

export async function checkInOfAppointment(
  db: Db,
  appointmentId: string,
): Promise<CheckInRecordRow | undefined> {
  const row = await db
    .selectFrom('check_ins')
    .selectAll()
    .where('appointment_id', '=', appointmentId)
    .executeTakeFirst();
  return row && toRecord(row);
}

export async function checkInById(db: Db, id: string): Promise<CheckInRecordRow | undefined> {
  const row = await db.selectFrom('check_ins').selectAll().where('id', '=', id).executeTakeFirst();
  return row && toRecord(row);
}

/** The Medicare number of the key's latest check-in that has one (to prefill the form). */
export async function latestMedicareNumberOfKey(
  db: Db,
  bookingKey: string,
): Promise<string | null> {
  const row = await db
    .selectFrom('check_ins')
    .select('medicare_number')
    .where('booking_key', '=', bookingKey)
    .where('medicare_number', 'is not', null)
    .orderBy('submitted_at', 'desc')
    .limit(1)
    .executeTakeFirst();
  return row?.medicare_number ?? null;
}

/** Stores a check-in; undefined when the appointment has one already (the unique key). */
export async function insertCheckIn(
  db: Db,
  checkIn: NewCheckIn,
): Promise<CheckInRecordRow | undefined> {
  const row = await db
    .insertInto('check_ins')
    .values({
      id: checkIn.id,
      appointment_id: checkIn.appointmentId,
      booking_key: checkIn.bookingKey,
      channel: checkIn.channel,
      kiosk_device_name: checkIn.kioskDeviceName,
      referrer_id: checkIn.referrer?.id ?? null,
      referrer_first_name: checkIn.referrer?.firstName ?? null,
      referrer_last_name: checkIn.referrer?.lastName ?? null,
      referrer_provider_number: checkIn.referrer?.providerNumber ?? null,
      referrer_practice_name: checkIn.referrer?.practiceName ?? null,
      date_of_referral: checkIn.dateOfReferral,
      medicare_number: checkIn.medicareNumber,
      medicare_irn: checkIn.medicareIrn,
      gender: checkIn.gender,
      outbox_message_id: checkIn.outboxMessageId,
      submitted_at: checkIn.submittedAt,
    })
    .onConflict((conflict) => conflict.column('appointment_id').doNothing())
    .returningAll()
    .executeTakeFirst();
  return row && toRecord(row);
}

/** What a settled check-in names in its audit entry. */
export interface SettledCheckIn {
  id: string;
  appointmentId: string;
}

/** The check-in of a delivered message is DELIVERED, its deliveredAt set once. */
export async function markDelivered(
  db: Db,
  messageId: string,
  now: Date,
): Promise<SettledCheckIn | undefined> {
  return db
    .updateTable('check_ins')
    .set({ state: 'DELIVERED', delivered_at: now, failed_at: null })
    .where('outbox_message_id', '=', messageId)
    .where('delivered_at', 'is', null)
    .returning(['id', 'appointment_id as appointmentId'])
    .executeTakeFirst();
}

/** Every retry of its message failed: FAILED (never over a delivery). */
export async function markFailed(
  db: Db,
  messageId: string,
  now: Date,
): Promise<SettledCheckIn | undefined> {
  return db
    .updateTable('check_ins')
    .set({ state: 'FAILED', failed_at: now })
    .where('outbox_message_id', '=', messageId)
    .where('state', '=', 'QUEUED')
    .returning(['id', 'appointment_id as appointmentId'])
    .executeTakeFirst();
}

/** A FAILED check-in queued again (its message is requeued under the same id). */
export async function markQueuedAgain(db: Db, id: string): Promise<boolean> {
  const result = await db
    .updateTable('check_ins')
    .set({ state: 'QUEUED', failed_at: null })
    .where('id', '=', id)
    .where('state', '=', 'FAILED')
    .executeTakeFirst();
  return Number(result.numUpdatedRows) > 0;
}

/** Records the provider's acknowledgement once; false when it was acknowledged already. */
export async function acknowledge(db: Db, id: string, now: Date, by: string): Promise<boolean> {
  const result = await db
    .updateTable('check_ins')
    .set({ acknowledged_at: now, acknowledged_by: by })
    .where('id', '=', id)
    .where('acknowledged_at', 'is', null)
    .executeTakeFirst();
  return Number(result.numUpdatedRows) > 0;
}

/** Check-ins for a polling integration, oldest first. */
export async function listCheckIns(
  db: Db,
  filter: { state?: CheckInState | undefined; unacknowledged?: boolean | undefined; limit: number },
): Promise<CheckInRecordRow[]> {
  let query = db.selectFrom('check_ins').selectAll();
  if (filter.state) query = query.where('state', '=', filter.state);
  if (filter.unacknowledged) query = query.where('acknowledged_at', 'is', null);
  const rows = await query.orderBy('submitted_at').orderBy('id').limit(filter.limit).execute();
  return rows.map((row) => toRecord(row));
}
