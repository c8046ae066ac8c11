import { createEvent, type EventAttributes } from 'ics';
import { CalendarFileError } from './calendar.errors.ts';
import { foldContentLines } from './content-lines.ts';

/** One appointment as its calendar file tells it (the caller maps its rows to this). */
export interface CalendarAppointment {
  /** Stable per booking (`appointments.calendar_uid`), kept through reschedules. */
  uid: string;
  /** `appointments.calendar_sequence`: rises on every change. */
  sequence: number;
  status: 'BOOKED' | 'PENDING' | 'CANCELED';
  /** Instants; written in UTC. */
  start: Date;
  end: Date;
  /** e.g. "MRI Brain at Sydney CBD Imaging". */
  title: string;
  /** Plain text: preparation, the booking key's link. */
  description: string;
  /** The appointment page, `${publicUrl}/appointments/{bookingKey}`. */
  url: string;
  clinic: { name: string; address: string; latitude: number | null; longitude: number | null };
  /** The provider. Without an e-mail address the file has no ORGANIZER. */
  organizer: { name: string; email?: string };
  /** DTSTAMP and LAST-MODIFIED. */
  updatedAt: Date;
}

export const calendarContentType = 'text/calendar; charset=utf-8';

/**
 * The right-hand side of every UID. Fixed rather than the public URL's host: the UID must
 * not change when a provider moves the portal to another address, or calendars would keep
 * the old event beside the new one and never see its cancellation. The left-hand side is a
 * random UUID, unique on its own.
 */
const uidDomain = 'radiology-portal';
const productId = '-//radiology-portal//Patient booking portal//EN';

const eventStatus = { BOOKED: 'CONFIRMED', PENDING: 'TENTATIVE', CANCELED: 'CANCELLED' } as const;

/**
 * PUBLISH for a booked or pending appointment, CANCEL for a cancelled one, whether the file
 * is downloaded or attached to an e-mail. Not REQUEST: that makes the patient an invited
 * attendee whose mail client offers Accept/Decline and mails replies to the organizer, and
 * nothing reads those replies. An e-mail attachment names the same method in its
 * Content-Type (`text/calendar; charset=utf-8; method=PUBLISH`, RFC 6047).
 */
export function calendarMethod(status: CalendarAppointment['status']): 'PUBLISH' | 'CANCEL' {
  return status === 'CANCELED' ? 'CANCEL' : 'PUBLISH';
}

/**
 * One VEVENT in an RFC 5545 calendar: UID `{uid}@radiology-portal`, SEQUENCE, times in UTC,
 * LOCATION (clinic name and address), GEO when the clinic has coordinates. Throws
 * CalendarFileError rather than return a file that is not sound.
 */
export function appointmentCalendarFile(appointment: CalendarAppointment): string {
  checkAppointment(appointment);
  const { clinic, organizer } = appointment;
  const geo = coordinates(clinic);
  const attributes: EventAttributes & { timestamp: number } = {
    productId,
    method: calendarMethod(appointment.status),
    uid: `${appointment.uid}@${uidDomain}`,
    sequence: appointment.sequence,
    timestamp: appointment.updatedAt.getTime(),
    lastModified: appointment.updatedAt.getTime(),
    start: appointment.start.getTime(),
    startInputType: 'utc',
    startOutputType: 'utc',
    end: appointment.end.getTime(),
    endInputType: 'utc',
    endOutputType: 'utc',
    title: plainText(appointment.title),
    description: plainText(appointment.description),
    url: appointment.url,
    location: plainText([clinic.name, clinic.address].filter((part) => part.trim()).join(', ')),
    status: eventStatus[appointment.status],
    ...(geo ? { geo } : {}),
    // The library writes `ORGANIZER;CN=...` with no value when there is no address, which
    // parsers reject; a file without ORGANIZER is sound.
    ...(organizer.email
      ? { organizer: { name: parameterText(organizer.name), email: organizer.email } }
      : {}),
  };
  const { error, value } = createEvent(attributes);
  if (error || !value) {
    throw new CalendarFileError(error?.message ?? 'the ics library returned nothing', {
      cause: error,
    });
  }
  return foldContentLines(value);
}

function checkAppointment(appointment: CalendarAppointment): void {
  if (!/^[A-Za-z0-9][A-Za-z0-9._-]*$/.test(appointment.uid)) {
    throw new CalendarFileError(`uid "${appointment.uid}" is not a plain identifier`);
  }
  if (!Number.isSafeInteger(appointment.sequence) || appointment.sequence < 0) {
    throw new CalendarFileError(`sequence ${appointment.sequence} is not a whole number >= 0`);
  }
  if (!(appointment.status in eventStatus)) {
    throw new CalendarFileError(`status ${appointment.status} has no calendar file`);
  }
  for (const name of ['start', 'end', 'updatedAt'] as const) {
    const time = appointment[name].getTime();
    if (!Number.isFinite(time) || time < 0) {
      throw new CalendarFileError(`${name} is not a time after 1970`);
    }
  }
  if (appointment.end.getTime() <= appointment.start.getTime()) {
    throw new CalendarFileError('end is not after start');
  }
}

function coordinates(clinic: CalendarAppointment['clinic']): { lat: number; lon: number } | null {
  const { latitude, longitude } = clinic;
  if (latitude === null || longitude === null) return null;
  if (!(Math.abs(latitude) <= 90 && Math.abs(longitude) <= 180)) {
    throw new CalendarFileError(`clinic coordinates ${latitude}, ${longitude} are not on Earth`);
  }
  // Six decimals (about 10 cm); also keeps JavaScript from writing 1e-7, which is no FLOAT.
  return { lat: Number(latitude.toFixed(6)), lon: Number(longitude.toFixed(6)) };
}

/**
 * TEXT values (RFC 5545 §3.3.11) hold no control characters but tab and newline; the
 * library escapes backslashes, commas, semicolons and newlines, but a lone CR would reach
 * the file raw, so CRs become newlines first.
 */
function plainText(text: string): string {
  return Array.from(text.replace(/\r\n?/g, '\n'))
    .filter((character) => character === '\n' || character === '\t' || !isControl(character))
    .join('');
}

/**
 * A parameter value (the organizer's CN) is quoted and may hold neither DQUOTE nor control
 * characters (§3.1); the library's backslash before a quote is not valid there.
 */
function parameterText(text: string): string {
  return Array.from(text)
    .map((character) => (character === '"' ? "'" : isControl(character) ? ' ' : character))
    .join('')
    .trim();
}

function isControl(character: string): boolean {
  const code = character.codePointAt(0) ?? 0;
  return code < 0x20 || code === 0x7f;
}
