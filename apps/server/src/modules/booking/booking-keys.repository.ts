import type { Db } from '../../db/database.ts';

/** Booking keys: reserved for one booking attempt, used by one booking (migration 003). */
export async function insertBookingKey(db: Db, key: string, now: Date, expiresAt: Date) {
  await db
    .insertInto('booking_keys')
    .values({ key, created_at: now, expires_at: expiresAt })
    .execute();
}

type KeyState = 'RESERVED' | 'USED' | 'UNKNOWN';

/** 'RESERVED' (usable), 'USED', or 'UNKNOWN' (no such key, or it expired). */
async function readKeyState(db: Db, key: string, now: Date, lock: boolean): Promise<KeyState> {
  const query = db
    .selectFrom('booking_keys')
    .select(['status', 'expires_at'])
    .where('key', '=', key);
  const row = await (lock ? query.forNoKeyUpdate() : query).executeTakeFirst();
  if (!row) return 'UNKNOWN';
  if (row.status === 'USED') return 'USED';
  return new Date(row.expires_at) > now ? 'RESERVED' : 'UNKNOWN';
}

/** 'RESERVED' (usable), 'USED', or 'UNKNOWN' (no such key, or it expired). */
export function bookingKeyState(db: Db, key: string, now: Date): Promise<KeyState> {
  return readKeyState(db, key, now, false);
}

/**
 * The key's state, its row locked until the transaction ends (FOR NO KEY UPDATE: it waits
 * for another lock of the same kind and for the key being consumed, but not for rows that
 * merely reference the key). Work that must count what a key holds, like its documents,
 * does it under this lock so concurrent requests take turns.
 */
export function lockBookingKey(db: Db, key: string, now: Date): Promise<KeyState> {
  return readKeyState(db, key, now, true);
}

/**
 * Marks a reserved, unexpired key USED; the row lock makes a second
 * concurrent consumer wait and then see USED. Returns the state it found.
 */
export async function consumeBookingKey(db: Db, key: string, now: Date): Promise<KeyState> {
  const updated = await db
    .updateTable('booking_keys')
    .set({ status: 'USED', used_at: now })
    .where('key', '=', key)
    .where('status', '=', 'RESERVED')
    .where('expires_at', '>', now)
    .returning('key')
    .executeTakeFirst();
  if (updated) return 'RESERVED';
  return bookingKeyState(db, key, now);
}
