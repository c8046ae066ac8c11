import { type Db, storeTransaction } from '../../db/database.ts';
import type { OutboxChannel } from '../../db/tables/booking-tables.ts';
import * as repository from './notifications.repository.ts';

/**
 * What settles a webhook event's subject (a check-in) with its message, in the transaction that
 * marks the message SENT or FAILED. The owner of the subject lends these (server.ts wires the
 * check-in module's), so notifications imports none of its tables.
 */
export interface WebhookOutcomes {
  delivered(db: Db, messageId: string, now: Date): Promise<void>;
  failed(db: Db, messageId: string, now: Date): Promise<void>;
}

/**
 * What the outbox worker needs from storage, bound to the database or to one open
 * transaction (ARCHITECTURE.md, "Dependencies"): a test can hand it a fake.
 */
export interface OutboxStore {
  transaction<T>(work: (tx: OutboxStore) => Promise<T>): Promise<T>;
  claimDueMessages(
    now: Date,
    leaseUntil: Date,
    limit: number,
    channels: ReadonlyArray<OutboxChannel>,
  ): Promise<repository.OutboxMessageRow[]>;
  markSent(id: string, via: string, now: Date): Promise<boolean>;
  markAttemptFailed(id: string, error: string, nextAttemptAt: Date | null): Promise<boolean>;
  webhookDelivered(messageId: string, now: Date): Promise<void>;
  webhookFailed(messageId: string, now: Date): Promise<void>;
}

export function createOutboxStore(db: Db, outcomes?: WebhookOutcomes): OutboxStore {
  return {
    transaction: (work) => storeTransaction(db, (tx) => createOutboxStore(tx, outcomes), work),
    claimDueMessages: (now, leaseUntil, limit, channels) =>
      repository.claimDueMessages(db, now, leaseUntil, limit, channels),
    markSent: (id, via, now) => repository.markSent(db, id, via, now),
    markAttemptFailed: (id, error, nextAttemptAt) =>
      repository.markAttemptFailed(db, id, error, nextAttemptAt),
    webhookDelivered: async (messageId, now) => outcomes?.delivered(db, messageId, now),
    webhookFailed: async (messageId, now) => outcomes?.failed(db, messageId, now),
  };
}
