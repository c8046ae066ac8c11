import type { PatientDetails, SupportedLocale } from '@portal/contract';
import { sql } from 'kysely';
import type { Db } from '../../db/database.ts';
import { attachedWriteSql, conditionSql, type WriteCondition } from '../../db/statement-parts.ts';
import type { AppointmentStatus } from '../../db/tables/booking-tables.ts';
import type { AuditEvent } from '../audit/index.ts';
import { type NewOutboxMessage, queuedWithStatement } from '../notifications/index.ts';

/** SQLSTATE of an exclusion-constraint violation (an overlapping resource booking). */
const exclusionViolation = '23P01';

const isExclusionViolation = (error: unknown) =>
  typeof error === 'object' &&
  error !== null &&
  (error as { code?: unknown }).code === exclusionViolation;

/** A resource booking's period: [start, end). */
export const range = (start: Date, end: Date) =>
  sql<string>`tstzrange(${start.toISOString()}::timestamptz, ${end.toISOString()}::timestamptz, '[)')`;

/**
 * Runs `work` inside a savepoint of the open transaction. A 23P01 (the slot
 * is taken on that resource) rolls back to the savepoint and answers null, so
 * the caller can try the next resource; any other error propagates.
 */
export async function underSavepoint<T>(db: Db, work: () => Promise<T>): Promise<T | null> {
  await sql`SAVEPOINT resource_booking`.execute(db);
  try {
    const result = await work();
    await sql`RELEASE SAVEPOINT resource_booking`.execute(db);
    return result;
  } catch (error) {
    await sql`ROLLBACK TO SAVEPOINT resource_booking`.execute(db);
    if (isExclusionViolation(error)) return null;
    throw error;
  }
}

export interface NewAppointment {
  bookingKey: string;
  examId: number;
  clinicId: number;
  start: Date;
  end: Date;
  status: AppointmentStatus;
  patientId: string;
  staffBooking: boolean;
  patientNotes: string | null;
}

async function insertAppointmentRow(db: Db, input: NewAppointment, resourceId: number) {
  const row = await db
    .insertInto('appointments')
    .values({
      booking_key: input.bookingKey,
      exam_id: input.examId,
      clinic_id: input.clinicId,
      resource_id: resourceId,
      starts_at: input.start,
      ends_at: input.end,
      status: input.status,
      patient_id: input.patientId,
      staff_booking: input.staffBooking,
      patient_notes: input.patientNotes,
    })
    .returning('id')
    .executeTakeFirstOrThrow();
  return row.id;
}

/** Turns the caller's own live hold into the appointment's resource booking. */
export async function insertAppointmentFromHold(
  db: Db,
  input: NewAppointment,
  hold: { id: string; resourceId: number },
): Promise<string> {
  const appointmentId = await insertAppointmentRow(db, input, hold.resourceId);
  await db
    .updateTable('resource_bookings')
    .set({
      kind: 'APPOINTMENT',
      expires_at: null,
      appointment_id: appointmentId,
      booking_key: null,
    })
    .where('id', '=', hold.id)
    .execute();
  return appointmentId;
}

/** The appointment row alone, on a tentative resource (its resource booking comes last). */
export async function insertAppointment(
  db: Db,
  input: NewAppointment,
  resourceId: number,
): Promise<string> {
  return insertAppointmentRow(db, input, resourceId);
}

/**
 * Books the appointment's period on the first free resource: one INSERT per
 * resource with ON CONFLICT DO NOTHING (the exclusion constraint is the
 * arbiter; an overlapping insert of a transaction still open is waited for),
 * so no savepoints. Moves the appointment to that resource if it is not the
 * tentative one. Null when every resource is taken. Meant to be the last
 * statement before COMMIT, so the time others wait on it is one round trip.
 */
