import type { TimeOfDay } from '@portal/contract';
import { addLocalDays, daysBetween, localDay, timeToMinutes } from './local-time.ts';

/**
 * The slot engine: pure and in memory. Given one clinic's weekly schedules,
 * closures and bookings for a window (fetched in bulk by the repository), it
 * lists the starts the clinic offers for one exam. Nothing here reads a clock
 * or a database, so every rule is unit-tested with plain values.
 */

export interface ScheduleWindow {
  resourceId: number;
  weekday: number;
  /** Clinic-local 'HH:MM[:SS]'. */
  startTime: string;
  endTime: string;
  /** Clinic-local days, inclusive; validTo null means open-ended. */
  validFrom: string;
  validTo: string | null;
}

/** A time range (epoch ms, end exclusive); resourceId null closes the whole clinic. */
export interface BusyPeriod {
  resourceId: number | null;
  start: number;
  end: number;
}

export interface EngineInput {
  timeZone: string;
  durationMinutes: number;
  /** Clinic-local days, inclusive. */
  fromDay: string;
  toDay: string;
  schedules: ScheduleWindow[];
  closures: BusyPeriod[];
  /** Appointments and live holds; ignored when `ignoreBookings` is set. */
  bookings: BusyPeriod[];
  /** Starts before this instant are not offered (now + minimum notice). */
  earliest: number;
  /** Starts at or after this instant are not offered (the booking horizon). */
  latest: number;
  ignoreBookings?: boolean;
  /** Stop after the first day that offers a slot (next-available search). */
  firstDayOnly?: boolean;
}

export interface CandidateSlot {
  start: number;
  end: number;
  /** The clinic's UTC offset (minutes) at `start`. */
  offset: number;
  day: string;
  /** Clinic-local minutes after midnight of `start`. */
  minutes: number;
  /** Resources free for the whole slot (or offering it, when bookings are ignored). */
  resourceIds: number[];
}

export const timeOfDayRanges: Record<TimeOfDay, [number, number]> = {
  MORNING: [0, 12 * 60],
  AFTERNOON: [12 * 60, 17 * 60],
  EVENING: [17 * 60, 24 * 60],
};

export function timeOfDayOf(minutes: number): TimeOfDay {
  if (minutes < 12 * 60) return 'MORNING';
  return minutes < 17 * 60 ? 'AFTERNOON' : 'EVENING';
}

/** Sorted, merged, non-overlapping periods: overlap tests become one binary search. */
class Timeline {
  private readonly starts: number[] = [];
  private readonly ends: number[] = [];

  constructor(periods: Array<{ start: number; end: number }>) {
    const sorted = [...periods].sort((a, b) => a.start - b.start);
    for (const period of sorted) {
      const last = this.ends.length - 1;
      if (last >= 0 && period.start <= this.ends[last]!) {
        this.ends[last] = Math.max(this.ends[last]!, period.end);
      } else {
        this.starts.push(period.start);
        this.ends.push(period.end);
      }
    }
  }

  overlaps(start: number, end: number): boolean {
    // First period ending after `start`; it overlaps when it begins before `end`.
    let low = 0;
    let high = this.ends.length;
    while (low < high) {
      const middle = (low + high) >> 1;
      if (this.ends[middle]! <= start) low = middle + 1;
      else high = middle;
    }
    return low < this.starts.length && this.starts[low]! < end;
  }
}

function timelinesByResource(
  resourceIds: Iterable<number>,
  periods: BusyPeriod[],
): Map<number, Timeline> {
  const clinicWide: BusyPeriod[] = [];
  const own = new Map<number, BusyPeriod[]>();
  for (const period of periods) {
    if (period.resourceId === null) clinicWide.push(period);
    else {
      const list = own.get(period.resourceId) ?? [];
      list.push(period);
      own.set(period.resourceId, list);
    }
  }
  const timelines = new Map<number, Timeline>();
  for (const id of resourceIds) {
    timelines.set(id, new Timeline([...clinicWide, ...(own.get(id) ?? [])]));
  }
  return timelines;
}

