import {
  type BodyPart,
  type Exam,
  type ExamGroup,
  type Modality,
  nameWithModality,
  type WalkInExam,
} from '@portal/contract';
import { sql } from 'kysely';
import type { Db } from '../../db/database.ts';

export interface ExamFilter {
  modalitySlug?: string | undefined;
  bodyPart?: string | undefined;
  /** Words that must all appear in the exam or modality name. */
  words?: string[];
  clinicId?: number | undefined;
  walkIn?: boolean;
  bookingRequestOnly?: boolean;
  slug?: string;
}

export async function listModalities(db: Db): Promise<Modality[]> {
  return db
    .selectFrom('modalities')
    .select(['id', 'slug', 'code', 'name'])
    .orderBy('sort_order')
    .orderBy('name')
    .execute();
}

/** `%` and `_` are literal in a search word. */
const likePattern = (word: string) => `%${word.replace(/[\\%_]/g, (char) => `\\${char}`)}%`;

function examQuery(db: Db, filter: ExamFilter) {
  let query = db
    .selectFrom('exams')
    .innerJoin('modalities', 'modalities.id', 'exams.modality_id')
    .where('exams.active', '=', true);
  if (filter.slug !== undefined) query = query.where('exams.slug', '=', filter.slug);
  if (filter.modalitySlug !== undefined) {
    query = query.where('modalities.slug', '=', filter.modalitySlug);
  }
  if (filter.bodyPart !== undefined) {
    query = query.where(sql<boolean>`${filter.bodyPart} = ANY(exams.body_parts)`);
  }
  for (const word of filter.words ?? []) {
    query = query.where(
      sql<boolean>`(exams.name || ' ' || modalities.name) ILIKE ${likePattern(word)}`,
    );
  }
  if (filter.clinicId !== undefined) {
    const clinicId = filter.clinicId;
    query = query.where((eb) =>
      eb.exists(
        eb
          .selectFrom('clinic_exams')
          .select('clinic_exams.exam_id')
          .whereRef('clinic_exams.exam_id', '=', 'exams.id')
          .where('clinic_exams.clinic_id', '=', clinicId),
      ),
    );
  }
  if (filter.walkIn !== undefined) query = query.where('exams.walk_in', '=', filter.walkIn);
  if (filter.bookingRequestOnly !== undefined) {
    query = query.where('exams.booking_request_only', '=', filter.bookingRequestOnly);
  }
  return query.orderBy('exams.priority').orderBy('exams.name');
}

/** Active exams matching the filter, by priority then name. */
export async function listExams(db: Db, filter: ExamFilter): Promise<Exam[]> {
  const rows = await examQuery(db, filter)
    .select([
      'exams.slug',
      'exams.name',
      'exams.modality_id',
      'modalities.name as modality_name',
      'modalities.slug as modality_slug',
      'exams.priority',
      'exams.exam_code',
      'exams.notes',
      'exams.prep_instructions',
      'exams.preparation_steps',
      'exams.duration_minutes',
      'exams.walk_in',
      'exams.booking_request_only',
      'exams.show_booking_request_info_modal',
      'exams.body_parts',
    ])
    .execute();
  return rows.map((row) => ({
    slug: row.slug,
    name: row.name,
    nameWithModality: nameWithModality(row.name, row.modality_name),
    modalityId: row.modality_id,
    modalityName: row.modality_name,
    modalitySlug: row.modality_slug,
    priority: row.priority,
    examCode: row.exam_code,
    notes: row.notes,
    prepInstructions: row.prep_instructions,
    preparationSteps: row.preparation_steps,
    durationMinutes: row.duration_minutes,
    walkIn: row.walk_in,
    bookingRequestOnly: row.booking_request_only,
    showBookingRequestInfoModal: row.show_booking_request_info_modal,
    bodyParts: row.body_parts,
  }));
}

export async function listWalkInExams(db: Db): Promise<WalkInExam[]> {
  const rows = await examQuery(db, { walkIn: true })
    .select(['exams.slug', 'exams.name', 'exams.prep_time_minutes', 'exams.minutes_prior'])
    .execute();
  return rows.map((row) => ({
    slug: row.slug,
    name: row.name,
    prepTime: row.prep_time_minutes,
    minutesPrior: row.minutes_prior,
  }));
}

export async function findClinicId(db: Db, slug: string): Promise<number | undefined> {
  const row = await db
    .selectFrom('clinics')
    .where('slug', '=', slug)
    .where('active', '=', true)
    .select('id')
    .executeTakeFirst();
  return row?.id;
}

/** Exam groups with their active exams' slugs, by priority. */
export async function listExamGroups(db: Db): Promise<ExamGroup[]> {
  const groups = await db
    .selectFrom('exam_groups')
    .select(['id', 'slug', 'name'])
    .orderBy('sort_order')
    .orderBy('name')
    .execute();
  const members = await db
    .selectFrom('exam_group_exams')
    .innerJoin('exams', 'exams.id', 'exam_group_exams.exam_id')
    .where('exams.active', '=', true)
    .select(['exam_group_exams.exam_group_id', 'exams.slug'])
    .orderBy('exams.priority')
    .orderBy('exams.name')
    .execute();
  return groups.map((group) => ({
    slug: group.slug,
    name: group.name,
    examSlugs: members.filter((row) => row.exam_group_id === group.id).map((row) => row.slug),
  }));
}

/** The body figure's parts with the active exams that name them. */
export async function listBodyParts(db: Db): Promise<BodyPart[]> {
  const parts = await db
    .selectFrom('body_parts')
    .select(['slug', 'name', 'view'])
    .orderBy('sort_order')
    .orderBy('name')
    .execute();
  const exams = await db
    .selectFrom('exams')
    .where('active', '=', true)
    .select(['slug', 'body_parts'])
    .orderBy('priority')
    .orderBy('name')
    .execute();
  return parts.map((part) => ({
    ...part,
    examSlugs: exams.filter((exam) => exam.body_parts.includes(part.slug)).map((exam) => exam.slug),
  }));
}
