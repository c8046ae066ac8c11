import type { ColumnType, Generated } from 'kysely';

/** Migration 017: released results, shares of them and each access to a share. */
type Timestamp = ColumnType<Date, Date | string, Date | string>;
type NullableTimestamp = ColumnType<Date | null, Date | string | null, Date | string | null>;

export interface AppointmentResultsTable {
  appointment_id: string;
  report_title: string;
  /** Plain text, never HTML. */
  report_text: string;
  released_at: Timestamp;
  /** The provider system that released it (`provider:<name>`). */
  released_by: string;
  /** Migration 025: the PACS's accession number of the study (docs/product/images.md). */
  accession_number: ColumnType<string | null, string | null | undefined, string | null>;
}

export interface ResultSharesTable {
  id: Generated<string>;
  /** The patient's booking key the share was made under. */
  booking_key: string;
  patient_id: string;
  /** SHA-256 (hex) of the link's token: the token itself is never stored. */
  token_hash: string;
  type: 'RESULT' | 'HISTORY';
  appointment_id: string | null;
  contact_details: string;
  contact_details_type: 'EMAIL' | 'PHONE';
  contact_name: string | null;
  note: string | null;
  created_at: Timestamp;
  expires_at: Timestamp;
  revoked_at: NullableTimestamp;
  /** The last access notice sent to the patient (at most one per shareAccessNoticeMinutes). */
  last_notice_at: NullableTimestamp;
}

export interface ResultShareAccessesTable {
  id: Generated<string>;
  share_id: string;
  kind: 'SIGN_IN' | 'READ';
  occurred_at: Timestamp;
  client_address: string;
  user_agent: string | null;
}

export interface ResultsTables {
  appointment_results: AppointmentResultsTable;
  result_shares: ResultSharesTable;
  result_share_accesses: ResultShareAccessesTable;
}
