import { type Db, storeTransaction } from '../../db/database.ts';
import { type AuditEvent, insertAuditEvent } from '../audit/index.ts';
import * as repository from './api-keys.repository.ts';

/**
 * What the integration services need from storage, bound to the database or one open
 * transaction (ARCHITECTURE.md, "Dependencies"): the provider API keys and the audit trail.
 */
export interface IntegrationStore {
  transaction<T>(work: (tx: IntegrationStore) => Promise<T>): Promise<T>;
  insertApiKey(key: { name: string; keyHash: string }, now: Date): Promise<string | undefined>;
  findApiKeyByHash(keyHash: string): Promise<repository.ApiKeyRecord | undefined>;
  findApiKeyByName(name: string): Promise<repository.ApiKeyRecord | undefined>;
  revokeApiKey(name: string, now: Date): Promise<boolean>;
  listApiKeys(): Promise<repository.ApiKeyRecord[]>;
  markApiKeyUsed(id: string, now: Date): Promise<void>;
  insertAuditEvent(event: AuditEvent, now: Date): Promise<void>;
}

export function createIntegrationStore(db: Db): IntegrationStore {
  return {
    transaction: (work) => storeTransaction(db, createIntegrationStore, work),
    insertApiKey: (key, now) => repository.insertApiKey(db, key, now),
    findApiKeyByHash: (keyHash) => repository.findApiKeyByHash(db, keyHash),
    findApiKeyByName: (name) => repository.findApiKeyByName(db, name),
    revokeApiKey: (name, now) => repository.revokeApiKey(db, name, now),
    listApiKeys: () => repository.listApiKeys(db),
    markApiKeyUsed: (id, now) => repository.markApiKeyUsed(db, id, now),
    insertAuditEvent: (event, now) => insertAuditEvent(db, event, now),
  };
}
