import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { kioskNameMaxLength, readKioskIdentity, saveKioskIdentity } from './kiosk-identity.ts';

const cookieDescriptor = Object.getOwnPropertyDescriptor(Document.prototype, 'cookie');
let written: string[];

beforeEach(() => {
  written = [];
  // Record what is written (attributes included; reading back gives only name=value).
  Object.defineProperty(document, 'cookie', {
    configurable: true,
    get: () => cookieDescriptor?.get?.call(document),
    set: (value: string) => {
      written.push(value);
      cookieDescriptor?.set?.call(document, value);
    },
  });
});
afterEach(() => {
  delete (document as { cookie?: string }).cookie;
  for (const name of ['kioskIdentity', 'patientKioskIdentity']) {
    // biome-ignore lint/suspicious/noDocumentCookie: the test empties the cookie jar.
    document.cookie = `${name}=; path=/; expires=Thu, 01 Jan 1970 00:00:00 GMT`;
  }
  vi.restoreAllMocks();
});

describe('kiosk identity cookies', () => {
  it('has no identity until the device is named', () => {
    expect(readKioskIdentity()).toBeNull();
  });

  it('stores the name and a device id, path /, expiring 2030-12-31, SameSite=Lax', () => {
    const saved = saveKioskIdentity('  Reception tablet 1 ');
    expect(saved.name).toBe('Reception tablet 1');
    expect(saved.deviceId).toMatch(/^[0-9a-f-]{36}$/);
    expect(readKioskIdentity()).toEqual(saved);

    expect(written).toEqual([
      'kioskIdentity=Reception%20tablet%201; path=/; expires=Tue, 31 Dec 2030 23:59:59 GMT; SameSite=Lax',
      `patientKioskIdentity=${saved.deviceId}; path=/; expires=Tue, 31 Dec 2030 23:59:59 GMT; SameSite=Lax`,
    ]);
  });

  it('keeps the device id when the kiosk is renamed', () => {
    const first = saveKioskIdentity('Tablet A');
    const second = saveKioskIdentity('Tablet B; level 2 = east');
    expect(second).toEqual({ name: 'Tablet B; level 2 = east', deviceId: first.deviceId });
    expect(readKioskIdentity()).toEqual(second);
  });

  it('refuses an empty name and shortens a very long one', () => {
    expect(() => saveKioskIdentity('   ')).toThrow();
    expect(readKioskIdentity()).toBeNull();
    expect(saveKioskIdentity('x'.repeat(200)).name).toHaveLength(kioskNameMaxLength);
  });
});
