import { createHash } from 'node:crypto';
import { TZDate } from '@date-fns/tz';
import { format } from 'date-fns';

/** SHA-256 hex of the trimmed, lower-case e-mail (analytics carry this, never the e-mail). */
export function emailHash(email: string): string {
  return createHash('sha256').update(email.trim().toLowerCase()).digest('hex');
}

/** ISO 8601 with the clinic's own offset at that instant ('2026-03-02T09:00:00+11:00'). */
export function clinicInstant(instant: Date, timeZone: string): string {
  return format(new TZDate(instant.getTime(), timeZone), "yyyy-MM-dd'T'HH:mm:ssXXX");
}

/** A clinic-local time for people ('Mon 2 Mar 2026, 9:00 am'). */
export function clinicWallTime(instant: Date, timeZone: string): string {
  return format(new TZDate(instant.getTime(), timeZone), 'EEE d MMM yyyy, h:mm aaa');
}
