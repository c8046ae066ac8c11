import type { ColumnType, Generated } from 'kysely';

/**
 * Tables added for questionnaires (migration 006-questionnaires).
 * `Database` in ../database.ts extends this interface.
 */
type CreatedAt = ColumnType<Date, Date | string | undefined, never>;
type NullableTimestamp = ColumnType<Date | null, Date | string | null, Date | string | null>;
/** jsonb: written as JSON text, read back parsed. */
type Json<T> = ColumnType<T, string, string>;

export interface QuestionnairesTable {
  id: Generated<string>;
  slug: string;
  current_version: number;
  sort_order: Generated<number>;
  active: Generated<boolean>;
  /** Who it is asked of (migration 028): PATIENT, or REFERRER for report-quality feedback. */
  audience: Generated<'PATIENT' | 'REFERRER'>;
  created_at: CreatedAt;
  updated_at: ColumnType<Date, Date | string | undefined, Date | string>;
}

export interface QuestionnaireVersionsTable {
  questionnaire_id: string;
  version: number;
  type: string;
  title: string;
  modal_size: 'SM' | 'MD' | 'LG' | 'XL';
  show_closing_confirmation: boolean;
  general: boolean;
  /** Appointment creation is refused while this booking-flow questionnaire is unanswered. */
  required_before_booking: boolean;
  exam_slugs: string[];
  modality_slugs: string[];
  /** SurveyJS JSON as the browser sees it (no outcome rules). */
  survey: Json<Record<string, unknown>>;
  outcome_rules: Json<unknown[]>;
  /** SHA-256 of the definition as configured: a change bumps the version. */
  content_hash: string;
  created_at: CreatedAt;
}

/** Never logged: `result` is a patient's answers. */
export interface QuestionnaireAnswersTable {
  id: Generated<string>;
  seq: Generated<string>;
  booking_key: string;
  appointment_id: string | null;
  booking_request_id: string | null;
  questionnaire_id: string;
  questionnaire_version: number;
  exam_slugs: string[];
  result: Json<Record<string, unknown>>;
  created_at: CreatedAt;
}

export interface QuestionnaireExamChangesTable {
  id: Generated<string>;
  booking_key: string;
  old_slug: string;
  oldest_slug: string;
  new_slug: string;
  created_at: CreatedAt;
}

export interface BookingRequestApiKeysTable {
  api_key: string;
  booking_key: string;
  confirmation_message: string | null;
  booking_request_id: string | null;
  created_at: CreatedAt;
  used_at: NullableTimestamp;
}

export interface QuestionnaireTables {
  questionnaires: QuestionnairesTable;
  questionnaire_versions: QuestionnaireVersionsTable;
  questionnaire_answers: QuestionnaireAnswersTable;
  questionnaire_exam_changes: QuestionnaireExamChangesTable;
  booking_request_api_keys: BookingRequestApiKeysTable;
}
