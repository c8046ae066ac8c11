import { TZDate } from '@date-fns/tz';
import { formatISO } from 'date-fns';
import { describe, expect, it } from 'vitest';
import { formatWithOffset, isoWeekday, LocalDay, localDayOf } from './local-time.ts';
import {
  type CandidateSlot,
  computeSlots,
  type EngineInput,
  enquirySlots,
  filterTimeOfDay,
  type ScheduleWindow,
} from './slot-engine.ts';

const window = (overrides: Partial<ScheduleWindow> = {}): ScheduleWindow => ({
  resourceId: 1,
  weekday: 7,
  startTime: '08:00:00',
  endTime: '10:00:00',
  validFrom: '2024-01-01',
  validTo: null,
  ...overrides,
});

const input = (overrides: Partial<EngineInput> = {}): EngineInput => ({
  timeZone: 'Australia/Sydney',
  durationMinutes: 30,
  fromDay: '2026-04-01',
  toDay: '2026-04-30',
  schedules: [window()],
  closures: [],
  bookings: [],
  earliest: 0,
  latest: Number.MAX_SAFE_INTEGER,
  ...overrides,
});

const wire = (slot: CandidateSlot) => formatWithOffset(slot.start, slot.offset);
const on = (slots: CandidateSlot[], day: string) => slots.filter((slot) => slot.day === day);
const at = (iso: string) => Date.parse(iso);

describe('local time', () => {
  it('knows ISO weekdays whatever the server zone', () => {
    expect(isoWeekday('2026-04-05')).toBe(7);
    expect(isoWeekday('2026-04-06')).toBe(1);
  });

  it('formats like date-fns formatISO on a TZDate', () => {
    for (const [iso, zone] of [
      ['2026-04-04T21:00:00Z', 'Australia/Sydney'],
      ['2026-04-05T22:00:00Z', 'Australia/Sydney'],
      ['2026-07-01T00:30:00Z', 'Australia/Perth'],
      ['2026-01-15T12:00:00Z', 'America/St_Johns'],
    ] as const) {
      const instant = at(iso);
      const offset = -new TZDate(instant, zone).getTimezoneOffset();
      expect(formatWithOffset(instant, offset)).toBe(formatISO(new TZDate(instant, zone)));
    }
  });

  it('skips a wall-clock time that does not exist and takes the first of a repeated one', () => {
    const spring = new LocalDay('Australia/Sydney', '2026-10-04');
    expect(spring.at(2 * 60 + 30)).toBeNull();
    expect(spring.at(60)).toEqual({ instant: at('2026-10-03T15:00:00Z'), offset: 600 });
    expect(spring.at(3 * 60)).toEqual({ instant: at('2026-10-03T16:00:00Z'), offset: 660 });
    const autumn = new LocalDay('Australia/Sydney', '2026-04-05');
    expect(autumn.at(2 * 60 + 30)).toEqual({ instant: at('2026-04-04T15:30:00Z'), offset: 660 });
    expect(localDayOf('Australia/Sydney', at('2026-04-04T14:00:00Z'))).toBe('2026-04-05');
  });
});

describe('computeSlots across daylight-saving changes', () => {
  it('keeps 08:00 local on both sides of the April change in Sydney', () => {
    const slots = computeSlots(
      input({
        schedules: [window({ weekday: 6 }), window({ weekday: 7 })],
        fromDay: '2026-04-04',
        toDay: '2026-04-05',
      }),
    );
    expect(on(slots, '2026-04-04').map(wire)[0]).toBe('2026-04-04T08:00:00+11:00');
    expect(on(slots, '2026-04-05').map(wire)).toEqual([
      '2026-04-05T08:00:00+10:00',
      '2026-04-05T08:30:00+10:00',
      '2026-04-05T09:00:00+10:00',
      '2026-04-05T09:30:00+10:00',
    ]);
    expect(on(slots, '2026-04-05')[0]!.start).toBe(at('2026-04-04T22:00:00Z'));
  });

  it('keeps 08:00 local on both sides of the October change and skips the missing hour', () => {
    const slots = computeSlots(
      input({
        schedules: [
          window({ weekday: 6 }),
          window({ weekday: 7, startTime: '01:00', endTime: '04:00' }),
        ],
        fromDay: '2026-10-03',
        toDay: '2026-10-04',
      }),
    );
    expect(on(slots, '2026-10-03').map(wire)[0]).toBe('2026-10-03T08:00:00+10:00');
    expect(on(slots, '2026-10-04').map(wire)).toEqual([
      '2026-10-04T01:00:00+10:00',
      '2026-10-04T01:30:00+10:00',
      '2026-10-04T03:00:00+11:00',
      '2026-10-04T03:30:00+11:00',
    ]);
  });

  it('has no change in Brisbane', () => {
    const slots = computeSlots(
      input({ timeZone: 'Australia/Brisbane', fromDay: '2026-10-04', toDay: '2026-10-04' }),
    );
    expect(slots.map(wire)[0]).toBe('2026-10-04T08:00:00+10:00');
  });
});

