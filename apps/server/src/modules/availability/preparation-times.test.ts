import { describe, expect, it } from 'vitest';
import { timedPreparation } from './index.ts';

const step = (minutesBefore: number, instruction = `${minutesBefore} minutes before`) => ({
  minutesBefore,
  instruction,
});

describe('timedPreparation', () => {
  describe('Australia/Sydney, clocks forward at 2:00 am on Sunday 4 October 2026', () => {
    // 9:00 am AEDT (+11:00) on the first morning of daylight saving.
    const start = new Date('2026-10-04T09:00:00+11:00');

    it('starts a 12-hour fast at 8:00 pm the evening before, at the old offset (+10:00)', () => {
      // Twelve real hours: the night is one hour short, so the clock reads 8:00 pm, not 9:00 pm.
      expect(timedPreparation([step(720, 'Stop eating')], start, 'Australia/Sydney')).toEqual([
        { minutesBefore: 720, instruction: 'Stop eating', at: '2026-10-03T20:00:00+10:00' },
      ]);
    });

    it('gives steps after the change the new offset', () => {
      const [arrive] = timedPreparation([step(15)], start, 'Australia/Sydney');
      expect(arrive?.at).toBe('2026-10-04T08:45:00+11:00');
    });

    it('puts a step an hour before a 3:30 am start at 1:30 am (+10:00): the hour of 2:00 never happens', () => {
      const early = new Date('2026-10-04T03:30:00+11:00');
      expect(timedPreparation([step(60)], early, 'Australia/Sydney')[0]?.at).toBe(
        '2026-10-04T01:30:00+10:00',
      );
    });
  });

  describe('Europe/London, clocks back at 2:00 am on Sunday 25 October 2026', () => {
    // 9:00 am GMT (+00:00) on the first morning after summer time.
    const start = new Date('2026-10-25T09:00:00Z');

    it('starts a 12-hour fast at 10:00 pm the evening before, in summer time (+01:00)', () => {
      // The night is one hour long: twelve real hours before 9:00 am is 10:00 pm by the clock.
      expect(timedPreparation([step(720)], start, 'Europe/London')[0]?.at).toBe(
        '2026-10-24T22:00:00+01:00',
      );
    });

    it('tells the two 1:30 ams of that night apart by their offsets', () => {
      const steps = timedPreparation([step(450), step(510)], start, 'Europe/London');
      expect(steps.map((timed) => timed.at)).toEqual([
        '2026-10-25T01:30:00+01:00',
        '2026-10-25T01:30:00+00:00',
      ]);
    });
  });

  it('times a step with minutesBefore 0 at the start itself', () => {
    const start = new Date('2026-07-01T00:30:00Z');
    expect(timedPreparation([step(0, 'Scan')], start, 'Australia/Perth')).toEqual([
      { minutesBefore: 0, instruction: 'Scan', at: '2026-07-01T08:30:00+08:00' },
    ]);
  });

  it('orders steps earliest first, keeping the provider order for equal lead times', () => {
    const start = new Date('2026-07-01T00:00:00Z');
    const steps = [
      step(15, 'Arrive'),
      step(240, 'Stop eating'),
      step(60, 'Drink'),
      step(60, 'Then'),
    ];
    expect(timedPreparation(steps, start, 'UTC').map((timed) => timed.instruction)).toEqual([
      'Stop eating',
      'Drink',
      'Then',
      'Arrive',
    ]);
    // The input is not reordered.
    expect(steps.map((entry) => entry.instruction)).toEqual([
      'Arrive',
      'Stop eating',
      'Drink',
      'Then',
    ]);
  });

  it('leaves out entries that are not valid steps, and answers none for none', () => {
    const start = new Date('2026-07-01T00:00:00Z');
    const stored = [
      step(30, 'Drink water'),
      { minutesBefore: -5, instruction: 'After the start' },
      { minutesBefore: 2881, instruction: 'Too early' },
      { minutesBefore: 1.5, instruction: 'Not whole' },
      { minutesBefore: 10, instruction: '   ' },
      { instruction: 'No time' },
    ] as Parameters<typeof timedPreparation>[0];
    expect(timedPreparation(stored, start, 'UTC')).toEqual([
      { minutesBefore: 30, instruction: 'Drink water', at: '2026-06-30T23:30:00+00:00' },
    ]);
    expect(timedPreparation([], start, 'UTC')).toEqual([]);
  });
});
