import { type Kysely, sql } from 'kysely';
import type { Database } from '../database.ts';
import { demoPatientId } from './demo-bookings.ts';

/**
 * A demo appointment inside its check-in window (docs/product/check-in.md#try-it): placed at
 * every demo start in the next free slot of a screening mammogram (an exam that needs no
 * referral, so check-in is ready at once) between 30 minutes and the window's length from now.
 * A later start moves it again, and forgets its check-in, once its window has closed.
 */
export const demoCheckInKey = 'demo-check-in-key-000000000000001';

export type DemoSlotBetween = (
  clinicSlug: string,
  examSlug: string,
  after: Date,
  before: Date,
) => Promise<{ start: Date; end: Date; resourceId: number } | null>;

const clinicSlug = 'bondi-junction';
const examSlug = 'screening-mammogram';

export async function seedDemoCheckIn(
  db: Kysely<Database>,
  options: {
    now: Date;
    findSlot: DemoSlotBetween;
    priorMinutes: number;
    closesMinutesAfterStart: number;
  },
): Promise<string | null> {
  const { now } = options;
  const existing = await db
    .selectFrom('appointments')
    .select(['id', 'starts_at', 'patient_id'])
    .where('booking_key', '=', demoCheckInKey)
    .executeTakeFirst();
  if (existing) {
    const start = new Date(existing.starts_at).getTime();
    const opens = start - options.priorMinutes * 60_000;
    const closes = start + options.closesMinutesAfterStart * 60_000;
    // Still open for a while: leave it (and any check-in made) as it is.
    if (opens <= now.getTime() && now.getTime() < closes - 10 * 60_000) return demoCheckInKey;
  }
  const windowMinutes = Math.max(60, options.priorMinutes);
  const slot = await options.findSlot(
    clinicSlug,
    examSlug,
    new Date(now.getTime() + 30 * 60_000),
    new Date(now.getTime() + windowMinutes * 60_000),
  );
  if (!slot) return null;
  const period = sql<string>`tstzrange(${slot.start.toISOString()}::timestamptz, ${slot.end.toISOString()}::timestamptz, '[)')`;
  await db.transaction().execute(async (trx) => {
    if (existing) {
      // Moved to the new slot, its earlier check-in forgotten (demo data only).
      await trx.deleteFrom('check_ins').where('appointment_id', '=', existing.id).execute();
      await trx
        .updateTable('appointments')
        .set({
          starts_at: slot.start,
          ends_at: slot.end,
          resource_id: slot.resourceId,
          status: 'BOOKED',
        })
        .where('id', '=', existing.id)
        .execute();
      await trx
        .updateTable('resource_bookings')
        .set({ resource_id: slot.resourceId, period })
        .where('appointment_id', '=', existing.id)
        .execute();
      return;
    }
    const patientId = await demoPatientId(trx);
    await trx
      .insertInto('booking_keys')
      .values({
        key: demoCheckInKey,
        status: 'USED',
        created_at: now,
        used_at: now,
        expires_at: new Date(now.getTime() + 2 * 3_600_000),
      })
      .execute();
    const ids = await trx
      .selectFrom('clinics')
      .innerJoin('exams', (join) => join.onTrue())
      .select(['clinics.id as clinicId', 'exams.id as examId'])
      .where('clinics.slug', '=', clinicSlug)
      .where('exams.slug', '=', examSlug)
      .executeTakeFirstOrThrow();
    const appointment = await trx
      .insertInto('appointments')
      .values({
        booking_key: demoCheckInKey,
        exam_id: ids.examId,
        clinic_id: ids.clinicId,
        resource_id: slot.resourceId,
        starts_at: slot.start,
        ends_at: slot.end,
        status: 'BOOKED',
        patient_id: patientId,
        patient_notes: 'Demo appointment to check in (fictional patient).',
      })
      .returning('id')
      .executeTakeFirstOrThrow();
    await trx
      .insertInto('resource_bookings')
      .values({
        resource_id: slot.resourceId,
        period,
        kind: 'APPOINTMENT',
        appointment_id: appointment.id,
      })
      .execute();
  });
  return demoCheckInKey;
}
