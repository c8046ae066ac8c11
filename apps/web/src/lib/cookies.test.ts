import { afterEach, describe, expect, it, vi } from 'vitest';
import { deleteCookie, readCookie, writeCookie } from './cookies.ts';

/** What the code assigns to document.cookie (the attributes are not readable back). */
function recordCookieWrites() {
  const writes: string[] = [];
  const descriptor = Object.getOwnPropertyDescriptor(Document.prototype, 'cookie');
  if (!descriptor?.set || !descriptor.get) throw new Error('no document.cookie accessor');
  const { get, set } = descriptor;
  vi.spyOn(document, 'cookie', 'set').mockImplementation(function (this: Document, value) {
    writes.push(value);
    set.call(this, value);
  });
  vi.spyOn(document, 'cookie', 'get').mockImplementation(function (this: Document) {
    return get.call(this);
  });
  return writes;
}

afterEach(() => vi.restoreAllMocks());

describe('cookies', () => {
  it('writes a browser-session cookie on path / unless an expiry is given, and reads it back', () => {
    const writes = recordCookieWrites();
    writeCookie('portal_test', 'a b;c');
    writeCookie('portal_kept', 'x', 'Tue, 31 Dec 2030 23:59:59 GMT');
    expect(writes).toEqual([
      'portal_test=a%20b%3Bc; path=/; SameSite=Lax',
      'portal_kept=x; path=/; expires=Tue, 31 Dec 2030 23:59:59 GMT; SameSite=Lax',
    ]);
    expect(readCookie('portal_test')).toBe('a b;c');
    expect(readCookie('portal_kept')).toBe('x');
    expect(readCookie('portal')).toBeNull();
  });

  it('deletes a cookie', () => {
    writeCookie('portal_test', 'value');
    deleteCookie('portal_test');
    expect(readCookie('portal_test')).toBeNull();
  });
});
