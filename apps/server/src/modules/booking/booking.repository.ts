import type { PatientDetails, SupportedLocale } from '@portal/contract';
import type { Db } from '../../db/database.ts';

/**
 * What booking looks up and writes besides its own nouns: exams and clinics as a booking names
 * them, the patient, and the referrals that follow a re-key.
 */
export interface ExamRow {
  id: number;
  slug: string;
  name: string;
  modalityName: string;
  bookingRequestOnly: boolean;
}

export function findExam(db: Db, slug: string): Promise<ExamRow | undefined> {
  return db
    .selectFrom('exams')
    .innerJoin('modalities', 'modalities.id', 'exams.modality_id')
    .where('exams.slug', '=', slug)
    .where('exams.active', '=', true)
    .select([
      'exams.id',
      'exams.slug',
      'exams.name',
      'modalities.name as modalityName',
      'exams.booking_request_only as bookingRequestOnly',
    ])
    .executeTakeFirst();
}

export interface ClinicRow {
  id: number;
  slug: string;
  name: string;
  timeZone: string;
}

export function findClinic(db: Db, slug: string): Promise<ClinicRow | undefined> {
  return db
    .selectFrom('clinics')
    .where('slug', '=', slug)
    .where('active', '=', true)
    .select(['id', 'slug', 'name', 'time_zone as timeZone'])
    .executeTakeFirst();
}

export async function clinicOffersExam(db: Db, clinicId: number, examId: number) {
  const row = await db
    .selectFrom('clinic_exams')
    .select('clinic_id')
    .where('clinic_id', '=', clinicId)
    .where('exam_id', '=', examId)
    .executeTakeFirst();
  return row !== undefined;
}

export async function insertPatient(
  db: Db,
  details: PatientDetails,
  locale: SupportedLocale | null,
): Promise<string> {
  const row = await db
    .insertInto('patients')
    .values({
      title: details.title ?? null,
      first_name: details.firstName,
      last_name: details.lastName,
      date_of_birth: details.dateOfBirth,
      sex: details.sex,
      email: details.email.trim(),
      contact_number: details.contactNumber,
      postal_code: details.postalCode,
      medicare_number: details.medicareNumber ?? null,
      locale,
    })
    .returning('id')
    .executeTakeFirstOrThrow();
  return row.id;
}

/**
 * The language a patient booked in, or null when their booking named none (migration 029) or
 * there is no such patient: what another module's message to them is written in, with the
 * provider's default for null (decision 035). Booking owns `patients`; others ask here.
 */
export async function patientLocale(db: Db, patientId: string): Promise<SupportedLocale | null> {
  const row = await db
    .selectFrom('patients')
    .select('locale')
    .where('id', '=', patientId)
    .executeTakeFirst();
  return row?.locale ?? null;
}

/** Moves temporary documents from one key to another; returns the moved ids. */
export async function moveTemporaryDocuments(db: Db, from: string, to: string): Promise<string[]> {
  const rows = await db
    .updateTable('temporary_documents')
    .set({ booking_key: to })
    .where('booking_key', '=', from)
    .returning('id')
    .execute();
  return rows.map((row) => row.id);
}
