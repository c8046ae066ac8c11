import { describe, expect, it } from 'vitest';
import { bannerFingerprint } from './banner.ts';

describe('bannerFingerprint', () => {
  it('is FNV-1a in 8 hex digits, the same for the same message', () => {
    // Published FNV-1a 32-bit test vectors.
    expect(bannerFingerprint('')).toBe('811c9dc5');
    expect(bannerFingerprint('a')).toBe('e40c292c');
    expect(bannerFingerprint('foobar')).toBe('bf9cf968');
    const message = '<p>Clinics close at <b>noon</b> on 24 December.</p>';
    expect(bannerFingerprint(message)).toBe(bannerFingerprint(message));
  });

  it('tells a changed message apart, including characters outside ASCII', () => {
    const before = bannerFingerprint('<p>Closed on 24 December.</p>');
    expect(bannerFingerprint('<p>Closed on 25 December.</p>')).not.toBe(before);
    expect(bannerFingerprint('Затворено')).toMatch(/^[0-9a-f]{8}$/);
    expect(bannerFingerprint('Затворено')).not.toBe(bannerFingerprint('Затворено!'));
  });
});
