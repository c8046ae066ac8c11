import type { PatientDetails } from '@portal/contract';
import type { Db } from '../../db/database.ts';

export async function insertBookingKey(db: Db, key: string, now: Date, expiresAt: Date) {
  await db
    .insertInto('booking_keys')
    .values({ key, created_at: now, expires_at: expiresAt })
    .execute();
}

/** 'RESERVED' (usable), 'USED', or 'UNKNOWN' (no such key, or it expired). */
export async function bookingKeyState(
  db: Db,
  key: string,
  now: Date,
): Promise<'RESERVED' | 'USED' | 'UNKNOWN'> {
  const row = await db
    .selectFrom('booking_keys')
    .select(['status', 'expires_at'])
    .where('key', '=', key)
    .executeTakeFirst();
  if (!row) return 'UNKNOWN';
  if (row.status === 'USED') return 'USED';
  return new Date(row.expires_at) > now ? 'RESERVED' : 'UNKNOWN';
}

/**
 * The key's state, its row locked until the transaction ends (FOR NO KEY UPDATE: it waits
 * for another lock of the same kind and for the key being consumed, but not for rows that
 * merely reference the key). Work that must count what a key holds, like its documents,
 * does it under this lock so concurrent requests take turns.
 */
export async function lockBookingKey(
  db: Db,
  key: string,
  now: Date,
): Promise<'RESERVED' | 'USED' | 'UNKNOWN'> {
  const row = await db
    .selectFrom('booking_keys')
    .select(['status', 'expires_at'])
    .where('key', '=', key)
    .forNoKeyUpdate()
    .executeTakeFirst();
  if (!row) return 'UNKNOWN';
  if (row.status === 'USED') return 'USED';
  return new Date(row.expires_at) > now ? 'RESERVED' : 'UNKNOWN';
}

/**
 * Marks a reserved, unexpired key USED; the row lock makes a second
 * concurrent consumer wait and then see USED. Returns the state it found.
 */
export async function consumeBookingKey(
  db: Db,
  key: string,
  now: Date,
): Promise<'RESERVED' | 'USED' | 'UNKNOWN'> {
  const updated = await db
    .updateTable('booking_keys')
    .set({ status: 'USED', used_at: now })
    .where('key', '=', key)
    .where('status', '=', 'RESERVED')
    .where('expires_at', '>', now)
    .returning('key')
    .executeTakeFirst();
  if (updated) return 'RESERVED';
  return bookingKeyState(db, key, now);
}

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

export async function insertPatient(db: Db, details: PatientDetails): Promise<string> {
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
    })
    .returning('id')
    .executeTakeFirstOrThrow();
  return row.id;
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
