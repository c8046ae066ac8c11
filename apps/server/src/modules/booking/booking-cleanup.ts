import { type Kysely, sql } from 'kysely';
import type { Clock } from '../../adapters/clock.ts';
import { createPeriodicTask } from '../../adapters/periodic-task.ts';
import type { StorageAdapter } from '../../adapters/storage.ts';
import type { Database } from '../../db/database.ts';

export interface BookingCleanupOptions {
  db: Kysely<Database>;
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
export function createBookingCleanup(options: BookingCleanupOptions): BookingCleanup {
  const {
    db,
    storage,
    clock,
    reservedKeyGraceMinutes = 24 * 60,
    batchSize = 500,
    intervalMs = 10 * 60_000,
    onError = () => {},
  } = options;

  async function deleteExpiredHolds(now: Date): Promise<number> {
    const result = await sql<{ id: string }>`
      DELETE FROM resource_bookings WHERE id IN (
        SELECT id FROM resource_bookings
        WHERE kind = 'HOLD' AND expires_at <= ${now.toISOString()}::timestamptz
        ORDER BY expires_at
        LIMIT ${batchSize}
        FOR UPDATE SKIP LOCKED)
      RETURNING id`.execute(db);
    return result.rows.length;
  }

  /** One batch of expired reserved keys; the storage keys of the documents deleted with them. */
  async function deleteExpiredKeys(cutoff: Date) {
    return db.transaction().execute(async (tx) => {
      const keys = await sql<{ key: string }>`
        SELECT key FROM booking_keys
        WHERE status = 'RESERVED' AND used_at IS NULL
          AND expires_at <= ${cutoff.toISOString()}::timestamptz
        ORDER BY expires_at
        LIMIT ${batchSize}
        FOR UPDATE SKIP LOCKED`.execute(tx);
      const list = keys.rows.map((row) => row.key);
      if (list.length === 0) return { keys: 0, storageKeys: [] as string[] };
      // The documents first, by RETURNING: only rows really deleted here (a re-key that
      // moved one to a new key meanwhile keeps it, and its file).
      const documents = await sql<{ storage_key: string }>`
        DELETE FROM temporary_documents WHERE booking_key = any(${list}::text[])
        RETURNING storage_key`.execute(tx);
      // A never-used key's questionnaire answers are all temporary: health data kept for
      // nothing once the key is gone, so they go too, with what their outcomes recorded.
      for (const table of [
        'questionnaire_answers',
        'questionnaire_exam_changes',
        'booking_request_api_keys',
      ] as const) {
        await tx.deleteFrom(table).where('booking_key', 'in', list).execute();
      }
      // Holds of these keys go with them (ON DELETE CASCADE).
      await sql`DELETE FROM booking_keys WHERE key = any(${list}::text[])`.execute(tx);
      return { keys: list.length, storageKeys: documents.rows.map((row) => row.storage_key) };
    });
  }

  /**
   * Folds each resource's booking change rows into one with their sum, in one
   * statement: every reader sees the same versions before and after. Rows
   * inserted meanwhile are not in this statement's snapshot and stay; an
   * instance folding at the same moment waits, then skips the rows gone.
   */
  async function foldBookingChanges(): Promise<number> {
    const result = await sql<{ folded: number }>`
      WITH gone AS (
        DELETE FROM resource_booking_changes
        WHERE resource_id IN (
          SELECT resource_id FROM resource_booking_changes
          GROUP BY resource_id HAVING count(*) > 1)
        RETURNING resource_id, changes),
      kept AS (
        INSERT INTO resource_booking_changes (resource_id, changes)
        SELECT resource_id, sum(changes) FROM gone GROUP BY resource_id
        RETURNING 1)
      SELECT ((SELECT count(*) FROM gone) - (SELECT count(*) FROM kept))::integer AS folded`.execute(
      db,
    );
    return result.rows[0]?.folded ?? 0;
  }

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
      const deleted = await deleteExpiredHolds(now);
      result.holds += deleted;
      if (deleted < batchSize) break;
    }
    const cutoff = new Date(now.getTime() - reservedKeyGraceMinutes * 60_000);
    for (;;) {
      const batch = await deleteExpiredKeys(cutoff);
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
    result.bookingChanges = await foldBookingChanges();
    return result;
  }

  return {
    runOnce,
    ...createPeriodicTask(runOnce, intervalMs, onError),
  };
}
