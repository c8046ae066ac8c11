import { AsyncLocalStorage } from 'node:async_hooks';
import {
  kioskDeviceIdCookieName,
  kioskIdentityCookieName,
  kioskNameMaxLength,
} from '@portal/contract';

/**
 * The kiosk a request came from (docs/product/kiosk.md#kiosk-identity): the device id of the
 * patientKioskIdentity cookie and the name of the kioskIdentity cookie. Both are set by the
 * kiosk's browser, so they identify, they do not authenticate: they name the device in the
 * audit trail and count attempts per device (docs/product/security.md#kiosk-devices).
 */
export interface KioskDevice {
  id: string;
  name: string;
}

const deviceIdPattern = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

/** The kiosk device of a request's cookies, or null when it does not carry both, well formed. */
export function kioskDeviceOf(
  cookies: Record<string, string | undefined> | undefined,
): KioskDevice | null {
  const id = cookies?.[kioskDeviceIdCookieName];
  const name = cookies?.[kioskIdentityCookieName]?.trim();
  if (!id || !deviceIdPattern.test(id) || !name || name.length > kioskNameMaxLength) return null;
  return { id: id.toLowerCase(), name };
}

const storage = new AsyncLocalStorage<KioskDevice>();

/**
 * Runs the rest of a request with its kiosk device known to the audit trail, so every event
 * the request writes names the device without each module passing it along.
 */
export function runWithKioskDevice(device: KioskDevice, work: () => void): void {
  storage.run(device, work);
}

/** The kiosk device of the request being served, if any. */
export function currentKioskDevice(): KioskDevice | null {
  return storage.getStore() ?? null;
}
