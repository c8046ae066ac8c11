import type { Db } from '../../db/database.ts';

/** A provider API key as the service reads it: never the key, only its hash. */
export interface ApiKeyRecord {
  id: string;
  name: string;
  keyHash: string;
  createdAt: Date;
  revokedAt: Date | null;
  lastUsedAt: Date | null;
}

const columns = [
  'id',
  'name',
  'key_hash as keyHash',
  'created_at as createdAt',
  'revoked_at as revokedAt',
  'last_used_at as lastUsedAt',
] as const;

/** Adds a key; undefined when the name is taken (by a live or a revoked key). */
export async function insertApiKey(
  db: Db,
  key: { name: string; keyHash: string },
  now: Date,
): Promise<string | undefined> {
  const row = await db
    .insertInto('provider_api_keys')
    .values({ name: key.name, key_hash: key.keyHash, created_at: now })
    .onConflict((conflict) => conflict.column('name').doNothing())
    .returning('id')
    .executeTakeFirst();
  return row?.id;
}

export async function findApiKeyByHash(db: Db, keyHash: string): Promise<ApiKeyRecord | undefined> {
  return db
    .selectFrom('provider_api_keys')
    .select(columns)
    .where('key_hash', '=', keyHash)
    .executeTakeFirst();
}

export async function findApiKeyByName(db: Db, name: string): Promise<ApiKeyRecord | undefined> {
  return db
    .selectFrom('provider_api_keys')
    .select(columns)
    .where('name', '=', name)
    .executeTakeFirst();
}

/** Revokes a live key; false when there is none of that name or it was revoked already. */
export async function revokeApiKey(db: Db, name: string, now: Date): Promise<boolean> {
  const result = await db
    .updateTable('provider_api_keys')
    .set({ revoked_at: now })
    .where('name', '=', name)
    .where('revoked_at', 'is', null)
    .executeTakeFirst();
  return result.numUpdatedRows > 0n;
}

export async function listApiKeys(db: Db): Promise<ApiKeyRecord[]> {
  return db.selectFrom('provider_api_keys').select(columns).orderBy('name').execute();
}

export async function markApiKeyUsed(db: Db, id: string, now: Date): Promise<void> {
  await db
    .updateTable('provider_api_keys')
    .set({ last_used_at: now })
    .where('id', '=', id)
    .execute();
}
