import { createHash, createHmac, randomBytes, randomInt, timingSafeEqual } from 'node:crypto';

/** A session token: 256 random bits, URL-safe (the cookie's value). */
export function newSessionToken(): string {
  return randomBytes(32).toString('base64url');
}

/** What the database keeps of a token: its SHA-256, so a leaked table opens no session. */
export function sha256Hex(value: string): string {
  return createHash('sha256').update(value).digest('hex');
}

/** A 6-digit one-time password, uniformly drawn (leading zeros kept). */
export function newOtpCode(): string {
  return randomInt(0, 1_000_000).toString().padStart(6, '0');
}

/**
 * Keyed hash of an OTP, bound to its session and booking key: the same code in
 * another session or for another key hashes differently, and without the key
 * (SESSION_SECRET) a stolen hash cannot be brute-forced over the 10^6 codes.
 */
export function otpHash(secret: string, sessionId: string, bookingKey: string, code: string) {
  return createHmac('sha256', secret)
    .update(`otp\0${sessionId}\0${bookingKey}\0${code}`)
    .digest('hex');
}

/**
 * Equality in time independent of where the texts differ (and of their lengths):
 * both sides are hashed to 32 bytes first, then compared with timingSafeEqual.
 */
export function constantTimeEqual(a: string, b: string): boolean {
  const left = createHash('sha256').update(a).digest();
  const right = createHash('sha256').update(b).digest();
  return timingSafeEqual(left, right);
}

/**
 * Contact numbers compare by their last 9 digits, so 0491 570 006, 491570006 and
 * +61 491 570 006 match (national trunk 0 and country code differ, the subscriber
 * number does not). Fewer than 8 digits never matches.
 */
export function normalisedContactNumber(value: string | null | undefined): string | null {
  const digits = (value ?? '').replace(/\D/g, '');
  return digits.length < 8 ? null : digits.slice(-9);
}
