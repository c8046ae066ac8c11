import type { ColumnType, Generated } from 'kysely';

/**
 * Tables added for consent forms (migration 018-consent-forms).
 * `Database` in ../database.ts extends this interface.
 */
type CreatedAt = ColumnType<Date, Date | string | undefined, never>;
/** jsonb: written as JSON text, read back parsed. */
type Json<T> = ColumnType<T, string, never>;

export interface ConsentFormsTable {
  id: Generated<string>;
  slug: string;
  current_version: number;
  sort_order: Generated<number>;
  active: Generated<boolean>;
  /** Who needs the form: current configuration, not versioned (it is not what was signed). */
  general: Generated<boolean>;
  exam_slugs: ColumnType<string[], string[] | undefined, string[]>;
  modality_slugs: ColumnType<string[], string[] | undefined, string[]>;
  notify_patient: Generated<boolean>;
  created_at: CreatedAt;
  updated_at: ColumnType<Date, Date | string | undefined, Date | string>;
}

/** Immutable (a trigger refuses UPDATE and DELETE): the text a patient read and signed. */
export interface ConsentFormVersionsTable {
  consent_form_id: string;
  version: number;
  title: string;
  /** The survey question that holds the signer's typed full name, when the form asks for one. */
  signer_name_question: string | null;
  survey: Json<Record<string, unknown>>;
  /** SHA-256 of the canonical JSON of { title, signerNameQuestion, survey }. */
  definition_hash: string;
  created_at: CreatedAt;
}

/** Immutable. Never logged: `answers` and `signer_name` are patient data. */
export interface ConsentFormSignaturesTable {
  id: Generated<string>;
  booking_key: string;
  appointment_id: string;
  patient_id: string;
  consent_form_id: string;
  consent_form_version: number;
  definition_hash: string;
  answers: Json<Record<string, unknown>>;
  signer_name: string | null;
  authentication_type: string;
  otp_verified: boolean;
  session_id: string;
  client_address: string | null;
  user_agent: string | null;
  signed_at: ColumnType<Date, Date | string, never>;
  signature_hash: string;
}

export interface ConsentFormTables {
  consent_forms: ConsentFormsTable;
  consent_form_versions: ConsentFormVersionsTable;
  consent_form_signatures: ConsentFormSignaturesTable;
}
