import { tzOffset } from '@date-fns/tz';

/**
 * Clinic-local calendar arithmetic. A local day is 'YYYY-MM-DD' text and a
 * wall-clock time is minutes after local midnight; instants are epoch
 * milliseconds. Zone rules come from @date-fns/tz (the runtime's IANA data).
 *
 * Calendar days are counted as UTC midnights: UTC has no daylight saving, so
 * adding whole days in milliseconds is exact and never depends on the
 * server's own time zone. (This is plain integer arithmetic rather than
 * date-fns on a TZDate: the slot engine does it thousands of times a request.)
 */

const minuteMs = 60_000;
const hourMs = 60 * minuteMs;
const dayMs = 24 * hourMs;

/** 'YYYY-MM-DD' as the epoch milliseconds of that day's UTC midnight. */
function dayAsUtc(day: string): number {
  return Date.parse(`${day}T00:00:00Z`);
}

const shiftedDays = new Map<string, string>();

/** The calendar day `days` after `day`; remembered (bounded), as slot searches repeat the same few. */
export function addLocalDays(day: string, days: number): string {
  const key = `${day} ${days}`;
  let shifted = shiftedDays.get(key);
  if (shifted === undefined) {
    if (shiftedDays.size >= 50_000) shiftedDays.clear();
    shifted = new Date(dayAsUtc(day) + days * dayMs).toISOString().slice(0, 10);
    shiftedDays.set(key, shifted);
  }
  return shifted;
}

/** Whole days from `from` to `to` (negative when `to` is earlier). */
export function daysBetween(from: string, to: string): number {
  return Math.round((dayAsUtc(to) - dayAsUtc(from)) / dayMs);
}

/** ISO weekday of a calendar day: Monday 1 ... Sunday 7 (as resource_schedules.weekday). */
export function isoWeekday(day: string): number {
  return new Date(dayAsUtc(day)).getUTCDay() || 7;
}

/** Per zone: whole minute (epoch) to UTC offset; number keys, no string per question. */
const offsets = new Map<string, Map<number, number>>();
let offsetCount = 0;

/**
 * The zone's UTC offset in minutes at an instant (Sydney in summer: 660).
 * Remembered per zone and whole minute (offsets change on whole minutes), so
 * repeated questions skip Intl; bounded like `localDay`.
 */
export function offsetAt(timeZone: string, instant: number): number {
  const minute = Math.floor(instant / minuteMs);
  let zone = offsets.get(timeZone);
  if (!zone) {
    zone = new Map();
    offsets.set(timeZone, zone);
  }
  let offset = zone.get(minute);
  if (offset === undefined) {
    if (offsetCount >= 50_000) {
      offsets.clear();
      offsetCount = 0;
      zone = new Map();
      offsets.set(timeZone, zone);
    }
    offset = tzOffset(timeZone, new Date(instant));
    zone.set(minute, offset);
    offsetCount += 1;
  }
  return offset;
}

/** Day number (days since 1970-01-01) to 'YYYY-MM-DD', remembered: a few hundred days recur. */
const dayTexts = new Map<number, string>();

function dayText(dayNumber: number): string {
  let text = dayTexts.get(dayNumber);
  if (text === undefined) {
    if (dayTexts.size >= 50_000) dayTexts.clear();
    text = new Date(dayNumber * dayMs).toISOString().slice(0, 10);
    dayTexts.set(dayNumber, text);
  }
  return text;
}

/** The clinic-local calendar day an instant falls on. */
export function localDayOf(timeZone: string, instant: number): string {
  return dayText(Math.floor((instant + offsetAt(timeZone, instant) * minuteMs) / dayMs));
}

/** Minutes after local midnight of an instant in the zone. */
export function localMinutesOf(timeZone: string, instant: number): number {
  const local = instant + offsetAt(timeZone, instant) * minuteMs;
  return Math.floor((local - Math.floor(local / (24 * hourMs)) * 24 * hourMs) / minuteMs);
}

/**
 * Converts wall-clock days to instants. A day without an offset change nearby
 * uses one offset for every time (the fast path); a day next to a change checks
 * each time, skipping times that do not exist (the spring-forward gap) and
 * taking the earlier of two (the repeated hour when clocks go back).
 */
export class LocalDay {
  readonly day: string;
  readonly weekday: number;
  private readonly midnightUtc: number;
  private readonly steadyOffset: number | null;

  constructor(
    readonly timeZone: string,
    day: string,
  ) {
    this.day = day;
    this.weekday = isoWeekday(day);
    this.midnightUtc = dayAsUtc(day);
    // Every zone's local day lies within [midnightUtc - 14 h, midnightUtc + 38 h].
    const before = offsetAt(timeZone, this.midnightUtc - 14 * hourMs);
    const after = offsetAt(timeZone, this.midnightUtc + 38 * hourMs);
    this.steadyOffset = before === after ? before : null;
  }

  /** The instant of a wall-clock time this day and the offset in force then; null in a gap. */
  at(minutes: number): { instant: number; offset: number } | null {
    const wall = this.midnightUtc + minutes * minuteMs;
    if (this.steadyOffset !== null) {
      return { instant: wall - this.steadyOffset * minuteMs, offset: this.steadyOffset };
    }
    // Try both offsets around the change; keep the earliest instant that reads back as `wall`.
    const candidates = [
      offsetAt(this.timeZone, wall - 14 * hourMs),
      offsetAt(this.timeZone, wall + 14 * hourMs),
    ];
    let best: { instant: number; offset: number } | null = null;
    for (const offset of candidates) {
      const instant = wall - offset * minuteMs;
      if (offsetAt(this.timeZone, instant) !== offset) continue;
      if (best === null || instant < best.instant) best = { instant, offset };
    }
    return best;
  }
}

const localDays = new Map<string, LocalDay>();

/**
 * The LocalDay of a zone and day, shared: a LocalDay is immutable and its
 * constructor asks the zone rules (Intl) twice, which dominates a slot search.
 * Bounded: the map starts again past 50,000 days.
 */
export function localDay(timeZone: string, day: string): LocalDay {
  const key = `${timeZone} ${day}`;
  let found = localDays.get(key);
  if (!found) {
    if (localDays.size >= 50_000) localDays.clear();
    found = new LocalDay(timeZone, day);
    localDays.set(key, found);
  }
  return found;
}

/** ISO 8601 with the given offset and no milliseconds: '2026-04-05T08:00:00+10:00'. */
export function formatWithOffset(instant: number, offsetMinutes: number): string {
  const local = new Date(instant + offsetMinutes * minuteMs).toISOString().slice(0, 19);
  const sign = offsetMinutes < 0 ? '-' : '+';
  const abs = Math.abs(offsetMinutes);
  const hours = String(Math.floor(abs / 60)).padStart(2, '0');
  const mins = String(abs % 60).padStart(2, '0');
  return `${local}${sign}${hours}:${mins}`;
}

/** 'HH:MM' or 'HH:MM:SS' to minutes after midnight. */
export function timeToMinutes(time: string): number {
  const [hours = '0', minutes = '0'] = time.split(':');
  return Number(hours) * 60 + Number(minutes);
}
