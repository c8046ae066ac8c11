/**
 * Calendar arithmetic on clinic-local days written as YYYY-MM-DD. Days are counted in UTC so
 * no browser time zone or daylight-saving change can shift them.
 */
const dayMs = 86_400_000;

function toUtc(day: string): Date {
  return new Date(`${day}T00:00:00Z`);
}

export function formatDay(date: Date): string {
  return date.toISOString().slice(0, 10);
}

export function addDays(day: string, days: number): string {
  return formatDay(new Date(toUtc(day).getTime() + days * dayMs));
}

/** Monday of the week holding `day`. */
export function startOfWeek(day: string): string {
  const weekday = (toUtc(day).getUTCDay() + 6) % 7;
  return addDays(day, -weekday);
}

export function startOfMonth(day: string): string {
  return `${day.slice(0, 7)}-01`;
}

export function addMonths(day: string, months: number): string {
  const date = toUtc(startOfMonth(day));
  date.setUTCMonth(date.getUTCMonth() + months);
  return formatDay(date);
}

export function endOfMonth(day: string): string {
  return addDays(addMonths(day, 1), -1);
}

/** The days shown for a view: the 7 days of the week, or the whole month. */
export function visibleRange(day: string, view: 'WEEK' | 'MONTH'): { from: string; to: string } {
  if (view === 'WEEK') {
    const from = startOfWeek(day);
    return { from, to: addDays(from, 6) };
  }
  return { from: startOfMonth(day), to: endOfMonth(day) };
}

export function daysBetween(from: string, to: string): string[] {
  const days: string[] = [];
  for (let day = from; day <= to; day = addDays(day, 1)) days.push(day);
  return days;
}

/** The clinic-local day (YYYY-MM-DD) of an instant. */
export function dayInZone(instant: Date, timeZone: string): string {
  const parts = new Intl.DateTimeFormat('en-CA', {
    timeZone,
    year: 'numeric',
    month: '2-digit',
    day: '2-digit',
  }).format(instant);
  return parts;
}

/** Milliseconds the zone's wall clock is ahead of UTC at an instant. */
function zoneOffsetMs(instant: number, timeZone: string): number {
  const parts = Object.fromEntries(
    new Intl.DateTimeFormat('en-US', {
      timeZone,
      hourCycle: 'h23',
      year: 'numeric',
      month: 'numeric',
      day: 'numeric',
      hour: 'numeric',
      minute: 'numeric',
      second: 'numeric',
    })
      .formatToParts(instant)
      .map((part) => [part.type, Number(part.value)]),
  );
  const wall = Date.UTC(
    parts.year ?? 0,
    (parts.month ?? 1) - 1,
    parts.day ?? 1,
    parts.hour ?? 0,
    parts.minute ?? 0,
    parts.second ?? 0,
  );
  return wall - (instant - (instant % 1000));
}

/**
 * The instant a clinic-local day begins (ISO, UTC). A day like 2026-03-17 means midnight where
 * the clinic is, not in UTC: 'T00:00:00Z' would skip a Sydney morning.
 */
export function startOfDayInZone(day: string, timeZone: string): string {
  const utcMidnight = Date.parse(`${day}T00:00:00Z`);
  let instant = utcMidnight - zoneOffsetMs(utcMidnight, timeZone);
  // Once more with the offset at the guess: right across a daylight-saving change.
  instant = utcMidnight - zoneOffsetMs(instant, timeZone);
  return new Date(instant).toISOString();
}
