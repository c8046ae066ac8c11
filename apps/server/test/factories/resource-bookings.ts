import { randomBytes } from 'node:crypto';
import type { Kysely } from 'kysely';
import type { Database } from '../../src/db/database.ts';

/**
 * Rows of resource_bookings (appointments and holds) inserted directly, so
 * availability tests can occupy a resource without going through booking.
 */

/** Resource ids of a clinic's rooms of one modality (by code, e.g. 'XR'), lowest first. */
export async function resourceIdsOf(
  db: Kysely<Database>,
  clinicSlug: string,
  modalityCode: string,
): Promise<number[]> {
  const rows = await db
    .selectFrom('resources')
    .innerJoin('clinics', 'clinics.id', 'resources.clinic_id')
    .innerJoin('modalities', 'modalities.id', 'resources.modality_id')
    .where('clinics.slug', '=', clinicSlug)
    .where('modalities.code', '=', modalityCode)
    .select('resources.id')
    .orderBy('resources.id')
    .execute();
  return rows.map((row) => row.id);
}

export interface BookingFactoryInput {
  resourceId: number;
  start: string | Date;
  end: string | Date;
}

const period = ({ start, end }: BookingFactoryInput) =>
  `[${new Date(start).toISOString()},${new Date(end).toISOString()})`;

/** A hold on a resource that expires at `expiresAt` (in the past for an expired one). */
export async function insertHold(
  db: Kysely<Database>,
  input: BookingFactoryInput & { expiresAt: string | Date },
): Promise<string> {
  const row = await db
    .insertInto('resource_bookings')
    .values({
      resource_id: input.resourceId,
      period: period(input),
      kind: 'HOLD',
      expires_at: new Date(input.expiresAt),
    })
    .returning('id')
    .executeTakeFirstOrThrow();
  return row.id;
}

/** A booked appointment (patient, booking key and appointment rows) occupying the resource. */
export async function insertAppointment(
  db: Kysely<Database>,
  input: BookingFactoryInput & { examSlug: string },
): Promise<string> {
  const resource = await db
    .selectFrom('resources')
    .where('id', '=', input.resourceId)
    .select('clinic_id')
    .executeTakeFirstOrThrow();
  const exam = await db
    .selectFrom('exams')
    .where('slug', '=', input.examSlug)
    .select('id')
    .executeTakeFirstOrThrow();
  const key = randomBytes(24).toString('base64url');
  await db
    .insertInto('booking_keys')
    .values({ key, status: 'USED', used_at: new Date(), expires_at: new Date('2100-01-01') })
    .execute();
  const patient = await db
    .insertInto('patients')
    .values({
      first_name: 'Test',
      last_name: 'Patient',
      date_of_birth: '1980-01-01',
      sex: 'FEMALE',
      email: 'test.patient@example.org',
      contact_number: '0400000000',
      postal_code: '2000',
    })
    .returning('id')
    .executeTakeFirstOrThrow();
  const appointment = await db
    .insertInto('appointments')
    .values({
      booking_key: key,
      exam_id: exam.id,
      clinic_id: resource.clinic_id,
      resource_id: input.resourceId,
      starts_at: new Date(input.start),
      ends_at: new Date(input.end),
      status: 'BOOKED',
      patient_id: patient.id,
    })
    .returning('id')
    .executeTakeFirstOrThrow();
  await db
    .insertInto('resource_bookings')
    .values({
      resource_id: input.resourceId,
      period: period(input),
      kind: 'APPOINTMENT',
      appointment_id: appointment.id,
    })
    .execute();
  return appointment.id;
}
