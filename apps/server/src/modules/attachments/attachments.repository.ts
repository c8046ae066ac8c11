import type { Db } from '../../db/database.ts';

/** An attachment as the service reads it: its type, and the appointment's exam when it has one. */
export interface AttachmentRecord {
  id: string;
  bookingKey: string;
  appointmentId: string | null;
  bookingRequestId: string | null;
  fileName: string;
  contentType: string;
  size: number;
  storageKey: string;
  createdAt: Date;
  updatedAt: Date;
  documentType: { id: number; slug: string; title: string; description: string } | null;
}

export interface NewAttachment {
  bookingKey: string;
  appointmentId: string | null;
  bookingRequestId: string | null;
  documentTypeId: number | null;
  fileName: string;
  contentType: string;
  size: number;
  storageKey: string;
}

/** What an exam needs: one row per document type linked to it. */
export interface ExamDocumentTypeRecord {
  examSlug: string;
  documentTypeId: number;
  slug: string;
  title: string;
  description: string;
  required: boolean;
}

const selectAttachments = (db: Db) =>
  db
    .selectFrom('attachments')
    .leftJoin('document_types', 'document_types.id', 'attachments.document_type_id')
    .select([
      'attachments.id',
      'attachments.booking_key as bookingKey',
      'attachments.appointment_id as appointmentId',
      'attachments.booking_request_id as bookingRequestId',
      'attachments.file_name as fileName',
      'attachments.content_type as contentType',
      'attachments.size_bytes as size',
      'attachments.storage_key as storageKey',
      'attachments.created_at as createdAt',
      'attachments.updated_at as updatedAt',
      'document_types.id as typeId',
      'document_types.slug as typeSlug',
      'document_types.title as typeTitle',
      'document_types.description as typeDescription',
    ]);

type SelectedRow = Awaited<ReturnType<ReturnType<typeof selectAttachments>['execute']>>[number];

const toRecord = (row: SelectedRow): AttachmentRecord => ({
  id: row.id,
  bookingKey: row.bookingKey,
  appointmentId: row.appointmentId,
  bookingRequestId: row.bookingRequestId,
  fileName: row.fileName,
  contentType: row.contentType,
  size: row.size,
  storageKey: row.storageKey,
  createdAt: new Date(row.createdAt),
  updatedAt: new Date(row.updatedAt),
  documentType:
    row.typeId === null
      ? null
      : {
          id: row.typeId,
          slug: row.typeSlug ?? '',
          title: row.typeTitle ?? '',
          description: row.typeDescription ?? '',
        },
});

/** Every attachment of a booking key, oldest first. */
export async function listAttachmentsOfKey(
  db: Db,
  bookingKey: string,
): Promise<AttachmentRecord[]> {
  const rows = await selectAttachments(db)
    .where('attachments.booking_key', '=', bookingKey)
    .orderBy('attachments.created_at')
    .orderBy('attachments.id')
    .execute();
  return rows.map(toRecord);
}

/** One attachment by its id, whatever its key (the provider's reads). */
export async function findAttachmentById(
  db: Db,
  id: string,
): Promise<AttachmentRecord | undefined> {
  const row = await selectAttachments(db).where('attachments.id', '=', id).executeTakeFirst();
  return row && toRecord(row);
}

/** One attachment of this key; undefined for another key's (or none), locked when asked. */
export async function findAttachmentOfKey(
  db: Db,
  bookingKey: string,
  id: string,
  options: { lock?: boolean } = {},
): Promise<AttachmentRecord | undefined> {
  let query = selectAttachments(db)
    .where('attachments.booking_key', '=', bookingKey)
    .where('attachments.id', '=', id);
  if (options.lock) query = query.forUpdate('attachments');
  const row = await query.executeTakeFirst();
  return row && toRecord(row);
}

export async function countAttachmentsOfKey(db: Db, bookingKey: string): Promise<number> {
  const row = await db
    .selectFrom('attachments')
    .select((eb) => eb.fn.countAll<string>().as('count'))
    .where('booking_key', '=', bookingKey)
    .executeTakeFirstOrThrow();
  return Number(row.count);
}

export async function insertAttachment(
  db: Db,
  attachment: NewAttachment,
  now: Date,
): Promise<string> {
  const row = await db
    .insertInto('attachments')
    .values({
      booking_key: attachment.bookingKey,
      appointment_id: attachment.appointmentId,
      booking_request_id: attachment.bookingRequestId,
      document_type_id: attachment.documentTypeId,
      file_name: attachment.fileName,
      content_type: attachment.contentType,
      size_bytes: attachment.size,
      storage_key: attachment.storageKey,
      created_at: now,
      updated_at: now,
    })
    .returning('id')
    .executeTakeFirstOrThrow();
  return row.id;
}

/** New bytes for an attachment (its type and booking stay). */
export async function replaceAttachmentFile(
  db: Db,
  id: string,
  file: { fileName: string; contentType: string; size: number; storageKey: string },
  now: Date,
): Promise<void> {
  await db
    .updateTable('attachments')
    .set({
      file_name: file.fileName,
      content_type: file.contentType,
      size_bytes: file.size,
      storage_key: file.storageKey,
      updated_at: now,
    })
    .where('id', '=', id)
    .execute();
}

export async function deleteAttachment(db: Db, id: string): Promise<void> {
  await db.deleteFrom('attachments').where('id', '=', id).execute();
}

/** The document types the given exams need, by exam slug. */
export async function examDocumentTypes(
  db: Db,
  examSlugs: readonly string[],
): Promise<ExamDocumentTypeRecord[]> {
  if (examSlugs.length === 0) return [];
  return db
    .selectFrom('exam_document_types')
    .innerJoin('exams', 'exams.id', 'exam_document_types.exam_id')
    .innerJoin('document_types', 'document_types.id', 'exam_document_types.document_type_id')
    .select([
      'exams.slug as examSlug',
      'document_types.id as documentTypeId',
      'document_types.slug',
      'document_types.title',
      'document_types.description',
      'exam_document_types.required',
    ])
    .where('exams.slug', 'in', [...examSlugs])
    .orderBy('exam_document_types.required', 'desc')
    .orderBy('document_types.id')
    .execute();
}

/** The id of a document type by its slug (the referral's: 'referral'), if there is one. */
export async function documentTypeIdOf(db: Db, slug: string): Promise<number | null> {
  const row = await db
    .selectFrom('document_types')
    .select('id')
    .where('slug', '=', slug)
    .executeTakeFirst();
  return row?.id ?? null;
}

/** The exams of a slug list that exist (a changed request's exams), with their names. */
export async function examsBySlug(
  db: Db,
  slugs: readonly string[],
): Promise<Array<{ slug: string; name: string }>> {
  if (slugs.length === 0) return [];
  return db
    .selectFrom('exams')
    .select(['slug', 'name'])
    .where('slug', 'in', [...slugs])
    .execute();
}
