import type { Clock } from '../../adapters/clock.ts';
import type { RequestContext } from '../audit/index.ts';
import {
  apiKeyHash,
  apiKeyNamePattern,
  bearerKey,
  newApiKey,
  sameHash,
} from './api-key-secrets.ts';
import {
  ApiKeyNameInvalidError,
  ApiKeyNameTakenError,
  InvalidApiKeyError,
  UnknownApiKeyError,
} from './integration.errors.ts';
import type { IntegrationStore } from './integration-store.ts';

/** Who called: the provider system a key was created for. */
export interface ApiCaller {
  keyId: string;
  name: string;
  /** The audit trail's actor: `provider:<name>`. */
  actor: string;
}

/** A key as the operator's list shows it (never the key, never its hash). */
export interface ApiKeySummary {
  name: string;
  createdAt: Date;
  revokedAt: Date | null;
  lastUsedAt: Date | null;
}

const operator = { clientAddress: null, requestId: null };

/**
 * Provider API keys (docs/product/integration.md): created, listed and revoked by the
 * operator's CLI (`npm run api-key`), checked on every /api/integration call. Creating and
 * revoking are audited (actor `operator`); a refused key is audited by the caller of
 * `authenticate` with the reason it is given here.
 */
export function createApiKeyService(deps: { store: IntegrationStore; clock: Clock }) {
  const { store, clock } = deps;
  const auditKey = (tx: IntegrationStore, action: string, name: string) =>
    tx.insertAuditEvent(
      { actor: 'operator', action, subjectType: 'api_key', subjectId: name, ...operator },
      clock.now(),
    );

  return {
    /** A new key for `name`: the key is returned once and only its hash is kept. */
    async create(name: string): Promise<{ name: string; key: string }> {
      if (!apiKeyNamePattern.test(name)) {
        throw new ApiKeyNameInvalidError(
          'A key name is 1-63 lowercase letters, digits and hyphens, starting with a letter or digit.',
        );
      }
      const key = newApiKey();
      await store.transaction(async (tx) => {
        const id = await tx.insertApiKey({ name, keyHash: apiKeyHash(key) }, clock.now());
        if (id === undefined) {
          throw new ApiKeyNameTakenError(`There is already a key named ${name}.`);
        }
        await auditKey(tx, 'api-key.created', name);
      });
      return { name, key };
    },

    /** Revokes the live key of that name: it never works again. */
    async revoke(name: string): Promise<void> {
      await store.transaction(async (tx) => {
        if (!(await tx.revokeApiKey(name, clock.now()))) {
          const known = await tx.findApiKeyByName(name);
          throw new UnknownApiKeyError(
            known ? `The key ${name} was revoked already.` : `There is no key named ${name}.`,
          );
        }
        await auditKey(tx, 'api-key.revoked', name);
      });
    },

    async list(): Promise<ApiKeySummary[]> {
      return (await store.listApiKeys()).map(({ name, createdAt, revokedAt, lastUsedAt }) => ({
        name,
        createdAt: new Date(createdAt),
        revokedAt: revokedAt && new Date(revokedAt),
        lastUsedAt: lastUsedAt && new Date(lastUsedAt),
      }));
    },

    /**
     * The caller of an `Authorization` header's key. Refused (InvalidApiKeyError, with the
     * reason and the key's name when known for the audit) when the header is missing or
     * malformed, or the key unknown or revoked.
     */
    async authenticate(authorization: string | undefined): Promise<ApiCaller> {
      const bearer = bearerKey(authorization);
      if ('refused' in bearer) throw new InvalidApiKeyError(bearer.refused);
      const hash = apiKeyHash(bearer.key);
      const record = await store.findApiKeyByHash(hash);
      // Found by its hash's index; compared again in constant time (decision 021).
      if (!record || !sameHash(record.keyHash, hash)) throw new InvalidApiKeyError('unknown');
      if (record.revokedAt !== null) throw new InvalidApiKeyError('revoked', record.name);
      await store.markApiKeyUsed(record.id, clock.now());
      return { keyId: record.id, name: record.name, actor: `provider:${record.name}` };
    },

    /** Audits a call refused for its key (the route's pattern, never its path: it names keys). */
    auditRefused(error: InvalidApiKeyError, route: string | undefined, context: RequestContext) {
      return store.insertAuditEvent(
        {
          actor: error.keyName ? `provider:${error.keyName}` : 'provider:unknown',
          action: 'integration.refused',
          subjectType: 'api_key',
          subjectId: error.keyName ?? 'unknown',
          ...context,
          details: { reason: error.reason, route: route ?? null },
        },
        clock.now(),
      );
    },

    /** Audits a call a known key made that was answered with an error (its status). */
    auditFailedCall(
      caller: ApiCaller,
      route: string | undefined,
      statusCode: number,
      context: RequestContext,
    ) {
      return store.insertAuditEvent(
        {
          actor: caller.actor,
          action: 'integration.failed',
          subjectType: 'api_key',
          subjectId: caller.name,
          ...context,
          details: { route: route ?? null, statusCode },
        },
        clock.now(),
      );
    },
  };
}

export type ApiKeyService = ReturnType<typeof createApiKeyService>;
