import { createHash, randomBytes, timingSafeEqual } from 'node:crypto';

/**
 * A provider API key: `pk_` and 256 random bits in base64url (43 characters). The prefix lets
 * a person, a log filter or a secret scanner tell what it is. Only its SHA-256 is stored: a
 * key this random cannot be guessed from its hash, so a slow password hash would add nothing
 * but latency to every call (decision 021).
 */
export const apiKeyPrefix = 'pk_';
const apiKeyPattern = /^pk_[A-Za-z0-9_-]{43}$/;

export function newApiKey(): string {
  return `${apiKeyPrefix}${randomBytes(32).toString('base64url')}`;
}

/** What the database keeps of a key: its SHA-256 in hex. */
export function apiKeyHash(key: string): string {
  return createHash('sha256').update(key).digest('hex');
}

/** Two hex hashes equal, compared in time independent of where they differ. */
export function sameHash(a: string, b: string): boolean {
  const left = Buffer.from(a, 'hex');
  const right = Buffer.from(b, 'hex');
  return left.length === right.length && left.length > 0 && timingSafeEqual(left, right);
}

/** Why a call's key was refused (the audit trail's words; the caller is told none of them). */
export type RefusedKey = 'missing' | 'malformed' | 'unknown' | 'revoked';

/** The key of an `Authorization: Bearer <key>` header, or why there is none. */
export function bearerKey(header: string | undefined): { key: string } | { refused: RefusedKey } {
  if (header === undefined || header.trim() === '') return { refused: 'missing' };
  const match = /^Bearer +(\S+)$/i.exec(header.trim());
  if (!match || !apiKeyPattern.test(match[1]!)) return { refused: 'malformed' };
  return { key: match[1]! };
}

/** An operator's name for a key: lowercase letters, digits and hyphens, up to 63. */
export const apiKeyNamePattern = /^[a-z0-9][a-z0-9-]{0,62}$/;
