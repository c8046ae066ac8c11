import { sql } from 'kysely';
import type { Db } from '../../db/database.ts';

/** One appointment as a result view shows it, with its released report if any. */
export interface ResultRow {
  appointmentId: string;
  bookingKey: string;
  status: string;
  startsAt: Date;
  timeZone: string;
  examName: string;
  modalityName: string;
  clinicName: string;
  reportTitle: string | null;
  reportText: string | null;
  releasedAt: Date | null;
  /** The study's accession number in the PACS (migration 025), when the provider gave one. */
  accessionNumber: string | null;
}

/** The patient behind a booking key: what matching and notices need. */
export interface PatientRow {
  id: string;
  firstName: string;
  lastName: string;
  dateOfBirth: string;
  email: string;
  contactNumber: string;
}

function resultQuery(db: Db) {
  return db
    .selectFrom('appointments')
    .innerJoin('exams', 'exams.id', 'appointments.exam_id')
    .innerJoin('modalities', 'modalities.id', 'exams.modality_id')
    .innerJoin('clinics', 'clinics.id', 'appointments.clinic_id')
    .innerJoin('patients', 'patients.id', 'appointments.patient_id')
    .leftJoin('appointment_results', 'appointment_results.appointment_id', 'appointments.id')
    .select([
      'appointments.id as appointmentId',
      'appointments.booking_key as bookingKey',
      'appointments.status',
      'appointments.starts_at as startsAt',
      'clinics.time_zone as timeZone',
      'exams.name as examName',
      'modalities.name as modalityName',
      'clinics.name as clinicName',
      'appointment_results.report_title as reportTitle',
      'appointment_results.report_text as reportText',
      'appointment_results.released_at as releasedAt',
      'appointment_results.accession_number as accessionNumber',
    ])
    .where('appointments.replaced_by', 'is', null)
    .orderBy('appointments.starts_at', 'desc');
}

const toResultRow = (row: ResultRow): ResultRow => ({
  ...row,
  startsAt: new Date(row.startsAt),
  releasedAt: row.releasedAt === null ? null : new Date(row.releasedAt),
});

/** The key's appointments that can have a result (booked, pending or done), newest first. */
export async function resultsOfKey(db: Db, bookingKey: string): Promise<ResultRow[]> {
  const rows = await resultQuery(db)
    .where('appointments.booking_key', '=', bookingKey)
    .where('appointments.status', 'in', ['BOOKED', 'PENDING', 'COMPLETED'])
    .execute();
  return rows.map(toResultRow);
}

/** One appointment of the key (any status), or undefined. */
export async function resultOfAppointment(
  db: Db,
  bookingKey: string,
  appointmentId: string,
): Promise<ResultRow | undefined> {
  const row = await resultQuery(db)
    .where('appointments.booking_key', '=', bookingKey)
    .where('appointments.id', '=', appointmentId)
    .executeTakeFirst();
  return row && toResultRow(row);
}

/**
 * The newest released report of a completed appointment with this accession number (migration
 * 025), or undefined when none has been released for the study yet.
 */
export async function releasedResultOfAccession(
  db: Db,
  accessionNumber: string,
): Promise<ResultRow | undefined> {
  const row = await resultQuery(db)
    .where('appointment_results.accession_number', '=', accessionNumber)
    .where('appointment_results.released_at', 'is not', null)
    .where('appointments.status', '=', 'COMPLETED')
    .clearOrderBy()
    .orderBy('appointment_results.released_at', 'desc')
    .limit(1)
    .executeTakeFirst();
  return row && toResultRow(row);
}

/**
 * Every completed appointment of the same person: the same date of birth and last name, and
 * the same e-mail (case-insensitive) or the same contact number digits. Newest first.
 */
export async function historyOfPatient(db: Db, patient: PatientRow): Promise<ResultRow[]> {
  const digits = patient.contactNumber.replace(/\D/g, '');
  const rows = await resultQuery(db)
    .where('appointments.status', '=', 'COMPLETED')
    .where('patients.date_of_birth', '=', patient.dateOfBirth)
    .where(sql<boolean>`lower(patients.last_name) = lower(${patient.lastName})`)
    .where((eb) =>
      eb.or([
        eb(sql`lower(patients.email)`, '=', patient.email.toLowerCase()),
        ...(digits.length > 0
          ? [eb(sql`regexp_replace(patients.contact_number, '[^0-9]', '', 'g')`, '=', digits)]
          : []),
      ]),
    )
    .execute();
  return rows.map(toResultRow);
}

/** The patient of the key's earliest appointment (a key's appointments share one patient). */
export async function patientOfKey(db: Db, bookingKey: string): Promise<PatientRow | undefined> {
  return db
    .selectFrom('appointments')
    .innerJoin('patients', 'patients.id', 'appointments.patient_id')
    .select([
      'patients.id',
      'patients.first_name as firstName',
      'patients.last_name as lastName',
      'patients.date_of_birth as dateOfBirth',
      'patients.email',
      'patients.contact_number as contactNumber',
    ])
    .where('appointments.booking_key', '=', bookingKey)
    .orderBy('appointments.starts_at')
    .limit(1)
    .executeTakeFirst();
}

/** Releases (or replaces) an appointment's report. */
export async function upsertResult(
  db: Db,
  result: {
    appointmentId: string;
    title: string;
    text: string;
    at: Date;
    by: string;
    accessionNumber?: string | undefined;
  },
): Promise<void> {
  await db
    .insertInto('appointment_results')
    .values({
      appointment_id: result.appointmentId,
      report_title: result.title,
      report_text: result.text,
      released_at: result.at,
      released_by: result.by,
      accession_number: result.accessionNumber ?? null,
    })
    .onConflict((oc) =>
      oc.column('appointment_id').doUpdateSet({
        report_title: result.title,
        report_text: result.text,
        released_at: result.at,
        released_by: result.by,
        ...(result.accessionNumber ? { accession_number: result.accessionNumber } : {}),
      }),
    )
    .execute();
}
