import { z } from 'zod';

/**
 * Single sign-on for staff and referrers (docs/product/single-sign-on.md). The browser signs in
 * at the configured OpenID Connect provider (azureUrlWithTenantId, azureClientId) with a nonce
 * the server issued, then hands the ID token to the server, which verifies it and opens a
 * staff session (an HttpOnly cookie). The session's user is the spec's User (user.ts).
 */

/** The staff session's cookie (HttpOnly; the browser never reads it). */
export const staffSessionCookieName = 'portal_staff_session';
/** The pending sign-in's nonce, bound to this browser (HttpOnly, 10 minutes). */
export const ssoNonceCookieName = 'portal_sso_nonce';

/** POST /api/sso/nonce: the nonce to send in the authorization request. */
export const ssoNonceResponseSchema = z.object({ nonce: z.string() });
export type SsoNonceResponse = z.infer<typeof ssoNonceResponseSchema>;

/** POST /api/sso/session: the ID token the provider issued for that nonce. */
export const ssoSessionRequestSchema = z.object({
  idToken: z
    .string()
    .min(1)
    .max(16_384)
    .regex(/^[A-Za-z0-9_-]+\.[A-Za-z0-9_-]+\.[A-Za-z0-9_-]*$/, 'must be a compact JWS'),
});
export type SsoSessionRequest = z.infer<typeof ssoSessionRequestSchema>;

export const ssoErrorCodes = {
  /** azureClientId or azureUrlWithTenantId is null: single sign-on is off. */
  disabled: 'SSO_DISABLED',
  /** The ID token was refused; params.reason says why (ssoRefusalReasons). */
  tokenRefused: 'SSO_TOKEN_REFUSED',
  /** The provider's discovery document or keys could not be read. */
  providerUnavailable: 'SSO_PROVIDER_UNAVAILABLE',
  /** No staff session (GET and the staff-only routes). */
  unauthenticated: 'SSO_UNAUTHENTICATED',
} as const;

/** Why an ID token was refused: error.params.reason of SSO_TOKEN_REFUSED, and the audit's. */
export const ssoRefusalReasons = [
  'MALFORMED',
  'BAD_SIGNATURE',
  'WRONG_ISSUER',
  'WRONG_AUDIENCE',
  'EXPIRED',
  'NOT_YET_VALID',
  'NONCE_MISSING',
  'NONCE_MISMATCH',
  'NONCE_UNKNOWN',
  'NONCE_REPLAYED',
  'CLAIMS_MISSING',
] as const;
export type SsoRefusalReason = (typeof ssoRefusalReasons)[number];
