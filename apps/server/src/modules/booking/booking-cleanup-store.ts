import { type Db, storeTransaction } from '../../db/database.ts';
import * as repository from './booking-cleanup.repository.ts';

/**
 * What the booking clean-up needs from storage, bound to the database or to one open
 * transaction (ARCHITECTURE.md, "Dependencies"): a test can hand it a fake.
 */
export interface BookingCleanupStore {
  transaction<T>(work: (tx: BookingCleanupStore) => Promise<T>): Promise<T>;
  /** Up to `limit` expired slot holds; how many were deleted. */
  deleteExpiredHolds(now: Date, limit: number): Promise<number>;
  /** Call inside a transaction: the keys stay locked until it ends. */
  deleteExpiredReservedKeys(
    cutoff: Date,
    limit: number,
  ): ReturnType<typeof repository.deleteExpiredReservedKeys>;
  foldBookingChanges(): Promise<number>;
}

export function createBookingCleanupStore(db: Db): BookingCleanupStore {
  return {
    transaction: (work) => storeTransaction(db, createBookingCleanupStore, work),
    deleteExpiredHolds: (now, limit) => repository.deleteExpiredHolds(db, now, limit),
    deleteExpiredReservedKeys: (cutoff, limit) =>
      repository.deleteExpiredReservedKeys(db, cutoff, limit),
    foldBookingChanges: () => repository.foldBookingChanges(db),
  };
}
