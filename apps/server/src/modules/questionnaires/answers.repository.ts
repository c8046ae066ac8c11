import { sql } from 'kysely';
import type { Db } from '../../db/database.ts';
import { type WriteCondition, writeCondition } from '../../db/statement-parts.ts';

/** What a booking key has answered: answers, the exam changes they caused, its api key. */

export interface AnswerRow {
  id: string;
  questionnaireId: string;
  questionnaireVersion: number;
  appointmentId: string | null;
  bookingRequestId: string | null;
  examSlugs: string[];
  result: Record<string, unknown>;
  createdAt: Date;
}

/** This booking key has no stored answers (a statement booking without reading them writes under it). */
export function noStoredAnswers(bookingKey: string): WriteCondition {
  return writeCondition(
    sql<boolean>`NOT EXISTS (SELECT 1 FROM questionnaire_answers WHERE booking_key = ${bookingKey})`,
  );
}

/**
 * The latest answer to each questionnaire under a booking key, per
 * appointment / booking request (answering again replaces the earlier answer).
 */

export async function latestAnswers(db: Db, bookingKey: string): Promise<AnswerRow[]> {
  const rows = await db
    .selectFrom('questionnaire_answers')
    .where('booking_key', '=', bookingKey)
    .select([
      'id',
      'questionnaire_id as questionnaireId',
      'questionnaire_version as questionnaireVersion',
      'appointment_id as appointmentId',
      'booking_request_id as bookingRequestId',
      'exam_slugs as examSlugs',
      'result',
      'created_at as createdAt',
    ])
    .orderBy('seq', 'desc')
    .execute();
  const seen = new Set<string>();
  const latest: AnswerRow[] = [];
  for (const row of rows) {
    const scope = `${row.questionnaireId}/${row.appointmentId}/${row.bookingRequestId}`;
    if (seen.has(scope)) continue;
    seen.add(scope);
    latest.push(row);
  }
  return latest.reverse();
}

export async function insertAnswer(
  db: Db,
  input: {
    bookingKey: string;
    appointmentId: string | null;
    bookingRequestId: string | null;
    questionnaireId: string;
    questionnaireVersion: number;
    examSlugs: string[];
    result: Record<string, unknown>;
  },
  now: Date,
): Promise<AnswerRow> {
  const row = await db
    .insertInto('questionnaire_answers')
    .values({
      booking_key: input.bookingKey,
      appointment_id: input.appointmentId,
      booking_request_id: input.bookingRequestId,
      questionnaire_id: input.questionnaireId,
      questionnaire_version: input.questionnaireVersion,
      exam_slugs: input.examSlugs,
      result: JSON.stringify(input.result),
      created_at: now,
    })
    .returning(['id', 'created_at as createdAt'])
    .executeTakeFirstOrThrow();
  return { ...input, id: row.id, createdAt: row.createdAt };
}

/**
 * Re-key: temporary answers (no appointment or booking request yet), the
 * exam changes and an unused booking-request api key follow the booking to
 * its new key. Returns how many answers moved.
 */
export async function moveTemporaryAnswers(db: Db, from: string, to: string): Promise<number> {
  const moved = await db
    .updateTable('questionnaire_answers')
    .set({ booking_key: to })
    .where('booking_key', '=', from)
    .where('appointment_id', 'is', null)
    .where('booking_request_id', 'is', null)
    .returning('id')
    .execute();
  await db
    .updateTable('questionnaire_exam_changes')
    .set({ booking_key: to })
    .where('booking_key', '=', from)
    .where(({ not, exists, selectFrom }) =>
      not(
        exists(
          selectFrom('questionnaire_exam_changes as other')
            .select('other.id')
            .where('other.booking_key', '=', to),
        ),
      ),
    )
    .execute();
  await db
    .updateTable('booking_request_api_keys')
    .set({ booking_key: to })
    .where('booking_key', '=', from)
    .where('used_at', 'is', null)
    .where(({ not, exists, selectFrom }) =>
      not(
        exists(
          selectFrom('booking_request_api_keys as other')
            .select('other.api_key')
            .where('other.booking_key', '=', to),
        ),
      ),
    )
    .execute();
  return moved.length;
}

export interface ExamChangeRow {
  oldSlug: string;
  oldestSlug: string;
  newSlug: string;
}

export function listExamChanges(db: Db, bookingKey: string): Promise<ExamChangeRow[]> {
  return db
    .selectFrom('questionnaire_exam_changes')
    .where('booking_key', '=', bookingKey)
    .select(['old_slug as oldSlug', 'oldest_slug as oldestSlug', 'new_slug as newSlug'])
    .orderBy('created_at')
    .execute();
}

/** Records the change once per (key, old exam); returns the stored one. */
export async function recordExamChange(
  db: Db,
  bookingKey: string,
  change: ExamChangeRow,
  now: Date,
): Promise<ExamChangeRow> {
  await db
    .insertInto('questionnaire_exam_changes')
    .values({
      booking_key: bookingKey,
      old_slug: change.oldSlug,
      oldest_slug: change.oldestSlug,
      new_slug: change.newSlug,
      created_at: now,
    })
    .onConflict((oc) => oc.columns(['booking_key', 'old_slug']).doNothing())
    .execute();
  return db
    .selectFrom('questionnaire_exam_changes')
    .where('booking_key', '=', bookingKey)
    .where('old_slug', '=', change.oldSlug)
    .select(['old_slug as oldSlug', 'oldest_slug as oldestSlug', 'new_slug as newSlug'])
    .executeTakeFirstOrThrow();
}

/** The key's booking-request api key, created with `candidate` if it has none. */
export async function ensureApiKey(
  db: Db,
  bookingKey: string,
  candidate: string,
  confirmationMessage: string | null,
  now: Date,
): Promise<string> {
  await db
    .insertInto('booking_request_api_keys')
    .values({
      api_key: candidate,
      booking_key: bookingKey,
      confirmation_message: confirmationMessage,
      created_at: now,
    })
    .onConflict((oc) => oc.column('booking_key').doNothing())
    .execute();
  const row = await db
    .selectFrom('booking_request_api_keys')
    .where('booking_key', '=', bookingKey)
    .select('api_key')
    .executeTakeFirstOrThrow();
  return row.api_key;
}

export function findApiKey(db: Db, bookingKey: string) {
  return db
    .selectFrom('booking_request_api_keys')
    .where('booking_key', '=', bookingKey)
    .select([
      'api_key as apiKey',
      'confirmation_message as confirmationMessage',
      'used_at as usedAt',
    ])
    .executeTakeFirst();
}

export async function markApiKeyUsed(
  db: Db,
  apiKey: string,
  bookingRequestId: string,
  now: Date,
): Promise<boolean> {
  const row = await db
    .updateTable('booking_request_api_keys')
    .set({ used_at: now, booking_request_id: bookingRequestId })
    .where('api_key', '=', apiKey)
    .where('used_at', 'is', null)
    .returning('api_key')
    .executeTakeFirst();
  return row !== undefined;
}

/**
 * The patient an appointment key names, for the language of the answers document: the
 * locale itself is the booking module's to read (patientLocale, decision 035).
 */
export async function appointmentPatientOfKey(
  db: Db,
  bookingKey: string,
): Promise<string | undefined> {
  const row = await db
    .selectFrom('appointments')
    .select('patient_id')
    .where('booking_key', '=', bookingKey)
    .orderBy('starts_at')
    .executeTakeFirst();
  return row?.patient_id ?? undefined;
}
