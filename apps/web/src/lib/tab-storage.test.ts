import { afterEach, describe, expect, it, vi } from 'vitest';
import { tabStorage } from './tab-storage.ts';

afterEach(() => tabStorage.clear());

describe('tabStorage', () => {
  it('is sessionStorage where the browser allows it', () => {
    tabStorage.setItem('booking.key', 'abc');
    expect(sessionStorage.getItem('booking.key')).toBe('abc');
    expect(tabStorage.getItem('booking.key')).toBe('abc');
    tabStorage.removeItem('booking.key');
    expect(tabStorage.getItem('booking.key')).toBeNull();
  });

  it('keeps values for the page when reading sessionStorage throws (a blocked third-party frame)', () => {
    const blocked = vi.spyOn(window, 'sessionStorage', 'get').mockImplementation(() => {
      throw new DOMException('Access is denied for this document.', 'SecurityError');
    });
    expect(() => window.sessionStorage).toThrow();
    tabStorage.setItem('booking.key', 'framed');
    expect(tabStorage.getItem('booking.key')).toBe('framed');
    tabStorage.removeItem('booking.key');
    expect(tabStorage.getItem('booking.key')).toBeNull();
    tabStorage.setItem('booking.holds', '{}');
    tabStorage.clear();
    expect(tabStorage.getItem('booking.holds')).toBeNull();
    // Before the shared afterEach (src/testing/setup.ts) clears sessionStorage itself.
    blocked.mockRestore();
  });

  it('keeps a value the storage refused (quota) and reads it back', () => {
    vi.spyOn(Storage.prototype, 'setItem').mockImplementation(() => {
      throw new DOMException('full', 'QuotaExceededError');
    });
    tabStorage.setItem('booking.completion', '{"x":1}');
    expect(tabStorage.getItem('booking.completion')).toBe('{"x":1}');
  });
});
