import { describe, expect, it } from 'vitest';
import { type Opening, windowFits, windowStart } from './callback-windows.ts';

// A callback window is a date and times on the clinic's wall clock. Across a daylight-saving
// change the same wall-clock time is a different UTC instant, and the weekday comes from the
// calendar date, not from an instant in another zone.
const sydney = 'Australia/Sydney';
const weekdays: Opening[] = [1, 2, 3, 4, 5].map((weekday) => ({
  weekday,
  opens: '07:30',
  closes: '17:30',
}));
const sundays: Opening[] = [{ weekday: 7, opens: '09:00', closes: '13:00' }];
const longAgo = new Date('2020-01-01T00:00:00Z');

describe('callback windows on the clinic wall clock', () => {
  it('reads 09:00 in Sydney as +11:00 before daylight saving ends and +10:00 after', () => {
    // Daylight saving ends in Sydney at 03:00 on Sunday 5 April 2026.
    expect(windowStart({ date: '2026-04-03', from: '09:00', to: '10:00' }, sydney)).toEqual(
      new Date('2026-04-02T22:00:00Z'),
    );
    expect(windowStart({ date: '2026-04-06', from: '09:00', to: '10:00' }, sydney)).toEqual(
      new Date('2026-04-05T23:00:00Z'),
    );
  });

  it('reads 09:00 in Sydney as +10:00 before daylight saving starts and +11:00 after', () => {
    // Daylight saving starts in Sydney at 02:00 on Sunday 4 October 2026.
    expect(windowStart({ date: '2026-10-02', from: '09:00', to: '10:00' }, sydney)).toEqual(
      new Date('2026-10-01T23:00:00Z'),
    );
    expect(windowStart({ date: '2026-10-05', from: '09:00', to: '10:00' }, sydney)).toEqual(
      new Date('2026-10-04T22:00:00Z'),
    );
  });

  it('keeps the opening hours on the wall clock on the day the clocks change', () => {
    // The clinic opens 09:00-13:00 on Sundays; both changes fall on a Sunday.
    for (const date of ['2026-04-05', '2026-10-04']) {
      expect(windowFits({ date, from: '09:00', to: '13:00' }, sundays, sydney, longAgo)).toBe(true);
      expect(windowFits({ date, from: '08:30', to: '10:00' }, sundays, sydney, longAgo)).toBe(
        false,
      );
      expect(windowFits({ date, from: '12:30', to: '13:30' }, sundays, sydney, longAgo)).toBe(
        false,
      );
    }
  });

  it('takes the weekday from the calendar date, not from UTC (Monday in Sydney is Sunday in UTC)', () => {
    // 2026-10-05 is a Monday; 07:30 there is 20:30 UTC on Sunday.
    expect(
      windowFits({ date: '2026-10-05', from: '07:30', to: '08:30' }, weekdays, sydney, longAgo),
    ).toBe(true);
    expect(
      windowFits({ date: '2026-10-04', from: '07:30', to: '08:30' }, weekdays, sydney, longAgo),
    ).toBe(false);
  });

  it('refuses a window that started already by the clinic clock, across the change', () => {
    // 09:00 on Monday 6 April 2026 in Sydney (+10:00 again) is 23:00 UTC on Sunday 5 April.
    const window = { date: '2026-04-06', from: '09:00', to: '10:00' };
    expect(windowFits(window, weekdays, sydney, new Date('2026-04-05T22:59:00Z'))).toBe(true);
    expect(windowFits(window, weekdays, sydney, new Date('2026-04-05T23:00:00Z'))).toBe(false);
  });

  it('refuses an empty or reversed window', () => {
    expect(
      windowFits({ date: '2026-10-05', from: '10:00', to: '10:00' }, weekdays, sydney, longAgo),
    ).toBe(false);
    expect(
      windowFits({ date: '2026-10-05', from: '11:00', to: '10:00' }, weekdays, sydney, longAgo),
    ).toBe(false);
  });
});
