import { type Db, storeTransaction } from '../../db/database.ts';
import * as repository from './notifications.repository.ts';

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
    channels: ReadonlyArray<'EMAIL' | 'SMS'>,
  ): Promise<repository.OutboxMessageRow[]>;
  markSent(id: string, via: string, now: Date): Promise<void>;
  markAttemptFailed(id: string, error: string, nextAttemptAt: Date | null): Promise<void>;
}

export function createOutboxStore(db: Db): OutboxStore {
  return {
    transaction: (work) => storeTransaction(db, createOutboxStore, work),
    claimDueMessages: (now, leaseUntil, limit, channels) =>
      repository.claimDueMessages(db, now, leaseUntil, limit, channels),
    markSent: (id, via, now) => repository.markSent(db, id, via, now),
    markAttemptFailed: (id, error, nextAttemptAt) =>
      repository.markAttemptFailed(db, id, error, nextAttemptAt),
  };
}
