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
