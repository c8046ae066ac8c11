import { describe, expect, it } from 'vitest';
import { checkInWindow, clinicToday } from './check-in-window.ts';

const settings = { priorMinutes: 60, closesMinutesAfterStart: 30 };
const start = new Date('2026-03-10T09:00:00Z');
const at = (iso: string) => checkInWindow(start, new Date(iso), settings).window;

describe('checkInWindow', () => {
  it('opens priorMinutes before the start and closes closesMinutesAfterStart after it', () => {
    expect(at('2026-03-10T07:59:59Z')).toBe('NOT_YET_OPEN');
    expect(at('2026-03-10T08:00:00Z')).toBe('OPEN');
    expect(at('2026-03-10T09:29:59Z')).toBe('OPEN');
    expect(at('2026-03-10T09:30:00Z')).toBe('CLOSED');
    expect(checkInWindow(start, start, settings)).toMatchObject({
      opensAt: new Date('2026-03-10T08:00:00Z'),
      closesAt: new Date('2026-03-10T09:30:00Z'),
    });
  });
});

describe('clinicToday', () => {
  it("is the clinic's calendar day, not UTC's", () => {
    // 14:30 UTC on 9 March is already 10 March in Sydney (UTC+11) and still 9 March in Perth.
    const now = new Date('2026-03-09T14:30:00Z');
    expect(clinicToday(now, 'Australia/Sydney')).toBe('2026-03-10');
    expect(clinicToday(now, 'Australia/Perth')).toBe('2026-03-09');
  });
});
