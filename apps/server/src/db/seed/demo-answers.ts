import type { Kysely } from 'kysely';
import type { Database } from '../database.ts';
import { demoBookingKeys } from './demo-bookings.ts';

/**
 * The demo patient's booking form answers, as if given while booking the demo appointment, so
 * its page offers the answers document (docs/product/questionnaires.md#answers-document).
 * Apart from seedDemoBookings so a demo database seeded before it gets them too: added once,
 * when the demo appointment has no answer yet and config/questionnaires has the booking form.
 */
export const demoBookingFormAnswers = {
  referral: 'paper',
  hasMedicare: true,
  interpreter: false,
  assistance: 'My partner will come with me and wait in the waiting room.',
};

export async function seedDemoAnswers(db: Kysely<Database>, now: Date): Promise<number> {
  const bookingKey = demoBookingKeys.appointment;
  const appointment = await db
    .selectFrom('appointments')
    .innerJoin('exams', 'exams.id', 'appointments.exam_id')
    .select('exams.slug')
    .where('appointments.booking_key', '=', bookingKey)
    .executeTakeFirst();
  const form = await db
    .selectFrom('questionnaires')
    .select(['id', 'current_version'])
    .where('slug', '=', 'booking-form')
    .executeTakeFirst();
  if (!appointment || !form) return 0;
  const answered = await db
    .selectFrom('questionnaire_answers')
    .select('id')
    .where('booking_key', '=', bookingKey)
    .executeTakeFirst();
  if (answered) return 0;
  await db
    .insertInto('questionnaire_answers')
    .values({
      booking_key: bookingKey,
      appointment_id: null,
      booking_request_id: null,
      questionnaire_id: form.id,
      questionnaire_version: form.current_version,
      exam_slugs: [appointment.slug],
      result: JSON.stringify(demoBookingFormAnswers),
      created_at: now,
    })
    .execute();
  return 1;
}
