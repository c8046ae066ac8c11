import type { PatientDetails, Slot } from '@portal/contract';
import type { FastifyInstance } from 'fastify';
import type { Kysely } from 'kysely';
import type { Database } from '../../src/db/database.ts';

/** Fictional patient details that pass the contract. */
export function patientDetails(overrides: Partial<PatientDetails> = {}): PatientDetails {
  return {
    firstName: 'Alex',
    lastName: 'Example',
    dateOfBirth: '1980-05-17',
    sex: 'FEMALE',
    email: 'Alex.Example@Example.org',
    contactNumber: '0400 000 000',
    postalCode: '2000',
    ...overrides,
  };
}

export async function reserveBookingKey(app: FastifyInstance): Promise<string> {
  const response = await app.inject({ method: 'POST', url: '/api/booking-keys' });
  if (response.statusCode !== 201) throw new Error(`booking key: ${response.body}`);
  return response.json().bookingKey as string;
}

/** Offered slots of one clinic for one exam between two clinic-local days. */
export async function listSlots(
  app: FastifyInstance,
  clinicSlug: string,
  examSlug: string,
  from: string,
  to: string,
): Promise<Slot[]> {
  const response = await app.inject({
    method: 'GET',
    url: `/api/clinics/${clinicSlug}/slots?examSlug=${examSlug}&from=${from}&to=${to}`,
  });
  if (response.statusCode !== 200) throw new Error(`slots: ${response.body}`);
  return response.json().slots as Slot[];
}

export const bookingTables = [
  'patients',
  'booking_keys',
  'appointments',
  'booking_requests',
  'booking_request_exams',
  'resource_bookings',
  'temporary_documents',
  'outbox_messages',
  'audit_events',
] as const;

/** Row counts of every booking table, to prove a failed request left nothing behind. */
export async function countBookingRows(db: Kysely<Database>): Promise<Record<string, number>> {
  const counts: Record<string, number> = {};
  for (const table of bookingTables) {
    const row = await db
      .selectFrom(table)
      .select((eb) => eb.fn.countAll<string>().as('count'))
      .executeTakeFirstOrThrow();
    counts[table] = Number(row.count);
  }
  return counts;
}
