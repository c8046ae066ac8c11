import { randomBytes, randomUUID } from 'node:crypto';
import type { FastifyInstance } from 'fastify';
import type { Kysely } from 'kysely';
import type { Database } from '../../src/db/database.ts';

/** A named kiosk's cookies (docs/product/kiosk.md#kiosk-identity), as a Cookie header value. */
export function kioskCookie(name = 'Reception tablet 1', deviceId: string = randomUUID()) {
  return `kioskIdentity=${encodeURIComponent(name)}; patientKioskIdentity=${deviceId}`;
}

/**
 * A BOOKED appointment at `startsAt` for a patient (a new one unless `patientId` is given),
 * under a new booking key unless `bookingKey` is given: rows inserted directly, so a test
 * controls the day and the names.
 */
export async function insertKioskAppointment(
  db: Kysely<Database>,
  input: {
    startsAt: Date;
    lastName?: string;
    dateOfBirth?: string;
    patientId?: string;
    bookingKey?: string;
    examSlug?: string;
  },
): Promise<{ bookingKey: string; patientId: string; appointmentId: string }> {
  const exam = await db
    .selectFrom('exams')
    .select('id')
    .where('slug', '=', input.examSlug ?? 'screening-mammogram')
    .executeTakeFirstOrThrow();
  const resource = await db
    .selectFrom('resources')
    .select(['id', 'clinic_id'])
    .orderBy('id')
    .executeTakeFirstOrThrow();
  const bookingKey = input.bookingKey ?? randomBytes(24).toString('base64url');
  if (!input.bookingKey) {
    await db
      .insertInto('booking_keys')
      .values({
        key: bookingKey,
        status: 'USED',
        used_at: new Date(),
        expires_at: new Date('2100-01-01'),
      })
      .execute();
  }
  const patientId =
    input.patientId ??
    (
      await db
        .insertInto('patients')
        .values({
          first_name: 'Alex',
          last_name: input.lastName ?? 'Kiosk',
          date_of_birth: input.dateOfBirth ?? '1980-01-01',
          sex: 'FEMALE',
          email: 'alex.kiosk@example.org',
          contact_number: '0400000000',
          postal_code: '2000',
        })
        .returning('id')
        .executeTakeFirstOrThrow()
    ).id;
  const appointment = await db
    .insertInto('appointments')
    .values({
      booking_key: bookingKey,
      exam_id: exam.id,
      clinic_id: resource.clinic_id,
      resource_id: resource.id,
      starts_at: input.startsAt,
      ends_at: new Date(input.startsAt.getTime() + 30 * 60_000),
      status: 'BOOKED',
      patient_id: patientId,
    })
    .returning('id')
    .executeTakeFirstOrThrow();
  return { bookingKey, patientId, appointmentId: appointment.id };
}

export function identityCheck(
  app: FastifyInstance,
  body: { lastName: string; dateOfBirth: string },
  options: { cookie?: string; remoteAddress?: string } = {},
) {
  return app.inject({
    method: 'POST',
    url: '/api/kiosk/identity_check',
    payload: body,
    remoteAddress: options.remoteAddress ?? '10.9.0.1',
    headers: options.cookie ? { cookie: options.cookie } : {},
  });
}
