import { type Db, storeTransaction } from '../../db/database.ts';
import { examDocumentTypes, listAttachmentsOfKey } from '../attachments/index.ts';
import { type AuditEvent, insertAuditEvent } from '../audit/index.ts';
import {
  type NewOutboxMessage,
  queueOutboxMessages,
  requeueFailedMessage,
} from '../notifications/index.ts';
import * as repository from './check-in.repository.ts';

/** What an exam requires and what the appointment has (the attachments module's words). */
export interface AppointmentDocuments {
  required: Array<{ documentTypeId: number; slug: string }>;
  uploadedTypeIds: number[];
}

/**
 * What check-in needs from storage, bound to the database or to one open transaction
 * (ARCHITECTURE.md, "Dependencies").
 */
export interface CheckInStore {
  transaction<T>(work: (tx: CheckInStore) => Promise<T>): Promise<T>;
  findAppointmentOfKey(
    bookingKey: string,
    appointmentId: string,
    lock?: boolean,
  ): Promise<repository.CheckInAppointment | undefined>;
  checkInOfAppointment(appointmentId: string): Promise<repository.CheckInRecordRow | undefined>;
  checkInById(id: string): Promise<repository.CheckInRecordRow | undefined>;
  latestMedicareNumberOfKey(bookingKey: string): Promise<string | null>;
  insertCheckIn(checkIn: repository.NewCheckIn): Promise<repository.CheckInRecordRow | undefined>;
  markQueuedAgain(id: string): Promise<boolean>;
  acknowledge(id: string, now: Date, by: string): Promise<boolean>;
  listCheckIns(
    filter: Parameters<typeof repository.listCheckIns>[1],
  ): Promise<repository.CheckInRecordRow[]>;
  documentsOf(
    bookingKey: string,
    appointmentId: string,
    examSlug: string,
  ): Promise<AppointmentDocuments>;
  queueMessage(message: NewOutboxMessage, now: Date): Promise<string>;
  requeueFailedMessage(messageId: string, now: Date): Promise<boolean>;
  insertAuditEvent(event: AuditEvent, now: Date): Promise<void>;
}

export function createCheckInStore(db: Db): CheckInStore {
  return {
    transaction: (work) => storeTransaction(db, createCheckInStore, work),
    findAppointmentOfKey: (bookingKey, appointmentId, lock) =>
      repository.findAppointmentOfKey(db, bookingKey, appointmentId, lock),
    checkInOfAppointment: (appointmentId) => repository.checkInOfAppointment(db, appointmentId),
    checkInById: (id) => repository.checkInById(db, id),
    latestMedicareNumberOfKey: (bookingKey) => repository.latestMedicareNumberOfKey(db, bookingKey),
    insertCheckIn: (checkIn) => repository.insertCheckIn(db, checkIn),
    markQueuedAgain: (id) => repository.markQueuedAgain(db, id),
    acknowledge: (id, now, by) => repository.acknowledge(db, id, now, by),
    listCheckIns: (filter) => repository.listCheckIns(db, filter),
    async documentsOf(bookingKey, appointmentId, examSlug) {
      const [types, attachments] = await Promise.all([
        examDocumentTypes(db, [examSlug]),
        listAttachmentsOfKey(db, bookingKey),
      ]);
      return {
        required: types
          .filter((type) => type.required)
          .map((type) => ({ documentTypeId: type.documentTypeId, slug: type.slug })),
        uploadedTypeIds: attachments
          .filter((attachment) => attachment.appointmentId === appointmentId)
          .flatMap((attachment) => (attachment.documentType ? [attachment.documentType.id] : [])),
      };
    },
    async queueMessage(message, now) {
      const [id] = await queueOutboxMessages(db, [message], now);
      return id!;
    },
    requeueFailedMessage: (messageId, now) => requeueFailedMessage(db, messageId, now),
    insertAuditEvent: (event, now) => insertAuditEvent(db, event, now),
  };
}
