import { createHash, randomUUID } from 'node:crypto';
import { type ImageViewerAudience, imageViewerAudiences } from '@portal/contract';
import { errors, jwtVerify, SignJWT } from 'jose';
import { isDicomUid } from '../../adapters/pacs.ts';
import {
  ImageViewerTokenExpiredError,
  ImageViewerTokenForbiddenError,
  ImageViewerTokenInvalidError,
} from './image-viewer.errors.ts';

/**
 * The viewer link's token, `imsec` (docs/decisions/029): a JWT (HS256, `jose`) naming one study
 * (accession number and study instance UID), who it was issued to (PATIENT, REFERRER or
 * EXTERNAL) and a random jti, expiring after the audience's configured life. Nothing is stored:
 * the signature is the authority, so a token cannot be guessed or widened to another study.
 */
const issuer = 'portal-image-viewer';
const audiencePrefix = 'image-viewer:';

export interface ImageViewerClaims {
  accessionNumber: string;
  studyInstanceUid: string;
  audience: ImageViewerAudience;
  jti: string;
  expiresAt: Date;
}

/** Derived from SESSION_SECRET (like the reminders' action links), for this use only. */
export function imageViewerKey(sessionSecret: string): Uint8Array {
  return createHash('sha256').update(`image-viewer-links\0${sessionSecret}`).digest();
}

export async function signImageViewerToken(
  key: Uint8Array,
  input: Omit<ImageViewerClaims, 'jti' | 'expiresAt'> & { now: Date; lifetimeMinutes: number },
): Promise<{ token: string; claims: ImageViewerClaims }> {
  const jti = randomUUID();
  const issuedAt = Math.floor(input.now.getTime() / 1000);
  const expires = issuedAt + input.lifetimeMinutes * 60;
  const token = await new SignJWT({ acc: input.accessionNumber })
    .setProtectedHeader({ alg: 'HS256' })
    .setIssuer(issuer)
    .setAudience(`${audiencePrefix}${input.audience}`)
    .setSubject(input.studyInstanceUid)
    .setJti(jti)
    .setIssuedAt(issuedAt)
    .setExpirationTime(expires)
    .sign(key);
  return {
    token,
    claims: {
      accessionNumber: input.accessionNumber,
      studyInstanceUid: input.studyInstanceUid,
      audience: input.audience,
      jti,
      expiresAt: new Date(expires * 1000),
    },
  };
}

/**
 * MALFORMED: not a JWT at all (truncated, garbage); FORGED: a JWT whose signature, issuer,
 * audience or claims are not ours; EXPIRED: genuine but past its life (the claims are given,
 * so an expired link can still say EXPIRED and where to go).
 */
export type TokenCheck =
  | { kind: 'VALID'; claims: ImageViewerClaims }
  | { kind: 'EXPIRED'; claims: ImageViewerClaims }
  | { kind: 'MALFORMED' }
  | { kind: 'FORGED' };

function claimsOf(payload: Record<string, unknown>): ImageViewerClaims | null {
  const audience = typeof payload.aud === 'string' ? payload.aud.slice(audiencePrefix.length) : '';
  const known = (imageViewerAudiences as readonly string[]).includes(audience);
  const { acc, sub, jti, exp } = payload;
  if (!known || typeof acc !== 'string' || typeof sub !== 'string' || typeof jti !== 'string') {
    return null;
  }
  if (typeof exp !== 'number') return null;
  return {
    accessionNumber: acc,
    studyInstanceUid: sub,
    audience: audience as ImageViewerAudience,
    jti,
    expiresAt: new Date(exp * 1000),
  };
}

export async function checkImageViewerToken(
  key: Uint8Array,
  token: string,
  now: Date,
): Promise<TokenCheck> {
  if (!/^[A-Za-z0-9_-]+\.[A-Za-z0-9_-]+\.[A-Za-z0-9_-]+$/.test(token)) return { kind: 'MALFORMED' };
  try {
    const { payload } = await jwtVerify(token, key, {
      issuer,
      algorithms: ['HS256'],
      currentDate: now,
      requiredClaims: ['exp', 'jti', 'sub', 'aud'],
    });
    const claims = claimsOf(payload);
    return claims ? { kind: 'VALID', claims } : { kind: 'FORGED' };
  } catch (error) {
    // jose checks the signature before the claims: an expired token here is a genuine one.
    if (error instanceof errors.JWTExpired) {
      const claims = claimsOf(error.payload);
      return claims ? { kind: 'EXPIRED', claims } : { kind: 'FORGED' };
    }
    if (error instanceof errors.JWSInvalid || error instanceof errors.JWTInvalid) {
      return { kind: 'MALFORMED' };
    }
    return { kind: 'FORGED' };
  }
}

/**
 * A token the study's readers (the listing, the frames, the quick report) accept: genuine,
 * unexpired and naming a study UID. 400 malformed, 403 forged, 401 expired.
 */
export async function validImageViewerClaims(
  key: Uint8Array,
  token: string | undefined,
  now: Date,
): Promise<ImageViewerClaims> {
  const check = await checkImageViewerToken(key, token ?? '', now);
  if (check.kind === 'MALFORMED') {
    throw new ImageViewerTokenInvalidError('The image viewer link is not valid.');
  }
  if (check.kind === 'FORGED' || !isDicomUid(check.claims.studyInstanceUid)) {
    throw new ImageViewerTokenForbiddenError(
      'The image viewer link was not issued by this portal.',
    );
  }
  if (check.kind === 'EXPIRED') {
    throw new ImageViewerTokenExpiredError('The image viewer link has expired.');
  }
  return check.claims;
}