/**
 * Every start the clinic offers in the window, earliest first. Starts repeat
 * every `durationMinutes` from each schedule window's start; a start shared by
 * several resources is one slot listing all of them; a slot no resource is
 * free for is left out.
 */
export function computeSlots(input: EngineInput): CandidateSlot[] {
  const duration = input.durationMinutes;
  const resourceIds = new Set(input.schedules.map((window) => window.resourceId));
  const closures = timelinesByResource(resourceIds, input.closures);
  const bookings = input.ignoreBookings
    ? new Map<number, Timeline>()
    : timelinesByResource(resourceIds, input.bookings);
  const byWeekday = new Map<number, ScheduleWindow[]>();
  for (const window of input.schedules) {
    const list = byWeekday.get(window.weekday) ?? [];
    list.push(window);
    byWeekday.set(window.weekday, list);
  }

  const slots: CandidateSlot[] = [];
  const dayCount = daysBetween(input.fromDay, input.toDay);
  for (let index = 0; index <= dayCount; index++) {
    const dayText = addLocalDays(input.fromDay, index);
    const day = localDay(input.timeZone, dayText);
    const windows = (byWeekday.get(day.weekday) ?? []).filter(
      (window) =>
        window.validFrom <= dayText && (window.validTo === null || window.validTo >= dayText),
    );
    if (windows.length === 0) continue;
    const starts = new Map<number, CandidateSlot>();
    for (const window of windows) {
      const last = timeToMinutes(window.endTime) - duration;
      for (let minutes = timeToMinutes(window.startTime); minutes <= last; minutes += duration) {
        const at = day.at(minutes);
        if (at === null) continue; // does not exist on this day (clocks went forward)
        const start = at.instant;
        if (start < input.earliest || start >= input.latest) continue;
        const end = start + duration * 60_000;
        if (closures.get(window.resourceId)!.overlaps(start, end)) continue;
        if (bookings.get(window.resourceId)?.overlaps(start, end)) continue;
        const slot = starts.get(start);
        if (slot) {
          if (!slot.resourceIds.includes(window.resourceId))
            slot.resourceIds.push(window.resourceId);
        } else {
          starts.set(start, {
            start,
            end,
            offset: at.offset,
            day: dayText,
            minutes,
            resourceIds: [window.resourceId],
          });
        }
      }
    }
    const daySlots = [...starts.values()].sort((a, b) => a.start - b.start);
    for (const slot of daySlots) {
      slot.resourceIds.sort((a, b) => a - b);
      slots.push(slot);
    }
    if (input.firstDayOnly && daySlots.length > 0) break;
  }
  return slots;
}

/**
 * Enquiry slots for a booking-request-only exam: one per part of each open
 * day, from the first start the schedules offer in that part to the end of
 * the last. Existing bookings never close an enquiry slot (pass
 * `ignoreBookings`): the clinic answers the request itself.
 */
export function enquirySlots(candidates: CandidateSlot[]): CandidateSlot[] {
  const groups = new Map<string, CandidateSlot>();
  for (const slot of candidates) {
    const key = `${slot.day} ${timeOfDayOf(slot.minutes)}`;
    const group = groups.get(key);
    if (!group) {
      groups.set(key, { ...slot, resourceIds: [...slot.resourceIds] });
      continue;
    }
    group.end = Math.max(group.end, slot.end);
    for (const id of slot.resourceIds)
      if (!group.resourceIds.includes(id)) group.resourceIds.push(id);
  }
  // An enquiry slot ends with its part of the day (a last exam may run past noon).
  for (const group of groups.values()) {
    const partEnd = timeOfDayRanges[timeOfDayOf(group.minutes)][1];
    group.end = Math.min(group.end, group.start + (partEnd - group.minutes) * 60_000);
  }
  return [...groups.values()].sort((a, b) => a.start - b.start);
}

/** Keeps slots whose clinic-local start lies in one of the parts of the day (all when empty). */
export function filterTimeOfDay(slots: CandidateSlot[], parts: TimeOfDay[]): CandidateSlot[] {
  if (parts.length === 0) return slots;
  return slots.filter((slot) => parts.includes(timeOfDayOf(slot.minutes)));
}
