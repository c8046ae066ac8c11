import { type Kysely, sql } from 'kysely';
import type { Database } from '../database.ts';

/**
 * Demo appointments and a booking request with known keys
 * (docs/product/shell-and-configuration.md#demo-mode), so a person can try the patient
 * portal. Seeded and printed in demo mode only. Every patient here is fictional.
 */
export const demoBookingKeys = {
  appointment: 'demo-appointment-key-000000000001',
  pendingAppointment: 'demo-pending-appointment-key-00001',
  bookingRequest: 'demo-booking-request-key-0000000001',
} as const;

export const demoPatient = {
  first_name: 'Jordan',
  last_name: 'Sample',
  date_of_birth: '1975-08-21',
  sex: 'MALE' as const,
  email: 'jordan.sample@example.org',
  contact_number: '0491570006',
  postal_code: '2022',
};

/** The demo patient's id: the demo appointment's patient, or a new row with the same facts. */
export async function demoPatientId(db: Kysely<Database>): Promise<string> {
  const known = await db
    .selectFrom('appointments')
    .select('patient_id')
    .where('booking_key', '=', demoBookingKeys.appointment)
    .executeTakeFirst();
  return (
    known?.patient_id ??
    (await db.insertInto('patients').values(demoPatient).returning('id').executeTakeFirstOrThrow())
      .id
  );
}

/** A free slot for an exam at a clinic, with the resource that offers it. */
export type DemoSlotFinder = (
  clinicSlug: string,
  examSlug: string,
) => Promise<{ start: Date; end: Date; resourceId: number } | null>;

export interface DemoBookingLine {
  kind: 'appointment' | 'pending appointment' | 'booking request' | 'result';
  bookingKey: string;
  path: string;
  /** After the key in the address (a result's page is /appointments/{key}/result). */
  suffix?: string;
}

/** The demo results' keys (demo-results.ts seeds them; listed here for the banner). */
const demoResultLines: DemoBookingLine[] = [
  {
    kind: 'result',
    bookingKey: 'demo-results-key-0000000000000001',
    path: 'appointments',
    suffix: '/result',
  },
  {
    kind: 'result',
    bookingKey: 'demo-results-key-0000000000000002',
    path: 'appointments',
    suffix: '/result',
  },
];

/** The demo bookings that exist, for the start-up banner. */
export async function listDemoBookings(db: Kysely<Database>): Promise<DemoBookingLine[]> {
  const keys = await db
    .selectFrom('booking_keys')
    .select('key')
    .where('key', 'in', [
      ...Object.values(demoBookingKeys),
      ...demoResultLines.map((line) => line.bookingKey),
    ])
    .execute();
  const present = new Set(keys.map((row) => row.key));
  const lines: DemoBookingLine[] = [
    { kind: 'appointment', bookingKey: demoBookingKeys.appointment, path: 'appointments' },
    {
      kind: 'pending appointment',
      bookingKey: demoBookingKeys.pendingAppointment,
      path: 'appointments',
    },
    {
      kind: 'booking request',
      bookingKey: demoBookingKeys.bookingRequest,
      path: 'booking-requests',
    },
    ...demoResultLines,
  ];
  return lines.filter((line) => present.has(line.bookingKey));
}

/** Adds the demo bookings once (by key); slots come from the real slot engine. */
export async function seedDemoBookings(
  db: Kysely<Database>,
  options: { now: Date; findSlot: DemoSlotFinder },
): Promise<number> {
  const { now, findSlot } = options;
  const existing = (await listDemoBookings(db)).filter((line) => line.kind !== 'result');
  if (existing.length > 0) return 0;
  const booked = await findSlot('bondi-junction', 'bone-density-scan');
  const pending = await findSlot('bondi-junction', 'screening-mammogram');
  const enquiry = await db
    .selectFrom('clinic_exams')
    .innerJoin('exams', 'exams.id', 'clinic_exams.exam_id')
    .where('exams.booking_request_only', '=', true)
    .select(['clinic_exams.clinic_id', 'clinic_exams.exam_id'])
    .orderBy('exams.slug')
    .orderBy('clinic_exams.clinic_id')
    .executeTakeFirst();
  const clinics = await db.selectFrom('clinics').select(['id', 'slug']).execute();
  const exams = await db.selectFrom('exams').select(['id', 'slug']).execute();
  const clinicId = (slug: string) => clinics.find((row) => row.slug === slug)!.id;
  const examId = (slug: string) => exams.find((row) => row.slug === slug)!.id;
  let created = 0;
  await db.transaction().execute(async (trx) => {
    const patient = await trx
      .insertInto('patients')
      .values(demoPatient)
      .returning('id')
      .executeTakeFirstOrThrow();
    const addKey = (key: string) =>
      trx
        .insertInto('booking_keys')
        .values({
          key,
          status: 'USED',
          created_at: now,
          used_at: now,
          expires_at: new Date(now.getTime() + 2 * 3_600_000),
        })
        .execute();
    const appointments = [
      {
        key: demoBookingKeys.appointment,
        slot: booked,
        exam: 'bone-density-scan',
        status: 'BOOKED',
      },
      {
        key: demoBookingKeys.pendingAppointment,
        slot: pending,
        exam: 'screening-mammogram',
        status: 'PENDING',
      },
    ] as const;
    for (const { key, slot, exam, status } of appointments) {
      if (!slot) continue;
      await addKey(key);
      const appointment = await trx
        .insertInto('appointments')
        .values({
          booking_key: key,
          exam_id: examId(exam),
          clinic_id: clinicId('bondi-junction'),
          resource_id: slot.resourceId,
          starts_at: slot.start,
          ends_at: slot.end,
          status,
          patient_id: patient.id,
          patient_notes: 'Demo appointment (fictional patient).',
        })
        .returning('id')
        .executeTakeFirstOrThrow();
      await trx
        .insertInto('resource_bookings')
        .values({
          resource_id: slot.resourceId,
          period: sql<string>`tstzrange(${slot.start.toISOString()}::timestamptz, ${slot.end.toISOString()}::timestamptz, '[)')`,
          kind: 'APPOINTMENT',
          appointment_id: appointment.id,
        })
        .execute();
      created += 1;
    }
    if (enquiry) {
      await addKey(demoBookingKeys.bookingRequest);
      const request = await trx
        .insertInto('booking_requests')
        .values({
          booking_key: demoBookingKeys.bookingRequest,
          clinic_id: enquiry.clinic_id,
          preferred_start: null,
          patient_id: patient.id,
          patient_notes: 'Demo booking request (fictional patient).',
        })
        .returning('id')
        .executeTakeFirstOrThrow();
      await trx
        .insertInto('booking_request_exams')
        .values({ booking_request_id: request.id, exam_id: enquiry.exam_id, position: 0 })
        .execute();
      created += 1;
    }
  });
  return created;
}
