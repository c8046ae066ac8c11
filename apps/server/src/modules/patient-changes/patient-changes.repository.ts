import type {
  PatientChangeOrigin,
  PatientChangeStatus,
  PatientFieldChange,
  PatientFieldValue,
} from '@portal/contract';
import type { Db } from '../../db/database.ts';
import {
  type PatientFieldColumn,
  type PatientRecord,
  patientFieldColumns,
  valuesOfRow,
} from './patient-fields.ts';

/**
 * The SQL of patient detail change requests. The patients table is the booking module's; this
 * module reads the record a booking key names (as authentication and reminders do) and writes
 * it in one place only, `updatePatientValues`, when the provider accepts a request.
 */

export type PatientScope = 'APPOINTMENT' | 'BOOKING_REQUEST';

export interface ChangeRequestRecord {
  id: string;
  patientId: string;
  bookingKey: string;
  origin: PatientChangeOrigin;
  status: PatientChangeStatus;
  changes: PatientFieldChange[];
  requestedAt: Date;
  decidedAt: Date | null;
  decidedBy: string | null;
  decisionNote: string | null;
}

const fieldColumns = Object.values(patientFieldColumns);

function selectPatient(db: Db) {
  return db
    .selectFrom('patients')
    .select([
      'patients.id',
      'patients.date_of_birth',
      ...fieldColumns.map((c) => `patients.${c}` as const),
    ]);
}

type PatientRow = { id: string; date_of_birth: string } & Record<
  PatientFieldColumn,
  string | number | null
>;

const toPatient = (row: PatientRow): PatientRecord => ({
  id: row.id,
  firstName: String(row.first_name),
  lastName: String(row.last_name),
  dateOfBirth: row.date_of_birth,
  email: String(row.email),
  values: valuesOfRow(row),
});

/**
 * The patient record a booking key names: its booking request's, or its first appointment's
 * (one booking form makes one record for all of a key's appointments). `lock` holds the row
 * until the transaction ends, so two requests or decisions on one record take turns.
 */
export async function findPatientOfKey(
  db: Db,
  bookingKey: string,
  scope: PatientScope,
  lock = false,
): Promise<PatientRecord | undefined> {
  const owner =
    scope === 'BOOKING_REQUEST'
      ? db.selectFrom('booking_requests').select('patient_id').where('booking_key', '=', bookingKey)
      : db
          .selectFrom('appointments')
          .select('patient_id')
          .where('booking_key', '=', bookingKey)
          .orderBy('created_at')
          .orderBy('id')
          .limit(1);
  const found = await owner.executeTakeFirst();
  if (!found) return undefined;
  return findPatient(db, found.patient_id, lock);
}

export async function findPatient(
  db: Db,
  patientId: string,
  lock = false,
): Promise<PatientRecord | undefined> {
  let query = selectPatient(db).where('patients.id', '=', patientId);
  if (lock) query = query.forUpdate();
  const row = await query.executeTakeFirst();
  return row ? toPatient(row as unknown as PatientRow) : undefined;
}

/** The exams a key's booking names, for its questionnaire outcome. */
export async function examSlugsOfKey(db: Db, bookingKey: string, scope: PatientScope) {
  const rows =
    scope === 'BOOKING_REQUEST'
      ? await db
          .selectFrom('booking_requests')
          .innerJoin(
            'booking_request_exams',
            'booking_request_exams.booking_request_id',
            'booking_requests.id',
          )
          .innerJoin('exams', 'exams.id', 'booking_request_exams.exam_id')
          .select('exams.slug')
          .where('booking_requests.booking_key', '=', bookingKey)
          .execute()
      : await db
          .selectFrom('appointments')
          .innerJoin('exams', 'exams.id', 'appointments.exam_id')
          .select('exams.slug')
          .where('appointments.booking_key', '=', bookingKey)
          .execute();
  return [...new Set(rows.map((row) => row.slug))];
}

/** The one change the portal makes to a patient record: an accepted request's new values. */
export async function updatePatientValues(
  db: Db,
  patientId: string,
  changes: ReadonlyArray<{ column: PatientFieldColumn; value: PatientFieldValue }>,
): Promise<void> {
  if (changes.length === 0) return;
  const set: Record<string, PatientFieldValue> = {};
  for (const change of changes) set[change.column] = change.value;
  await db.updateTable('patients').set(set).where('id', '=', patientId).execute();
}

