import { TZDate } from '@date-fns/tz';
import type { CallbackWindow } from '@portal/contract';

/** One opening of a clinic: weekday 1 = Monday … 7 = Sunday, times 'HH:mm' or 'HH:mm:ss'. */
export interface Opening {
  weekday: number;
  opens: string;
  closes: string;
}

const minutes = (time: string) => {
  const [hours = 0, mins = 0] = time.split(':').map(Number);
  return hours * 60 + mins;
};

/** The window's start as an instant, reading its date and time on the clinic's wall clock. */
export function windowStart(window: CallbackWindow, timeZone: string): Date {
  const [year = 0, month = 1, day = 1] = window.date.split('-').map(Number);
  const [hours = 0, mins = 0] = window.from.split(':').map(Number);
  return new Date(new TZDate(year, month - 1, day, hours, mins, timeZone).getTime());
}

/** ISO weekday (1 = Monday) of a calendar date, which is the same in every time zone. */
function weekdayOf(date: string): number {
  const day = new Date(`${date}T12:00:00Z`).getUTCDay();
  return day === 0 ? 7 : day;
}

/**
 * Whether a preferred window lies within one of the clinic's openings that day and starts after
 * `now`; the windows are the clinic's wall-clock times (DST-safe through @date-fns/tz).
 */
export function windowFits(
  window: CallbackWindow,
  openings: ReadonlyArray<Opening>,
  timeZone: string,
  now: Date,
): boolean {
  const from = minutes(window.from);
  const to = minutes(window.to);
  if (to <= from) return false;
  if (windowStart(window, timeZone).getTime() <= now.getTime()) return false;
  const weekday = weekdayOf(window.date);
  return openings.some(
    (opening) =>
      opening.weekday === weekday &&
      minutes(opening.opens) <= from &&
      to <= minutes(opening.closes),
  );
}
