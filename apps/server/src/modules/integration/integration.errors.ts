import { integrationErrorCodes } from '@portal/contract';
import { DomainError } from '../../domain-error.ts';
import type { RefusedKey } from './api-key-secrets.ts';

/**
 * A call to /api/integration/... without a working key: none, a malformed header, an unknown
 * or a revoked key. The answer never says which (the audit trail does).
 */
export class InvalidApiKeyError extends DomainError {
  readonly statusCode = 401;
  readonly code = integrationErrorCodes.invalidApiKey;

  constructor(
    /** Why, for the audit trail. */
    readonly reason: RefusedKey,
    /** The key's name when the key was found (revoked), for the audit trail. */
    readonly keyName: string | null = null,
  ) {
    super('A valid provider API key is required: Authorization: Bearer pk_...');
  }
}

/** The operator's CLI: a key of that name exists (live or revoked; names are never reused). */
export class ApiKeyNameTakenError extends DomainError {
  readonly statusCode = 409;
  readonly code = 'API_KEY_NAME_TAKEN';
}

/** The operator's CLI: a name that is not lowercase letters, digits and hyphens. */
export class ApiKeyNameInvalidError extends DomainError {
  readonly statusCode = 400;
  readonly code = 'API_KEY_NAME_INVALID';
}

/** The operator's CLI: no live key of that name to revoke. */
export class UnknownApiKeyError extends DomainError {
  readonly statusCode = 404;
  readonly code = 'UNKNOWN_API_KEY';
}