export async function claimFirstFreeResource(
  db: Db,
  input: {
    appointmentId: string;
    tentativeResourceId: number;
    resourceIds: number[];
    start: Date;
    end: Date;
  },
): Promise<number | null> {
  for (const resourceId of input.resourceIds) {
    const row = await db
      .insertInto('resource_bookings')
      .values({
        resource_id: resourceId,
        period: range(input.start, input.end),
        kind: 'APPOINTMENT',
        appointment_id: input.appointmentId,
      })
      .onConflict((conflict) => conflict.doNothing())
      .returning('id')
      .executeTakeFirst();
    if (!row) continue;
    if (resourceId !== input.tentativeResourceId) {
      await db
        .updateTable('appointments')
        .set({ resource_id: resourceId })
        .where('id', '=', input.appointmentId)
        .execute();
    }
    return resourceId;
  }
  return null;
}

/** One appointment of `createAppointmentRecords`, its id chosen by the caller. */
export interface AppointmentRecord extends NewAppointment {
  id: string;
  /** The caller's own live hold to turn into this appointment's resource booking. */
  holdId: string | null;
  /** The hold's resource, or the tentative one (the resource booking comes last). */
  resourceId: number;
}

/** A message the notifications module rendered, queued with the booking. */
export type OutboxRecord = NewOutboxMessage;

const ts = (instant: Date) => sql`${instant.toISOString()}::timestamptz`;

/**
 * The writes of one appointment creation in ONE statement (a CTE chain):
 * consume the booking key, insert the patient, the appointments, turn the
 * given holds into their resource bookings, the audit events and the outbox
 * messages. Every insert is gated on the key being consumed, so an unusable
 * key writes nothing; answers whether it was consumed (the row lock makes a
 * concurrent consumer wait, then find it USED). Ids are chosen by the caller.
 */
export async function createAppointmentRecords(
  db: Db,
  input: AppointmentRecordsInput,
): Promise<boolean> {
  const result = await sql<{ consumed: number }>`
    WITH ${sql.join(appointmentRecordCtes(input))}
    SELECT (SELECT count(*) FROM k)::integer AS consumed`.execute(db);
  return (result.rows[0]?.consumed ?? 0) > 0;
}

/** A resource booking to insert with its appointment: the resource the caller found free. */
export interface AppointmentClaim {
  appointmentId: string;
  resourceId: number;
  start: Date;
  end: Date;
}

/**
 * The whole booking in ONE statement, so in one round trip and without a
 * transaction of its own: `createAppointmentRecords` plus each appointment's
 * resource booking on the resource given. Atomic: when a resource booking
 * overlaps another (23P01, the slot was just taken) the statement writes
 * nothing and answers TAKEN. Run it outside a transaction (a failed
 * statement would abort one). `conditions` (from the modules whose
 * checks the caller skipped, decision 017) gate the key's consumption like its own
 * status: when one is false nothing is written either (KEY_UNUSABLE).
 */
export async function bookAppointmentsAtOnce(
  db: Db,
  input: AppointmentRecordsInput & {
    claims: AppointmentClaim[];
    conditions?: WriteCondition[];
  },
): Promise<'BOOKED' | 'KEY_UNUSABLE' | 'TAKEN'> {
  const claims = sql`r AS (
      INSERT INTO resource_bookings (resource_id, period, kind, appointment_id)
      SELECT v.resource_id, tstzrange(v.starts_at, v.ends_at, '[)'), 'APPOINTMENT', v.appointment_id
      FROM (VALUES ${sql.join(
        input.claims.map(
          (claim) =>
            sql`(${claim.appointmentId}::uuid, ${claim.resourceId}::integer, ${ts(claim.start)}, ${ts(claim.end)})`,
        ),
      )}) AS v (appointment_id, resource_id, starts_at, ends_at)
      WHERE EXISTS (SELECT 1 FROM a WHERE a.id = v.appointment_id)
      RETURNING id)`;
  try {
    const result = await sql<{ consumed: number }>`
      WITH ${sql.join([...appointmentRecordCtes(input, input.conditions), claims])}
      SELECT (SELECT count(*) FROM k)::integer AS consumed`.execute(db);
    return (result.rows[0]?.consumed ?? 0) > 0 ? 'BOOKED' : 'KEY_UNUSABLE';
  } catch (error) {
    if (isExclusionViolation(error)) return 'TAKEN';
    throw error;
  }
}

