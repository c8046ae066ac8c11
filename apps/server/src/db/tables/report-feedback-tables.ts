import type { ColumnType, Generated } from 'kysely';

/** Migration 028: report-quality feedback (docs/product/images.md#report-quality-feedback). */
type Timestamp = ColumnType<Date, Date | string, never>;
/** jsonb: written as JSON text, read back parsed. */
type Json<T> = ColumnType<T, string, never>;

/** One referrer's answers about one report (its accession number is unique). Never updated. */
export interface ReportQualityFeedbackTable {
  id: Generated<string>;
  accession_number: string;
  questionnaire_id: string;
  questionnaire_version: number;
  result: Json<Record<string, unknown>>;
  /** The viewer link's audience, or STAFF for a single sign-on session. */
  given_by: 'REFERRER' | 'EXTERNAL' | 'STAFF';
  /** The viewer link's jti (REFERRER, EXTERNAL). */
  link_token_id: string | null;
  /** The staff session's subject (STAFF). */
  staff_subject: string | null;
  created_at: Timestamp;
}

export interface ReportFeedbackTables {
  report_quality_feedback: ReportQualityFeedbackTable;
}
