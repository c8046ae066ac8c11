import { type Db, storeTransaction } from '../../db/database.ts';
import { type AuditEvent, insertAuditEvent } from '../audit/index.ts';
import {
  type AppointmentOfKey,
  type BookingKeyState,
  type BookingRequestOfKey,
  findBookingRequestOfKey,
  listAppointmentsOfKey,
  lockBookingKey,
} from '../booking/index.ts';
import {
  countTemporaryDocuments,
  type TemporaryDocument,
  takeTemporaryDocuments,
} from '../documents/index.ts';
import * as repository from './attachments.repository.ts';

/**
 * What the attachments service needs from storage, bound to the database or one open
 * transaction (ARCHITECTURE.md, "Dependencies"): its own tables, booking's appointments and
 * request of a key, the documents uploaded while booking, and the audit trail.
 */
export interface AttachmentStore {
  transaction<T>(work: (tx: AttachmentStore) => Promise<T>): Promise<T>;
  listAttachments(bookingKey: string): Promise<repository.AttachmentRecord[]>;
  findAttachment(
    bookingKey: string,
    id: string,
    options?: { lock?: boolean },
  ): Promise<repository.AttachmentRecord | undefined>;
  findAttachmentById(id: string): Promise<repository.AttachmentRecord | undefined>;
  countAttachments(bookingKey: string): Promise<number>;
  insertAttachment(attachment: repository.NewAttachment, now: Date): Promise<string>;
  replaceAttachmentFile(
    id: string,
    file: Parameters<typeof repository.replaceAttachmentFile>[2],
    now: Date,
  ): Promise<void>;
  deleteAttachment(id: string): Promise<void>;
  examDocumentTypes(examSlugs: readonly string[]): Promise<repository.ExamDocumentTypeRecord[]>;
  examsBySlug(slugs: readonly string[]): Promise<Array<{ slug: string; name: string }>>;
  documentTypeIdOf(slug: string): Promise<number | null>;
  appointmentsOfKey(bookingKey: string): Promise<AppointmentOfKey[]>;
  bookingRequestOfKey(bookingKey: string): Promise<BookingRequestOfKey | undefined>;
  /** The key's row locked until the transaction ends (uploads to one key take turns). */
  lockBookingKey(bookingKey: string, now: Date): Promise<BookingKeyState>;
  countTemporaryDocuments(bookingKey: string): Promise<number>;
  takeTemporaryDocuments(bookingKey: string): Promise<TemporaryDocument[]>;
  insertAuditEvent(event: AuditEvent, now: Date): Promise<void>;
}

export function createAttachmentStore(db: Db): AttachmentStore {
  return {
    transaction: (work) => storeTransaction(db, createAttachmentStore, work),
    listAttachments: (bookingKey) => repository.listAttachmentsOfKey(db, bookingKey),
    findAttachment: (bookingKey, id, options) =>
      repository.findAttachmentOfKey(db, bookingKey, id, options),
    findAttachmentById: (id) => repository.findAttachmentById(db, id),
    countAttachments: (bookingKey) => repository.countAttachmentsOfKey(db, bookingKey),
    insertAttachment: (attachment, now) => repository.insertAttachment(db, attachment, now),
    replaceAttachmentFile: (id, file, now) => repository.replaceAttachmentFile(db, id, file, now),
    deleteAttachment: (id) => repository.deleteAttachment(db, id),
    examDocumentTypes: (examSlugs) => repository.examDocumentTypes(db, examSlugs),
    examsBySlug: (slugs) => repository.examsBySlug(db, slugs),
    documentTypeIdOf: (slug) => repository.documentTypeIdOf(db, slug),
    appointmentsOfKey: (bookingKey) => listAppointmentsOfKey(db, bookingKey),
    bookingRequestOfKey: (bookingKey) => findBookingRequestOfKey(db, bookingKey),
    lockBookingKey: (bookingKey, now) => lockBookingKey(db, bookingKey, now),
    countTemporaryDocuments: (bookingKey) => countTemporaryDocuments(db, bookingKey),
    takeTemporaryDocuments: (bookingKey) => takeTemporaryDocuments(db, bookingKey),
    insertAuditEvent: (event, now) => insertAuditEvent(db, event, now),
  };
}
