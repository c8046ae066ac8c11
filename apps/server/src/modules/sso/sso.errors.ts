import { type SsoRefusalReason, ssoErrorCodes } from '@portal/contract';
import { DomainError } from '../../domain-error.ts';

/** azureClientId or azureUrlWithTenantId is not configured. */
export class SsoDisabledError extends DomainError {
  readonly statusCode = 404;
  readonly code: string = ssoErrorCodes.disabled;
}

/** The ID token was refused; the reason goes to the client and the audit trail. */
export class SsoTokenRefusedError extends DomainError {
  readonly statusCode = 401;
  readonly code: string = ssoErrorCodes.tokenRefused;
  constructor(readonly reason: SsoRefusalReason) {
    super('The sign-in was refused. Sign in again.', undefined, { reason });
  }
}

/** The provider's discovery document or keys could not be read: the sign-in can be tried later. */
export class SsoProviderUnavailableError extends DomainError {
  readonly statusCode = 503;
  readonly code: string = ssoErrorCodes.providerUnavailable;
}

/** No live staff session. */
export class StaffUnauthenticatedError extends DomainError {
  readonly statusCode = 401;
  readonly code: string = ssoErrorCodes.unauthenticated;
}