const requestColumns = [
  'id',
  'patient_id',
  'booking_key',
  'origin',
  'status',
  'changes',
  'requested_at',
  'decided_at',
  'decided_by',
  'decision_note',
] as const;

type RequestRow = {
  id: string;
  patient_id: string;
  booking_key: string;
  origin: PatientChangeOrigin;
  status: PatientChangeStatus;
  changes: unknown;
  requested_at: Date;
  decided_at: Date | null;
  decided_by: string | null;
  decision_note: string | null;
};

const toRequest = (row: RequestRow): ChangeRequestRecord => ({
  id: row.id,
  patientId: row.patient_id,
  bookingKey: row.booking_key,
  origin: row.origin,
  status: row.status,
  // jsonb arrives parsed on both engines; text only if a driver ever hands it over raw.
  changes: (typeof row.changes === 'string'
    ? JSON.parse(row.changes)
    : row.changes) as PatientFieldChange[],
  requestedAt: row.requested_at,
  decidedAt: row.decided_at,
  decidedBy: row.decided_by,
  decisionNote: row.decision_note,
});

export async function findPendingOfPatient(
  db: Db,
  patientId: string,
): Promise<ChangeRequestRecord | undefined> {
  const row = await db
    .selectFrom('patient_change_requests')
    .select(requestColumns)
    .where('patient_id', '=', patientId)
    .where('status', '=', 'PENDING')
    .executeTakeFirst();
  return row ? toRequest(row) : undefined;
}

export async function findRequest(
  db: Db,
  id: string,
  lock = false,
): Promise<ChangeRequestRecord | undefined> {
  let query = db.selectFrom('patient_change_requests').select(requestColumns).where('id', '=', id);
  if (lock) query = query.forUpdate();
  const row = await query.executeTakeFirst();
  return row ? toRequest(row) : undefined;
}

/** Answers undefined when the record already has a pending request (the partial unique index). */
export async function insertRequest(
  db: Db,
  request: {
    patientId: string;
    bookingKey: string;
    origin: PatientChangeOrigin;
    changes: PatientFieldChange[];
  },
  now: Date,
): Promise<ChangeRequestRecord | undefined> {
  const row = await db
    .insertInto('patient_change_requests')
    .values({
      patient_id: request.patientId,
      booking_key: request.bookingKey,
      origin: request.origin,
      changes: JSON.stringify(request.changes),
      requested_at: now,
    })
    .onConflict((conflict) =>
      conflict.column('patient_id').where('status', '=', 'PENDING').doNothing(),
    )
    .returning(requestColumns)
    .executeTakeFirst();
  return row ? toRequest(row) : undefined;
}

/** Ends a PENDING request; answers whether it was still pending. */
export async function decideRequest(
  db: Db,
  id: string,
  decision: {
    status: Exclude<PatientChangeStatus, 'PENDING'>;
    decidedBy: string;
    note: string | null;
  },
  now: Date,
): Promise<ChangeRequestRecord | undefined> {
  const row = await db
    .updateTable('patient_change_requests')
    .set({
      status: decision.status,
      decided_at: now,
      decided_by: decision.decidedBy,
      decision_note: decision.note,
    })
    .where('id', '=', id)
    .where('status', '=', 'PENDING')
    .returning(requestColumns)
    .executeTakeFirst();
  return row ? toRequest(row) : undefined;
}

/** Requests of one status, oldest first (the provider works through them in order). */
export async function listRequests(
  db: Db,
  status: PatientChangeStatus,
  limit: number,
): Promise<ChangeRequestRecord[]> {
  const rows = await db
    .selectFrom('patient_change_requests')
    .select(requestColumns)
    .where('status', '=', status)
    .orderBy('requested_at')
    .orderBy('id')
    .limit(limit)
    .execute();
  return rows.map(toRequest);
}

/** Ends every PENDING request made before `cutoff` as EXPIRED; answers the ones it ended. */
export async function expirePendingBefore(
  db: Db,
  cutoff: Date,
  now: Date,
): Promise<ChangeRequestRecord[]> {
  const rows = await db
    .updateTable('patient_change_requests')
    .set({ status: 'EXPIRED', decided_at: now, decided_by: 'system', decision_note: null })
    .where('status', '=', 'PENDING')
    .where('requested_at', '<', cutoff)
    .returning(requestColumns)
    .execute();
  return rows.map(toRequest);
}