/** What one appointment creation writes (see createAppointmentRecords). */
export interface AppointmentRecordsInput {
  bookingKey: string;
  now: Date;
  /** locale: the language the patient booked in (migration 027), null when none (029). */
  patient: { id: string; details: PatientDetails; locale: SupportedLocale | null };
  appointments: AppointmentRecord[];
  audits: AuditEvent[];
  outbox: OutboxRecord[];
}

function appointmentRecordCtes(input: AppointmentRecordsInput, conditions: WriteCondition[] = []) {
  const { bookingKey, now, patient, appointments, audits, outbox } = input;
  const details = patient.details;
  const holds = appointments.filter((appointment) => appointment.holdId !== null);
  const also = conditions.map((condition) => sql` AND ${conditionSql(condition)}`);
  const ctes = [
    sql`k AS (
      UPDATE booking_keys SET status = 'USED', used_at = ${ts(now)}
      WHERE key = ${bookingKey} AND status = 'RESERVED' AND expires_at > ${ts(now)}${sql.join(also, sql``)}
      RETURNING key)`,
    sql`p AS (
      INSERT INTO patients (id, title, first_name, last_name, date_of_birth, sex, email,
        contact_number, postal_code, medicare_number, locale)
      SELECT ${patient.id}::uuid, ${details.title ?? null}::text, ${details.firstName}::text,
        ${details.lastName}::text, ${details.dateOfBirth}::date, ${details.sex}::text,
        ${details.email.trim()}::text, ${details.contactNumber}::text, ${details.postalCode}::text,
        ${details.medicareNumber ?? null}::text, ${patient.locale}::text
      FROM k
      RETURNING id)`,
  ];
  if (appointments.length > 0) {
    ctes.push(sql`a AS (
      INSERT INTO appointments (id, booking_key, exam_id, clinic_id, resource_id, starts_at,
        ends_at, status, patient_id, staff_booking, patient_notes)
      SELECT v.id, k.key, v.exam_id, v.clinic_id, v.resource_id, v.starts_at, v.ends_at,
        v.status, p.id, v.staff_booking, v.patient_notes
      FROM (VALUES ${sql.join(
        appointments.map(
          (row) =>
            sql`(${row.id}::uuid, ${row.examId}::integer, ${row.clinicId}::integer,
              ${row.resourceId}::integer, ${ts(row.start)}, ${ts(row.end)}, ${row.status}::text,
              ${row.staffBooking}::boolean, ${row.patientNotes}::text)`,
        ),
      )}) AS v (id, exam_id, clinic_id, resource_id, starts_at, ends_at, status, staff_booking,
        patient_notes)
      CROSS JOIN k CROSS JOIN p
      RETURNING id)`);
  }
  if (holds.length > 0) {
    ctes.push(sql`h AS (
      UPDATE resource_bookings AS rb
      SET kind = 'APPOINTMENT', expires_at = NULL, appointment_id = v.appointment_id,
        booking_key = NULL
      FROM (VALUES ${sql.join(
        holds.map((row) => sql`(${row.holdId}::uuid, ${row.id}::uuid)`),
      )}) AS v (hold_id, appointment_id)
      WHERE rb.id = v.hold_id AND EXISTS (SELECT 1 FROM a WHERE a.id = v.appointment_id)
      RETURNING rb.id)`);
  }
  if (audits.length > 0) {
    ctes.push(sql`e AS (
      INSERT INTO audit_events (occurred_at, actor, action, subject_type, subject_id,
        client_address, request_id, details)
      SELECT ${ts(now)}, v.actor, v.action, v.subject_type, v.subject_id, v.client_address,
        v.request_id, v.details
      FROM (VALUES ${sql.join(
        audits.map(
          (event, position) =>
            sql`(${position}::integer, ${event.actor}::text, ${event.action}::text,
              ${event.subjectType}::text, ${event.subjectId}::text, ${event.clientAddress}::text,
              ${event.requestId}::text, ${JSON.stringify(event.details ?? {})}::jsonb)`,
        ),
      )}) AS v (position, actor, action, subject_type, subject_id, client_address, request_id,
        details)
      CROSS JOIN k
      ORDER BY v.position
      RETURNING id)`);
  }
  if (outbox.length > 0)
    ctes.push(sql`o AS (${attachedWriteSql(queuedWithStatement(outbox, now), 'k')})`);
  return ctes;
}
