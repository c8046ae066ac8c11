import type { SsoRefusalReason } from '@portal/contract';
import { createRemoteJWKSet, errors, type JWTPayload, jwtVerify } from 'jose';

/**
 * The OpenID Connect identity provider, as the server sees it: its discovery document and its
 * signing keys (JWKS), fetched from the issuer and cached; an ID token verified against them.
 * Works with any provider that publishes `{issuer}/.well-known/openid-configuration`
 * (Entra ID's `https://login.microsoftonline.com/{tenant}/v2.0`, Keycloak's realm URL, ...).
 */
export interface OidcVerifierOptions {
  /** azureUrlWithTenantId: the issuer, exactly as the provider names it in its tokens. */
  issuer: string;
  /** azureClientId: the ID token's audience. */
  clientId: string;
  /** Time for the verification (the app's clock). */
  now: () => Date;
  /** Per fetch of the discovery document or keys. */
  timeoutMs?: number;
}

/** A refused token: the reason is what the client and the audit trail get, never jose's text. */
export class IdTokenRefusedError extends Error {
  constructor(readonly reason: SsoRefusalReason) {
    super(`ID token refused: ${reason}`);
  }
}

/** The provider could not be reached, or published something unusable. */
export class IdentityProviderUnavailableError extends Error {}

// Leeway for clocks a little apart (the provider's and ours); ID tokens live minutes.
const clockToleranceSeconds = 60;
// The algorithms OIDC providers sign ID tokens with; 'none' and HMAC (a public client's
// shared nothing) are never accepted.
const algorithms = [
  'RS256',
  'RS384',
  'RS512',
  'PS256',
  'PS384',
  'PS512',
  'ES256',
  'ES384',
  'EdDSA',
];

function refusalOf(error: unknown): SsoRefusalReason | null {
  if (error instanceof errors.JWTExpired) return 'EXPIRED';
  if (error instanceof errors.JWTClaimValidationFailed) {
    if (error.claim === 'iss') return 'WRONG_ISSUER';
    if (error.claim === 'aud') return 'WRONG_AUDIENCE';
    if (error.claim === 'nbf' || error.claim === 'iat') return 'NOT_YET_VALID';
    return 'CLAIMS_MISSING';
  }
  if (
    error instanceof errors.JWSSignatureVerificationFailed ||
    error instanceof errors.JWKSNoMatchingKey ||
    error instanceof errors.JWKSMultipleMatchingKeys ||
    error instanceof errors.JOSEAlgNotAllowed
  ) {
    return 'BAD_SIGNATURE';
  }
  if (
    error instanceof errors.JWSInvalid ||
    error instanceof errors.JWTInvalid ||
    error instanceof errors.JOSENotSupported
  ) {
    return 'MALFORMED';
  }
  return null;
}

export function createOidcVerifier(options: OidcVerifierOptions) {
  const issuer = options.issuer.replace(/\/+$/, '');
  const timeoutMs = options.timeoutMs ?? 5_000;
  let keys: ReturnType<typeof createRemoteJWKSet> | undefined;

  /** The discovery document names the keys; it must name this very issuer (OIDC Discovery 4.3). */
  async function keySet() {
    if (keys) return keys;
    let document: { issuer?: unknown; jwks_uri?: unknown };
    try {
      const response = await fetch(`${issuer}/.well-known/openid-configuration`, {
        signal: AbortSignal.timeout(timeoutMs),
        headers: { accept: 'application/json' },
      });
      if (!response.ok) throw new Error(`discovery answered ${response.status}`);
      document = (await response.json()) as typeof document;
    } catch (error) {
      throw new IdentityProviderUnavailableError(
        `The identity provider's discovery document could not be read: ${(error as Error).message}`,
      );
    }
    const named = typeof document.issuer === 'string' ? document.issuer.replace(/\/+$/, '') : null;
    if (named !== issuer || typeof document.jwks_uri !== 'string') {
      throw new IdentityProviderUnavailableError(
        'The discovery document names another issuer or no jwks_uri.',
      );
    }
    keys = createRemoteJWKSet(new URL(document.jwks_uri), { timeoutDuration: timeoutMs });
    return keys;
  }

  return {
    issuer,
    clientId: options.clientId,

    /** The verified claims of an ID token for this client; throws IdTokenRefusedError. */
    async verifyIdToken(idToken: string): Promise<JWTPayload> {
      const jwks = await keySet();
      try {
        const { payload } = await jwtVerify(idToken, jwks, {
          // Both spellings: a configured URL with or without its trailing slash.
          issuer: [issuer, `${issuer}/`],
          audience: options.clientId,
          algorithms,
          currentDate: options.now(),
          clockTolerance: clockToleranceSeconds,
          requiredClaims: ['sub', 'exp', 'iat'],
        });
        return payload;
      } catch (error) {
        const reason = refusalOf(error);
        if (reason) throw new IdTokenRefusedError(reason);
        if (error instanceof errors.JWKSTimeout || error instanceof errors.JOSEError) {
          throw new IdentityProviderUnavailableError("The provider's keys could not be read.");
        }
        throw new IdentityProviderUnavailableError((error as Error).message);
      }
    },
  };
}

export type OidcVerifier = ReturnType<typeof createOidcVerifier>;
