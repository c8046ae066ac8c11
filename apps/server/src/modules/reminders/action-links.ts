import { createHash, randomUUID } from 'node:crypto';
import { jwtVerify, SignJWT } from 'jose';
import type { AppointmentLinkAction } from '../../db/tables/reminder-tables.ts';

/**
 * The confirm and cancel links of a reminder (docs/product/patient-portal.md#reminders):
 * a JWT (HS256, `jose`) naming one appointment and one action, expiring at the
 * appointment's start. The database keeps only a hash of its id, so a link works once
 * and is withdrawn when the appointment changes (migration 014).
 */
const audience = 'appointment-action-link';

export interface ActionLinkClaims {
  appointmentId: string;
  bookingKey: string;
  action: AppointmentLinkAction;
  tokenHash: string;
}

/** The signing key, derived from SESSION_SECRET so no second secret must be configured. */
export function actionLinkKey(sessionSecret: string): Uint8Array {
  return createHash('sha256').update(`appointment-action-links\0${sessionSecret}`).digest();
}

export const hashTokenId = (tokenId: string): string =>
  createHash('sha256').update(tokenId).digest('hex');

export async function signActionLink(
  key: Uint8Array,
  input: {
    appointmentId: string;
    bookingKey: string;
    action: AppointmentLinkAction;
    now: Date;
    expiresAt: Date;
  },
): Promise<{ token: string; tokenHash: string }> {
  const tokenId = randomUUID();
  const token = await new SignJWT({ act: input.action, bk: input.bookingKey })
    .setProtectedHeader({ alg: 'HS256' })
    .setSubject(input.appointmentId)
    .setJti(tokenId)
    .setAudience(audience)
    .setIssuedAt(Math.floor(input.now.getTime() / 1000))
    .setExpirationTime(Math.floor(input.expiresAt.getTime() / 1000))
    .sign(key);
  return { token, tokenHash: hashTokenId(tokenId) };
}

/** The claims of a genuine, unexpired link; null for anything else (tampered, expired, foreign). */
export async function verifyActionLink(
  key: Uint8Array,
  token: string,
  now: Date,
): Promise<ActionLinkClaims | null> {
  try {
    const { payload } = await jwtVerify(token, key, {
      audience,
      algorithms: ['HS256'],
      currentDate: now,
    });
    const { act: action, bk: bookingKey } = payload;
    if (action !== 'CONFIRM' && action !== 'CANCEL') return null;
    if (typeof bookingKey !== 'string' || !payload.sub || !payload.jti) return null;
    return {
      appointmentId: payload.sub,
      bookingKey,
      action,
      tokenHash: hashTokenId(payload.jti),
    };
  } catch {
    return null;
  }
}
