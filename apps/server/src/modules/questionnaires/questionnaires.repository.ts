import type { ModalSize, QuestionnaireAudience, QuestionnaireType } from '@portal/contract';
import { sql } from 'kysely';
import type { Db } from '../../db/database.ts';
import type { OutcomeRule, SurveyConfig } from './questionnaire-config.ts';

/** One version of a definition, as stored. */
export interface DefinitionRow {
  id: string;
  slug: string;
  version: number;
  currentVersion: number;
  active: boolean;
  sortOrder: number;
  audience: QuestionnaireAudience;
  type: QuestionnaireType;
  title: string;
  modalSize: ModalSize;
  showClosingConfirmation: boolean;
  general: boolean;
  requiredBeforeBooking: boolean;
  examSlugs: string[];
  modalitySlugs: string[];
  survey: SurveyConfig;
  outcomeRules: OutcomeRule[];
  contentHash: string;
}

function definitionQuery(db: Db) {
  return db
    .selectFrom('questionnaires as q')
    .innerJoin('questionnaire_versions as v', 'v.questionnaire_id', 'q.id')
    .select([
      'q.id',
      'q.slug',
      'v.version',
      'q.current_version as currentVersion',
      'q.active',
      'q.sort_order as sortOrder',
      'q.audience',
      'v.type',
      'v.title',
      'v.modal_size as modalSize',
      'v.show_closing_confirmation as showClosingConfirmation',
      'v.general',
      'v.required_before_booking as requiredBeforeBooking',
      'v.exam_slugs as examSlugs',
      'v.modality_slugs as modalitySlugs',
      'v.survey',
      'v.outcome_rules as outcomeRules',
      'v.content_hash as contentHash',
    ]);
}

const asDefinition = (row: Record<string, unknown>) => row as unknown as DefinitionRow;

/**
 * Active definitions at their current version, in asking order, of one audience: patients'
 * by default, so no listing for patients (booking flow, appointments, kiosk) ever sees one
 * meant for referrers (decision 033).
 */
export async function listCurrentDefinitions(
  db: Db,
  audience: QuestionnaireAudience = 'PATIENT',
): Promise<DefinitionRow[]> {
  const rows = await definitionQuery(db)
    .whereRef('v.version', '=', 'q.current_version')
    .where('q.active', '=', true)
    .where('q.audience', '=', audience)
    .orderBy('q.sort_order')
    .orderBy('v.title')
    .execute();
  return rows.map(asDefinition);
}

/** Every definition's current version, active or not (for the start-up sync). */
export async function listAllCurrentDefinitions(db: Db): Promise<DefinitionRow[]> {
  const rows = await definitionQuery(db).whereRef('v.version', '=', 'q.current_version').execute();
  return rows.map(asDefinition);
}

export async function findVersions(
  db: Db,
  keys: ReadonlyArray<{ id: string; version: number }>,
): Promise<DefinitionRow[]> {
  if (keys.length === 0) return [];
  const rows = await definitionQuery(db)
    .where((eb) =>
      eb.or(
        keys.map((key) => eb.and([eb('q.id', '=', key.id), eb('v.version', '=', key.version)])),
      ),
    )
    .execute();
  return rows.map(asDefinition);
}

export interface NewVersion {
  slug: string;
  sortOrder: number;
  audience: QuestionnaireAudience;
  type: QuestionnaireType;
  title: string;
  modalSize: ModalSize;
  showClosingConfirmation: boolean;
  general: boolean;
  requiredBeforeBooking: boolean;
  examSlugs: string[];
  modalitySlugs: string[];
  survey: SurveyConfig;
  outcomeRules: OutcomeRule[];
  contentHash: string;
}

export async function insertQuestionnaire(db: Db, input: NewVersion, now: Date): Promise<string> {
  const row = await db
    .insertInto('questionnaires')
    .values({
      slug: input.slug,
      current_version: 1,
      sort_order: input.sortOrder,
      audience: input.audience,
      created_at: now,
      updated_at: now,
    })
    .returning('id')
    .executeTakeFirstOrThrow();
  await insertVersion(db, row.id, 1, input, now);
  return row.id;
}

export async function insertVersion(
  db: Db,
  questionnaireId: string,
  version: number,
  input: NewVersion,
  now: Date,
): Promise<void> {
  await db
    .insertInto('questionnaire_versions')
    .values({
      questionnaire_id: questionnaireId,
      version,
      type: input.type,
      title: input.title,
      modal_size: input.modalSize,
      show_closing_confirmation: input.showClosingConfirmation,
      general: input.general,
      required_before_booking: input.requiredBeforeBooking,
      exam_slugs: input.examSlugs,
      modality_slugs: input.modalitySlugs,
      survey: JSON.stringify(input.survey),
      outcome_rules: JSON.stringify(input.outcomeRules),
      content_hash: input.contentHash,
      created_at: now,
    })
    .execute();
}

export async function updateQuestionnaire(
  db: Db,
  id: string,
  set: {
    currentVersion: number;
    sortOrder: number;
    audience: QuestionnaireAudience;
    active: boolean;
  },
  now: Date,
): Promise<void> {
  await db
    .updateTable('questionnaires')
    .set({
      current_version: set.currentVersion,
      sort_order: set.sortOrder,
      audience: set.audience,
      active: set.active,
      updated_at: now,
    })
    .where('id', '=', id)
    .execute();
}

/** Exam slug -> its modality's slug and id, for active exams. */
export async function examModalities(
  db: Db,
  examSlugs: readonly string[],
): Promise<Map<string, { modalitySlug: string; modalityId: number }>> {
  if (examSlugs.length === 0) return new Map();
  const rows = await db
    .selectFrom('exams')
    .innerJoin('modalities', 'modalities.id', 'exams.modality_id')
    .where('exams.slug', 'in', [...examSlugs])
    .where('exams.active', '=', true)
    .select(['exams.slug', 'modalities.slug as modalitySlug', 'modalities.id as modalityId'])
    .execute();
  return new Map(rows.map((row) => [row.slug, row]));
}

/** The time zones of the active clinics that perform any of these exams. */
export async function clinicTimeZones(db: Db, examSlugs: readonly string[]): Promise<string[]> {
  if (examSlugs.length === 0) return [];
  const rows = await db
    .selectFrom('clinics')
    .innerJoin('clinic_exams', 'clinic_exams.clinic_id', 'clinics.id')
    .innerJoin('exams', 'exams.id', 'clinic_exams.exam_id')
    .where('exams.slug', 'in', [...examSlugs])
    .where('clinics.active', '=', true)
    .select('clinics.time_zone')
    .distinct()
    .execute();
  return rows.map((row) => row.time_zone);
}

export async function modalityIds(db: Db): Promise<Map<string, number>> {
  const rows = await db.selectFrom('modalities').select(['slug', 'id']).execute();
  return new Map(rows.map((row) => [row.slug, row.id]));
}

/** Serialises the start-up sync between instances starting together. */
export async function lockDefinitions(db: Db): Promise<void> {
  await sql`LOCK TABLE questionnaires IN SHARE ROW EXCLUSIVE MODE`.execute(db);
}

// A key's answers, exam changes and api key live in answers.repository.ts; one namespace for both.
export * from './answers.repository.ts';
