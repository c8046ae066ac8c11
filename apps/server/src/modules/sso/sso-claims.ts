import type { JWTPayload } from 'jose';

/** What a staff session keeps of a verified ID token. */
export interface StaffIdentity {
  subject: string;
  username: string;
  name: string | null;
  firstName: string | null;
  lastName: string | null;
  organization: string | null;
}

const text = (value: unknown): string | null =>
  typeof value === 'string' && value.trim() !== '' ? value.trim().slice(0, 255) : null;

/**
 * The organization claim, as providers spell it: a string, a list (the first), or Keycloak's
 * organization map ({ "acme": {...} }: the first key). Entra ID has none by default.
 */
function organizationOf(value: unknown): string | null {
  if (Array.isArray(value)) return text(value[0]);
  if (value !== null && typeof value === 'object') return text(Object.keys(value)[0]);
  return text(value);
}

/**
 * The identity in standard OIDC claims: username is preferred_username (Entra ID's UPN,
 * Keycloak's user name), else the e-mail, else the subject.
 */
export function staffIdentityOf(claims: JWTPayload): StaffIdentity | null {
  const subject = text(claims.sub);
  if (!subject) return null;
  return {
    subject,
    username: text(claims.preferred_username) ?? text(claims.email) ?? subject,
    name: text(claims.name),
    firstName: text(claims.given_name),
    lastName: text(claims.family_name),
    organization: organizationOf(claims.organization),
  };
}
