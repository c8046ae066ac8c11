import { sql } from 'kysely';
import type { Db } from '../../db/database.ts';

/**
 * The booking clean-up's statements (booking-cleanup.ts runs them in batches).
 * Rows are claimed with FOR UPDATE SKIP LOCKED, so instances running the
 * clean-up at once skip each other's rows instead of waiting.
 */

/** Up to `limit` expired slot holds; how many were deleted. */
export async function deleteExpiredHolds(db: Db, now: Date, limit: number): Promise<number> {
  const result = await sql<{ id: string }>`
    DELETE FROM resource_bookings WHERE id IN (
      SELECT id FROM resource_bookings
      WHERE kind = 'HOLD' AND expires_at <= ${now.toISOString()}::timestamptz
      ORDER BY expires_at
      LIMIT ${limit}
      FOR UPDATE SKIP LOCKED)
    RETURNING id`.execute(db);
  return result.rows.length;
}

/**
 * Up to `limit` reserved keys never used that expired before `cutoff`, with
 * what hangs on them; the storage keys of the documents deleted with them.
 * Run it in a transaction (`db` one): the keys stay locked until the end.
 */
export async function deleteExpiredReservedKeys(
  db: Db,
  cutoff: Date,
  limit: number,
): Promise<{ keys: number; storageKeys: string[] }> {
  const keys = await sql<{ key: string }>`
    SELECT key FROM booking_keys
    WHERE status = 'RESERVED' AND used_at IS NULL
      AND expires_at <= ${cutoff.toISOString()}::timestamptz
    ORDER BY expires_at
    LIMIT ${limit}
    FOR UPDATE SKIP LOCKED`.execute(db);
  const list = keys.rows.map((row) => row.key);
  if (list.length === 0) return { keys: 0, storageKeys: [] };
  // The documents first, by RETURNING: only rows really deleted here (a re-key that
  // moved one to a new key meanwhile keeps it, and its file).
  const documents = await sql<{ storage_key: string }>`
    DELETE FROM temporary_documents WHERE booking_key = any(${list}::text[])
    RETURNING storage_key`.execute(db);
  // A never-used key's questionnaire answers are all temporary: health data kept for
  // nothing once the key is gone, so they go too, with what their outcomes recorded.
  for (const table of [
    'questionnaire_answers',
    'questionnaire_exam_changes',
    'booking_request_api_keys',
  ] as const) {
    await db.deleteFrom(table).where('booking_key', 'in', list).execute();
  }
  // Holds of these keys go with them (ON DELETE CASCADE).
  await sql`DELETE FROM booking_keys WHERE key = any(${list}::text[])`.execute(db);
  return { keys: list.length, storageKeys: documents.rows.map((row) => row.storage_key) };
}

/**
 * Folds each resource's booking change rows (migration 009) into one with
 * their sum, in one statement: every reader sees the same versions before and
 * after. Rows inserted meanwhile are not in this statement's snapshot and
 * stay; an instance folding at the same moment waits, then skips the rows gone.
 */
export async function foldBookingChanges(db: Db): Promise<number> {
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
