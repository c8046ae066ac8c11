import type { ColumnType, Generated } from 'kysely';

/** Migration 015: document types, which an exam needs, and attachments after booking. */
type Timestamp = ColumnType<Date, Date | string | undefined, Date | string>;

export interface DocumentTypesTable {
  id: Generated<number>;
  slug: string;
  title: string;
  description: Generated<string>;
}

export interface ExamDocumentTypesTable {
  exam_id: number;
  document_type_id: number;
  required: Generated<boolean>;
}

export interface AttachmentsTable {
  id: Generated<string>;
  booking_key: string;
  appointment_id: string | null;
  booking_request_id: string | null;
  document_type_id: number | null;
  file_name: string;
  content_type: string;
  size_bytes: number;
  storage_key: string;
  created_at: Timestamp;
  updated_at: Timestamp;
}

export interface AttachmentTables {
  document_types: DocumentTypesTable;
  exam_document_types: ExamDocumentTypesTable;
  attachments: AttachmentsTable;
}
