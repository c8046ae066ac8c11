import type { SupportedLocale } from '@portal/contract';
import { sql } from 'kysely';
import type { Db } from '../../db/database.ts';
import type { AppointmentLinkAction } from '../../db/tables/reminder-tables.ts';

/** A booked appointment whose reminder is due, with what the message says. */
export interface DueReminder {
  appointmentId: string;
  bookingKey: string;
  startsAt: Date;
  examName: string;
  clinicName: string;
  timeZone: string;
  firstName: string;
  email: string;
  contactNumber: string;
  /** The language the patient booked in (migration 027), null when none was named (029). */
  locale: SupportedLocale | null;
}

/**
 * Booked appointments whose `leadHours` reminder is due now and not queued
 * yet: due (start − lead) has passed, the next shorter lead (`shorterLead`, or
 * the start itself) has not, and the appointment was booked before it fell due
 * (a booking made inside the lead got its confirmation instead).
 */
export async function listDueReminders(
  db: Db,
  input: { now: Date; leadHours: number; shorterLeadHours: number; limit: number },
): Promise<DueReminder[]> {
  const now = sql`${input.now.toISOString()}::timestamptz`;
  const lead = sql`make_interval(hours => ${input.leadHours}::integer)`;
  const shorter = sql`make_interval(hours => ${input.shorterLeadHours}::integer)`;
  const rows = await db
    .selectFrom('appointments')
    .innerJoin('exams', 'exams.id', 'appointments.exam_id')
    .innerJoin('clinics', 'clinics.id', 'appointments.clinic_id')
    .innerJoin('patients', 'patients.id', 'appointments.patient_id')
    .select([
      'appointments.id as appointmentId',
      'appointments.booking_key as bookingKey',
      'appointments.starts_at as startsAt',
      'exams.name as examName',
      'clinics.name as clinicName',
      'clinics.time_zone as timeZone',
      'patients.first_name as firstName',
      'patients.email',
      'patients.contact_number as contactNumber',
      'patients.locale',
    ])
    .where('appointments.status', '=', 'BOOKED')
    .where(sql<boolean>`appointments.starts_at - ${lead} <= ${now}`)
    .where(sql<boolean>`appointments.starts_at - ${shorter} > ${now}`)
    .where(sql<boolean>`appointments.created_at < appointments.starts_at - ${lead}`)
    .where((eb) =>
      eb.not(
        eb.exists(
          eb
            .selectFrom('appointment_reminders')
            .select('appointment_reminders.lead_hours')
            .whereRef('appointment_reminders.appointment_id', '=', 'appointments.id')
            .where('appointment_reminders.lead_hours', '<=', input.leadHours),
        ),
      ),
    )
    .orderBy('appointments.starts_at')
    .limit(input.limit)
    .execute();
  return rows.map((row) => ({ ...row, startsAt: new Date(row.startsAt) }));
}

/** Whether the appointment is still BOOKED, its row locked until the transaction ends. */
export async function lockBookedAppointment(db: Db, appointmentId: string): Promise<boolean> {
  const row = await db
    .selectFrom('appointments')
    .select('id')
    .where('id', '=', appointmentId)
    .where('status', '=', 'BOOKED')
    .forUpdate()
    .executeTakeFirst();
  return row !== undefined;
}

/** Claims the reminder (false when another run queued it first). */
export async function claimReminder(
  db: Db,
  input: { appointmentId: string; leadHours: number; now: Date },
): Promise<boolean> {
  const row = await db
    .insertInto('appointment_reminders')
    .values({
      appointment_id: input.appointmentId,
      lead_hours: input.leadHours,
      queued_at: input.now,
    })
    .onConflict((conflict) => conflict.doNothing())
    .returning('appointment_id')
    .executeTakeFirst();
  return row !== undefined;
}

export async function recordReminderMessages(
  db: Db,
  input: { appointmentId: string; leadHours: number; outboxMessageIds: string[] },
): Promise<void> {
  await db
    .updateTable('appointment_reminders')
    .set({ outbox_message_ids: input.outboxMessageIds })
    .where('appointment_id', '=', input.appointmentId)
    .where('lead_hours', '=', input.leadHours)
    .execute();
}

export async function insertActionLink(
  db: Db,
  link: {
    tokenHash: string;
    appointmentId: string;
    action: AppointmentLinkAction;
    now: Date;
    expiresAt: Date;
  },
): Promise<void> {
  await db
    .insertInto('appointment_action_links')
    .values({
      token_hash: link.tokenHash,
      appointment_id: link.appointmentId,
      action: link.action,
      created_at: link.now,
      expires_at: link.expiresAt,
    })
    .execute();
}

/** A link as stored (undefined: never issued, or withdrawn when its appointment changed). */
export async function findActionLink(db: Db, tokenHash: string) {
  const row = await db
    .selectFrom('appointment_action_links')
    .select([
      'appointment_id as appointmentId',
      'action',
      'expires_at as expiresAt',
      'used_at as usedAt',
    ])
    .where('token_hash', '=', tokenHash)
    .executeTakeFirst();
  if (!row) return undefined;
  return {
    appointmentId: row.appointmentId,
    action: row.action,
    expiresAt: new Date(row.expiresAt),
    usedAt: row.usedAt ? new Date(row.usedAt) : null,
  };
}

/** Uses the link once: true only for the first use before it expires. */
export async function useActionLink(db: Db, tokenHash: string, now: Date): Promise<boolean> {
  const row = await db
    .updateTable('appointment_action_links')
    .set({ used_at: now })
    .where('token_hash', '=', tokenHash)
    .where('used_at', 'is', null)
    .where('expires_at', '>', now)
    .returning('token_hash')
    .executeTakeFirst();
  return row !== undefined;
}
