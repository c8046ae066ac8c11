import { lastingCookieExpires, readCookie, writeCookie } from '../../../lib/cookies.ts';

/**
 * The kiosk's identity, kept in cookies (docs/product/kiosk.md#kiosk-identity: path /, expiry end
 * of 2030).
 *
 * - `kioskIdentity`: the name staff give the device ("Reception tablet 1"), shown on the kiosk
 *   start screen and changeable there.
 * - `patientKioskIdentity`: an opaque random device id, created once with the first name and
 *   kept when the name changes. The patient-facing kiosk flows (kiosk check-in, a later issue)
 *   send it so a check-in can be traced to the device even after a rename. It never holds
 *   anything about a patient: a cookie on a shared tablet outlives every patient's visit.
 */
export const kioskIdentityCookie = 'kioskIdentity';
export const patientKioskIdentityCookie = 'patientKioskIdentity';

/** Longest name kept; a cookie value is limited and a label this long is no longer a name. */
export const kioskNameMaxLength = 60;

export interface KioskIdentity {
  name: string;
  deviceId: string;
}

export function readKioskIdentity(): KioskIdentity | null {
  const name = readCookie(kioskIdentityCookie)?.trim();
  if (!name) return null;
  return { name, deviceId: readCookie(patientKioskIdentityCookie) ?? '' };
}

/** Names (or renames) this device; the device id is created on the first save only. */
export function saveKioskIdentity(name: string): KioskIdentity {
  const trimmed = name.trim().slice(0, kioskNameMaxLength);
  if (!trimmed) throw new Error('A kiosk name is required');
  const deviceId = readCookie(patientKioskIdentityCookie) || crypto.randomUUID();
  writeCookie(kioskIdentityCookie, trimmed, lastingCookieExpires);
  writeCookie(patientKioskIdentityCookie, deviceId, lastingCookieExpires);
  return { name: trimmed, deviceId };
}
