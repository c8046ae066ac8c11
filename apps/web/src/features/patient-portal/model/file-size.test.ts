import { describe, expect, it } from 'vitest';
import { formatFileSize } from './file-size.ts';

describe('formatFileSize', () => {
  it('writes a file size in the page’s language', () => {
    expect(formatFileSize(830, 'en-AU')).toBe('830 bytes');
    expect(formatFileSize(1200, 'en-AU')).toBe('1.2 kB');
    expect(formatFileSize(48_000, 'en-AU')).toBe('48 kB');
    expect(formatFileSize(2_345_678, 'en-AU')).toBe('2.3 MB');
  });
});
