import {
  kioskDeviceIdCookieName,
  kioskIdentityCookieName,
  kioskNameMaxLength,
} from '@portal/contract';
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
 *
 * The names and the longest name kept (a cookie value is limited, and a label this long is no
 * longer a name) are the contract's, which the server reads them by.
 */
export { kioskNameMaxLength };

export interface KioskIdentity {
  name: string;
  deviceId: string;
}

export function readKioskIdentity(): KioskIdentity | null {
  const name = readCookie(kioskIdentityCookieName)?.trim();
  if (!name) return null;
  return { name, deviceId: readCookie(kioskDeviceIdCookieName) ?? '' };
}

/** Names (or renames) this device; the device id is created on the first save only. */
export function saveKioskIdentity(name: string): KioskIdentity {
  const trimmed = name.trim().slice(0, kioskNameMaxLength);
  if (!trimmed) throw new Error('A kiosk name is required');
  const deviceId = readCookie(kioskDeviceIdCookieName) || crypto.randomUUID();
  writeCookie(kioskIdentityCookieName, trimmed, lastingCookieExpires);
  writeCookie(kioskDeviceIdCookieName, deviceId, lastingCookieExpires);
  return { name: trimmed, deviceId };
}
