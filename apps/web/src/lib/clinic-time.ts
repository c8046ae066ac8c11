/**
 * How the web app writes a clinic's dates and times, in the page's language. A moment is shown
 * in the clinic's own zone, whatever the browser's (docs/product/README.md#api-conventions); its
 * full form names the zone: "Wednesday 5 March 2031 at 9:30 am AEDT". Opening hours ("08:00") and
 * calendar days ("2031-03-05") arrive already in the clinic's terms, so they are written with the
 * same formatter and no zone maths.
 */

/** A moment: an ISO string from the server, epoch milliseconds or a Date. */
export type Instant = string | number | Date;

/** The full clinic-local date and time: weekday, date, time and the zone's short name. */
export const clinicDateTimeStyle: Intl.DateTimeFormatOptions = {
  weekday: 'long',
  day: 'numeric',
  month: 'long',
  year: 'numeric',
  hour: 'numeric',
  minute: '2-digit',
  timeZoneName: 'short',
};

function clinicFormat(
  timeZone: string,
  locale: string | undefined,
  options: Intl.DateTimeFormatOptions,
): Intl.DateTimeFormat {
  return new Intl.DateTimeFormat(locale, { ...options, timeZone });
}

/**
 * An instant as the clinic's clock and calendar show it (`clinicDateTimeStyle` unless other
 * parts are asked for). `locale` undefined is the browser's language.
 */
export function formatClinicDateTime(
  instant: Instant,
  timeZone: string,
  locale: string | undefined,
  options: Intl.DateTimeFormatOptions = clinicDateTimeStyle,
): string {
  return clinicFormat(timeZone, locale, options).format(new Date(instant));
}

/** A window between two instants in the clinic's zone ("6:30 – 10:00 am AWST"), shared parts once. */
export function formatClinicDateTimeRange(
  start: Instant,
  end: Instant,
  timeZone: string,
  locale: string | undefined,
  options: Intl.DateTimeFormatOptions = clinicDateTimeStyle,
): string {
  return clinicFormat(timeZone, locale, options).formatRange(new Date(start), new Date(end));
}

/** The zone's short name at an instant (AEDT, or GMT+11 where the language has no name for it). */
export function clinicZoneName(timeZone: string, locale: string, instant: Instant): string {
  return (
    clinicFormat(timeZone, locale, { timeZoneName: 'short' })
      .formatToParts(new Date(instant))
      .find((part) => part.type === 'timeZoneName')?.value ?? timeZone
  );
}

/** A clinic's wall-clock time of day, "08:00" written "8:00 am" in en-AU (opening hours). */
export function formatClinicTimeOfDay(time: string, locale: string): string {
  const [hours = 0, minutes = 0] = time.split(':').map(Number);
  return formatClinicDateTime(Date.UTC(2000, 0, 1, hours, minutes), 'UTC', locale, {
    hour: 'numeric',
    minute: '2-digit',
  });
}

/** A calendar day "YYYY-MM-DD" (a clinic-local day, or a date with no time) in the parts asked for. */
export function formatCalendarDay(
  day: string,
  locale: string | undefined,
  options: Intl.DateTimeFormatOptions,
): string {
  const [year = 1970, month = 1, date = 1] = day.split('-').map(Number);
  return formatClinicDateTime(Date.UTC(year, month - 1, date), 'UTC', locale, options);
}

/** The browser's own zone: a clinic's times name their zone only when it differs. */
export function browserTimeZone(): string {
  return Intl.DateTimeFormat().resolvedOptions().timeZone;
}
