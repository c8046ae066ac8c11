import type { Db } from '../../db/database.ts';

export interface TemporaryDocumentRow {
  id: string;
  bookingKey: string;
  examSlug: string | null;
  groupName: string | null;
  fileName: string;
  contentType: string;
  size: number;
  storageKey: string;
  /** The document type it was uploaded as (migration 015), if any. */
  documentTypeId: number | null;
}

const columns = [
  'id',
  'booking_key as bookingKey',
  'exam_slug as examSlug',
  'group_name as groupName',
  'file_name as fileName',
  'content_type as contentType',
  'size_bytes as size',
  'storage_key as storageKey',
  'document_type_id as documentTypeId',
] as const;

export function insertTemporaryDocument(
  db: Db,
  document: Omit<TemporaryDocumentRow, 'id'>,
  now: Date,
): Promise<TemporaryDocumentRow> {
  return db
    .insertInto('temporary_documents')
    .values({
      booking_key: document.bookingKey,
      exam_slug: document.examSlug,
      group_name: document.groupName,
      file_name: document.fileName,
      content_type: document.contentType,
      size_bytes: document.size,
      storage_key: document.storageKey,
      document_type_id: document.documentTypeId,
      created_at: now,
    })
    .returning(columns)
    .executeTakeFirstOrThrow();
}

export function findTemporaryDocument(
  db: Db,
  bookingKey: string,
  id: string,
): Promise<TemporaryDocumentRow | undefined> {
  return db
    .selectFrom('temporary_documents')
    .select(columns)
    .where('booking_key', '=', bookingKey)
    .where('id', '=', id)
    .executeTakeFirst();
}

export async function deleteTemporaryDocument(db: Db, id: string): Promise<void> {
  await db.deleteFrom('temporary_documents').where('id', '=', id).execute();
}

export async function countTemporaryDocuments(db: Db, bookingKey: string): Promise<number> {
  const row = await db
    .selectFrom('temporary_documents')
    .select((eb) => eb.fn.countAll<string>().as('count'))
    .where('booking_key', '=', bookingKey)
    .executeTakeFirstOrThrow();
  return Number(row.count);
}

/**
 * Takes every temporary document of a key away from it (the rows go, the stored bytes stay) and
 * answers them, for the caller to keep elsewhere in the same transaction: attachments' import.
 */
export function takeTemporaryDocuments(
  db: Db,
  bookingKey: string,
): Promise<TemporaryDocumentRow[]> {
  return db
    .deleteFrom('temporary_documents')
    .where('booking_key', '=', bookingKey)
    .returning(columns)
    .execute();
}

/** Whether a database error is a foreign key pointing at nothing (PostgreSQL and PGlite). */
export const isForeignKeyViolation = (error: unknown): boolean =>
  typeof error === 'object' && error !== null && (error as { code?: unknown }).code === '23503';
