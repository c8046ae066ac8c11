import type { Clock } from '../../adapters/clock.ts';
import { createPeriodicTask } from '../../adapters/periodic-task.ts';
import type { StorageAdapter } from '../../adapters/storage.ts';
import type { BookingCleanupStore } from './booking-cleanup-store.ts';

export interface BookingCleanupDeps {
  store: BookingCleanupStore;
  storage: StorageAdapter;
  clock: Clock;
  /**
   * How long an expired, never-used booking key (and its temporary documents)
   * is kept: re-keying moves documents off an expired key, so not at once.
   */
  reservedKeyGraceMinutes?: number;
  /** Rows per statement, so no run holds many locks or a long transaction. */
  batchSize?: number;
  intervalMs?: number;
  /** Told about failures (never keys or file names). */
  onError?: (error: unknown) => void;
}

export interface CleanupResult {
  holds: number;
  bookingKeys: number;
  documents: number;
  /** Stored files deleted (a file already gone counts too: deleting is idempotent). */
  files: number;
  /** Booking change rows folded away (migration 009: versions unchanged). */
  bookingChanges: number;
}

export interface BookingCleanup {
  runOnce(): Promise<CleanupResult>;
  start(): void;
  stop(): Promise<void>;
}

/**
 * Deletes what booking leaves behind: expired slot holds, and booking keys
 * reserved but never used that expired more than the grace period ago, with
 * their temporary documents (rows, then stored files); and folds the booking
 * change counts (migration 009) to about one row per resource. Safe with several
 * instances running it at once: rows are claimed with FOR UPDATE SKIP LOCKED
 * and every delete is idempotent. A file is deleted only after the row naming
 * it is gone (committed), so a crash leaves at worst an unreferenced file,
 * never a row pointing at a missing one.
 */
export function createBookingCleanup(deps: BookingCleanupDeps): BookingCleanup {
  const {
    store,
    storage,
    clock,
    reservedKeyGraceMinutes = 24 * 60,
    batchSize = 500,
    intervalMs = 10 * 60_000,
    onError = () => {},
  } = deps;

  async function runOnce(): Promise<CleanupResult> {
    const now = clock.now();
    const result: CleanupResult = {
      holds: 0,
      bookingKeys: 0,
      documents: 0,
      files: 0,
      bookingChanges: 0,
    };
    for (;;) {
      const deleted = await store.deleteExpiredHolds(now, batchSize);
      result.holds += deleted;
      if (deleted < batchSize) break;
    }
    const cutoff = new Date(now.getTime() - reservedKeyGraceMinutes * 60_000);
    for (;;) {
      const batch = await store.transaction((tx) =>
        tx.deleteExpiredReservedKeys(cutoff, batchSize),
      );
      result.bookingKeys += batch.keys;
      result.documents += batch.storageKeys.length;
      for (const storageKey of batch.storageKeys) {
        try {
          await storage.delete(storageKey);
          result.files += 1;
        } catch (error) {
          onError(error);
        }
      }
      if (batch.keys < batchSize) break;
    }
    // Last: the holds deleted above added rows of their own.
    result.bookingChanges = await store.foldBookingChanges();
    return result;
  }

  return {
    runOnce,
    ...createPeriodicTask(runOnce, intervalMs, onError),
  };
}
