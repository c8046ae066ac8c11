import { type Db, storeTransaction } from '../../db/database.ts';
import { type AuditEvent, insertAuditEvent } from '../audit/index.ts';
import { lockBookingKey } from '../booking/index.ts';
import { insertOutboxMessages, type NewOutboxMessage } from '../notifications/index.ts';
import * as repository from './call-centre.repository.ts';

type OmitDb<F> = F extends (db: Db, ...args: infer A) => infer R ? (...args: A) => R : never;

/**
 * What the call-centre service needs from storage, bound to the database or one open
 * transaction (ARCHITECTURE.md, "Dependencies").
 */
export interface CallCentreStore {
  transaction<T>(work: (tx: CallCentreStore) => Promise<T>): Promise<T>;
  findBookingFacts: OmitDb<typeof repository.findBookingFacts>;
  listOpeningHours: OmitDb<typeof repository.listOpeningHours>;
  countSince: OmitDb<typeof repository.countSince>;
  insertRequest: OmitDb<typeof repository.insertRequest>;
  listPendingCallbacks: OmitDb<typeof repository.listPendingCallbacks>;
  findCallback: OmitDb<typeof repository.findCallback>;
  markCallbackDone: OmitDb<typeof repository.markCallbackDone>;
  /** Holds the booking key's row until the transaction ends: one key's sends take turns. */
  lockBookingKey(bookingKey: string, now: Date): Promise<unknown>;
  insertAuditEvent(event: AuditEvent, now: Date): Promise<void>;
  enqueueMessages(messages: NewOutboxMessage[], now: Date): Promise<number>;
}

export function createCallCentreStore(db: Db): CallCentreStore {
  return {
    transaction: (work) => storeTransaction(db, createCallCentreStore, work),
    findBookingFacts: (...args) => repository.findBookingFacts(db, ...args),
    listOpeningHours: (...args) => repository.listOpeningHours(db, ...args),
    countSince: (...args) => repository.countSince(db, ...args),
    insertRequest: (...args) => repository.insertRequest(db, ...args),
    listPendingCallbacks: (...args) => repository.listPendingCallbacks(db, ...args),
    findCallback: (...args) => repository.findCallback(db, ...args),
    markCallbackDone: (...args) => repository.markCallbackDone(db, ...args),
    lockBookingKey: (bookingKey, now) => lockBookingKey(db, bookingKey, now),
    insertAuditEvent: (event, now) => insertAuditEvent(db, event, now),
    enqueueMessages: (messages, now) => insertOutboxMessages(db, messages, now),
  };
}
