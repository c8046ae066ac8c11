import type { Db } from '../../db/database.ts';

/** The SQL of single sign-on: issued nonces and staff sessions (migration 026). */

export async function insertNonce(db: Db, nonceHash: string, now: Date, expiresAt: Date) {
  await db
    .insertInto('sso_nonces')
    .values({ nonce_hash: nonceHash, created_at: now, expires_at: expiresAt, used_at: null })
    .execute();
}

/**
 * Marks an issued nonce used, once: 'USED' for this call, 'REPLAYED' when it was used before,
 * 'UNKNOWN' when it was never issued here or has expired.
 */
export async function consumeNonce(
  db: Db,
  nonceHash: string,
  now: Date,
): Promise<'USED' | 'REPLAYED' | 'UNKNOWN'> {
  const used = await db
    .updateTable('sso_nonces')
    .set({ used_at: now })
    .where('nonce_hash', '=', nonceHash)
    .where('used_at', 'is', null)
    .where('expires_at', '>', now)
    .returning('nonce_hash')
    .executeTakeFirst();
  if (used) return 'USED';
  const known = await db
    .selectFrom('sso_nonces')
    .select('used_at')
    .where('nonce_hash', '=', nonceHash)
    .executeTakeFirst();
  return known?.used_at ? 'REPLAYED' : 'UNKNOWN';
}

export interface NewStaffSession {
  tokenHash: string;
  issuer: string;
  subject: string;
  username: string;
  name: string | null;
  firstName: string | null;
  lastName: string | null;
  organization: string | null;
  roles: string[];
  clientAddress: string | null;
  now: Date;
  idleExpiresAt: Date;
  absoluteExpiresAt: Date;
}

export async function insertStaffSession(db: Db, session: NewStaffSession): Promise<string> {
  const row = await db
    .insertInto('staff_sessions')
    .values({
      token_hash: session.tokenHash,
      issuer: session.issuer,
      subject: session.subject,
      username: session.username,
      name: session.name,
      first_name: session.firstName,
      last_name: session.lastName,
      organization: session.organization,
      roles: session.roles,
      client_address: session.clientAddress,
      created_at: session.now,
      last_seen_at: session.now,
      idle_expires_at: session.idleExpiresAt,
      absolute_expires_at: session.absoluteExpiresAt,
    })
    .returning('id')
    .executeTakeFirstOrThrow();
  return row.id;
}

export interface StaffSessionRow {
  id: string;
  subject: string;
  username: string;
  firstName: string | null;
  lastName: string | null;
  organization: string | null;
  roles: string[];
  lastSeenAt: Date;
  absoluteExpiresAt: Date;
}

export async function findLiveStaffSession(
  db: Db,
  tokenHash: string,
  now: Date,
): Promise<StaffSessionRow | undefined> {
  const row = await db
    .selectFrom('staff_sessions')
    .select([
      'id',
      'subject',
      'username',
      'first_name',
      'last_name',
      'organization',
      'roles',
      'last_seen_at',
      'absolute_expires_at',
    ])
    .where('token_hash', '=', tokenHash)
    .where('idle_expires_at', '>', now)
    .where('absolute_expires_at', '>', now)
    .executeTakeFirst();
  if (!row) return undefined;
  return {
    id: row.id,
    subject: row.subject,
    username: row.username,
    firstName: row.first_name,
    lastName: row.last_name,
    organization: row.organization,
    roles: row.roles,
    lastSeenAt: row.last_seen_at,
    absoluteExpiresAt: row.absolute_expires_at,
  };
}

export async function touchStaffSession(db: Db, id: string, now: Date, idleExpiresAt: Date) {
  await db
    .updateTable('staff_sessions')
    .set({ last_seen_at: now, idle_expires_at: idleExpiresAt })
    .where('id', '=', id)
    .execute();
}

export async function deleteStaffSession(db: Db, tokenHash: string) {
  return db
    .deleteFrom('staff_sessions')
    .where('token_hash', '=', tokenHash)
    .returning(['id', 'subject'])
    .executeTakeFirst();
}

/** Housekeeping: expired sessions and nonces go. */
export async function deleteExpired(db: Db, now: Date) {
  await db
    .deleteFrom('staff_sessions')
    .where((eb) => eb.or([eb('idle_expires_at', '<=', now), eb('absolute_expires_at', '<=', now)]))
    .execute();
  await db.deleteFrom('sso_nonces').where('expires_at', '<=', now).execute();
}
