import { describe, expect, it } from 'vitest';
import {
  constantTimeEqual,
  newOtpCode,
  newSessionToken,
  normalisedContactNumber,
  otpHash,
} from './authentication-crypto.ts';

describe('access crypto', () => {
  it('makes 256-bit URL-safe tokens and 6-digit codes', () => {
    const tokens = new Set(Array.from({ length: 100 }, newSessionToken));
    expect(tokens.size).toBe(100);
    for (const token of tokens) expect(token).toMatch(/^[A-Za-z0-9_-]{43}$/);
    for (let i = 0; i < 200; i += 1) expect(newOtpCode()).toMatch(/^\d{6}$/);
  });

  it('binds an OTP hash to its secret, session and booking key', () => {
    const base = otpHash('secret', 'session-1', 'key-1', '123456');
    expect(base).toMatch(/^[0-9a-f]{64}$/);
    expect(otpHash('secret', 'session-1', 'key-1', '123456')).toBe(base);
    expect(otpHash('other', 'session-1', 'key-1', '123456')).not.toBe(base);
    expect(otpHash('secret', 'session-2', 'key-1', '123456')).not.toBe(base);
    expect(otpHash('secret', 'session-1', 'key-2', '123456')).not.toBe(base);
    expect(otpHash('secret', 'session-1', 'key-1', '123457')).not.toBe(base);
  });

  it('compares texts of any length', () => {
    expect(constantTimeEqual('1975-08-21', '1975-08-21')).toBe(true);
    expect(constantTimeEqual('1975-08-21', '1975-08-22')).toBe(false);
    expect(constantTimeEqual('1975-08-21', '')).toBe(false);
  });

  it('normalises contact numbers to their subscriber digits', () => {
    expect(normalisedContactNumber('0491 570 006')).toBe('491570006');
    expect(normalisedContactNumber('+61 491 570 006')).toBe('491570006');
    expect(normalisedContactNumber('(04) 9157-0006')).toBe('491570006');
    expect(normalisedContactNumber('1234567')).toBeNull();
    expect(normalisedContactNumber(null)).toBeNull();
  });
});
