import { createHash } from 'node:crypto';

/**
 * Canonical JSON (decision 024): object keys sorted by code unit at every depth, no spaces,
 * arrays in order, JSON.stringify's own escaping and number form. jsonb keeps neither key
 * order nor spacing, so a hash over plain JSON.stringify of what the database hands back
 * would not recompute; over this form it does, on PGlite and PostgreSQL alike.
 */
export function canonicalJson(value: unknown): string {
  if (value === null || typeof value !== 'object') {
    // undefined and functions have no JSON form; inside objects they are left out below.
    return JSON.stringify(value) ?? 'null';
  }
  if (Array.isArray(value)) return `[${value.map(canonicalJson).join(',')}]`;
  const entries = Object.entries(value as Record<string, unknown>)
    .filter(([, item]) => item !== undefined)
    .sort(([a], [b]) => (a < b ? -1 : a > b ? 1 : 0));
  return `{${entries.map(([key, item]) => `${JSON.stringify(key)}:${canonicalJson(item)}`).join(',')}}`;
}

const sha256 = (text: string) => createHash('sha256').update(text, 'utf8').digest('hex');

/** What a version shows the patient, hashed: a change of any of it makes a new version. */
export function definitionHash(definition: {
  title: string;
  signerNameQuestion: string | null;
  survey: Record<string, unknown>;
}): string {
  return sha256(
    canonicalJson({
      title: definition.title,
      signerNameQuestion: definition.signerNameQuestion,
      survey: definition.survey,
    }),
  );
}

export interface SignedContent {
  consentFormId: string;
  version: number;
  definitionHash: string;
  answers: Record<string, unknown>;
  appointmentId: string;
  signedAt: Date;
}

/** signatureHash: SHA-256 over the canonical JSON of what was signed, where and when. */
export function signatureHash(content: SignedContent): string {
  return sha256(
    canonicalJson({
      consentFormId: content.consentFormId,
      version: content.version,
      definitionHash: content.definitionHash,
      answers: content.answers,
      appointmentId: content.appointmentId,
      signedAt: content.signedAt.toISOString(),
    }),
  );
}
