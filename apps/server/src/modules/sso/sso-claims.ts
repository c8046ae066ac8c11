import type { JWTPayload } from 'jose';

/** What a staff session keeps of a verified ID token. */
export interface StaffIdentity {
  subject: string;
  username: string;
  name: string | null;
  firstName: string | null;
  lastName: string | null;
  organization: string | null;
  /** The roles the provider gives the person (config/role-translations.json keys them). */
  roles: string[];
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

const maxRoles = 50;

/**
 * The roles, as providers put them in the ID token: Entra ID's app roles and a Keycloak role
 * mapper's claim `roles` (a list, or one text), and Keycloak's default `realm_access.roles`.
 */
function rolesOf(claims: JWTPayload): string[] {
  const listed = (value: unknown): unknown[] =>
    Array.isArray(value) ? value : value === undefined ? [] : [value];
  const realm = claims.realm_access as { roles?: unknown } | undefined;
  const names = [...listed(claims.roles), ...listed(realm?.roles)]
    .map((value) => (typeof value === 'string' ? value.trim() : ''))
    .filter((name) => name !== '' && name.length <= 100);
  return [...new Set(names)].slice(0, maxRoles);
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
    roles: rolesOf(claims),
  };
}
