/**
 * The rules behind the date-of-birth field, apart from React so they are easy to test.
 *
 * The field's value is one string. A complete, real date is `YYYY-MM-DD`; while the patient is
 * still typing it holds the raw parts joined by '-' (`year-month-day`, each part digits only),
 * so a form library can keep it and the field can restore what was typed.
 */

export type DatePart = 'day' | 'month' | 'year';

export interface DateParts {
  day: string;
  month: string;
  year: string;
}

/** Why a date of birth is not accepted; each is a translation key under form.date_of_birth.errors. */
export type DateOfBirthProblem = 'required' | 'incomplete' | 'invalid' | 'future' | 'too_old';

/** Nobody booking a scan was born more than this many years ago. */
const MAX_AGE_YEARS = 130;

export function splitDateValue(value: string | null | undefined): DateParts {
  const [year = '', month = '', day = ''] = (value ?? '').split('-');
  return { day, month, year };
}

const pad = (text: string, length: number) => text.padStart(length, '0');

/** The form value for what was typed: `YYYY-MM-DD` once it is a real date, else the raw parts. */
export function joinDateParts(parts: DateParts): string {
  if (!parts.day && !parts.month && !parts.year) return '';
  if (realDate(parts)) {
    return `${parts.year}-${pad(parts.month, 2)}-${pad(parts.day, 2)}`;
  }
  return `${parts.year}-${parts.month}-${parts.day}`;
}

function realDate({ day, month, year }: DateParts): { y: number; m: number; d: number } | null {
  if (!/^\d{4}$/.test(year) || !/^\d{1,2}$/.test(month) || !/^\d{1,2}$/.test(day)) return null;
  const y = Number(year);
  const m = Number(month);
  const d = Number(day);
  if (m < 1 || m > 12 || d < 1) return null;
  // Day 0 of the next month is the last day of this one (leap years included).
  const daysInMonth = new Date(Date.UTC(y, m, 0)).getUTCDate();
  return d <= daysInMonth ? { y, m, d } : null;
}

/** Today's calendar date where the patient is, as `YYYY-MM-DD`. */
export function localToday(now: Date = new Date()): string {
  return `${now.getFullYear()}-${pad(String(now.getMonth() + 1), 2)}-${pad(String(now.getDate()), 2)}`;
}

/**
 * What is wrong with this value, or null when it is a real date that is not in the future
 * (docs/product/authentication.md#date-of-birth: required, future dates disabled). `today` is
 * `YYYY-MM-DD`.
 */
export function dateOfBirthProblem(
  value: string | null | undefined,
  today: string = localToday(),
): DateOfBirthProblem | null {
  const parts = splitDateValue(value);
  if (!parts.day && !parts.month && !parts.year) return 'required';
  if (!parts.day || !parts.month || !parts.year) return 'incomplete';
  const date = realDate(parts);
  if (!date) return 'invalid';
  const iso = joinDateParts(parts);
  if (iso > today) return 'future';
  if (date.y < Number(today.slice(0, 4)) - MAX_AGE_YEARS) return 'too_old';
  return null;
}

/** The order a locale writes a numeric date in, e.g. day-month-year for en-AU. */
export function datePartOrder(locale: string): DatePart[] {
  try {
    const parts = new Intl.DateTimeFormat(locale, {
      day: 'numeric',
      month: 'numeric',
      year: 'numeric',
    }).formatToParts(new Date(Date.UTC(2000, 10, 22, 12)));
    const order = parts
      .map((part) => part.type)
      .filter((type): type is DatePart => type === 'day' || type === 'month' || type === 'year');
    if (order.length === 3) return order;
  } catch {
    // An unknown locale tag: fall through to the reference locale's order.
  }
  return ['day', 'month', 'year'];
}