describe('computeSlots rules', () => {
  const day = { fromDay: '2026-04-12', toDay: '2026-04-12' }; // a Sunday, no change

  it('collapses equal starts of several resources into one slot listing both', () => {
    const slots = computeSlots(input({ ...day, schedules: [window(), window({ resourceId: 2 })] }));
    expect(slots).toHaveLength(4);
    expect(slots[0]!.resourceIds).toEqual([1, 2]);
  });

  it('removes slots overlapping closures and bookings, per resource or clinic-wide', () => {
    const nine = at('2026-04-11T23:00:00Z'); // 09:00 +10:00
    const slots = computeSlots(
      input({
        ...day,
        schedules: [window(), window({ resourceId: 2 })],
        closures: [{ resourceId: 2, start: nine - 30 * 60_000, end: nine + 60 * 60_000 }],
        bookings: [{ resourceId: 1, start: nine, end: nine + 15 * 60_000 }],
      }),
    );
    expect(slots.map((slot) => [wire(slot).slice(11, 16), slot.resourceIds])).toEqual([
      ['08:00', [1, 2]],
      ['08:30', [1]],
      ['09:30', [1]],
    ]);
    const closed = computeSlots(
      input({ ...day, closures: [{ resourceId: null, start: 0, end: Number.MAX_SAFE_INTEGER }] }),
    );
    expect(closed).toEqual([]);
  });

  it('ignores bookings when asked (what a clinic offers, for booking against)', () => {
    const booked = [{ resourceId: 1, start: 0, end: Number.MAX_SAFE_INTEGER }];
    expect(computeSlots(input({ ...day, bookings: booked }))).toEqual([]);
    expect(computeSlots(input({ ...day, bookings: booked, ignoreBookings: true }))).toHaveLength(4);
  });

  it('honours notice, horizon, validity dates and the first-day-only search', () => {
    const slots = computeSlots(
      input({ earliest: at('2026-04-11T22:15:00Z'), latest: at('2026-04-11T23:30:00Z'), ...day }),
    );
    expect(slots.map(wire)).toEqual(['2026-04-12T08:30:00+10:00', '2026-04-12T09:00:00+10:00']);
    const valid = computeSlots(
      input({ schedules: [window({ validFrom: '2026-04-13', validTo: '2026-04-26' })] }),
    );
    expect([...new Set(valid.map((slot) => slot.day))]).toEqual(['2026-04-19', '2026-04-26']);
    const first = computeSlots(input({ firstDayOnly: true }));
    expect(new Set(first.map((slot) => slot.day))).toEqual(new Set(['2026-04-05']));
  });

  it('groups enquiry slots by part of the day and filters by time of day', () => {
    const slots = computeSlots(
      input({
        ...day,
        schedules: [window({ startTime: '08:00', endTime: '18:00' })],
        durationMinutes: 60,
      }),
    );
    const enquiries = enquirySlots(slots);
    expect(
      enquiries.map(
        (slot) =>
          `${wire(slot).slice(11, 16)}-${formatWithOffset(slot.end, slot.offset).slice(11, 16)}`,
      ),
    ).toEqual(['08:00-12:00', '12:00-17:00', '17:00-18:00']);
    expect(filterTimeOfDay(slots, ['AFTERNOON']).map((slot) => slot.minutes / 60)).toEqual([
      12, 13, 14, 15, 16,
    ]);
    expect(filterTimeOfDay(slots, [])).toHaveLength(10);
  });
});
