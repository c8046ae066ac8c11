import { type Db, storeTransaction } from '../../db/database.ts';
import { type AuditEvent, insertAuditEvent } from '../audit/index.ts';
import * as repository from './chat.repository.ts';

/** What the chat desk's outcomes need from storage, bound to the database or one transaction. */
export interface ChatStore {
  transaction<T>(work: (tx: ChatStore) => Promise<T>): Promise<T>;
  lockBookingRequestOfKey(bookingKey: string): Promise<repository.ChatBookingRequest | undefined>;
  updateBookingRequestForChat(
    id: string,
    change: Omit<repository.ChatBookingRequest, 'id'>,
  ): Promise<void>;
  insertAuditEvent(event: AuditEvent, now: Date): Promise<void>;
}

export function createChatStore(db: Db): ChatStore {
  return {
    transaction: (work) => storeTransaction(db, createChatStore, work),
    lockBookingRequestOfKey: (bookingKey) => repository.lockBookingRequestOfKey(db, bookingKey),
    updateBookingRequestForChat: (id, change) =>
      repository.updateBookingRequestForChat(db, id, change),
    insertAuditEvent: (event, now) => insertAuditEvent(db, event, now),
  };
}
