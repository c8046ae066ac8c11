import { createHash } from 'node:crypto';
import { tzOffset } from '@date-fns/tz';
import { formatClinicTime } from '../availability/index.ts';

/** SHA-256 hex of the trimmed, lower-case e-mail (analytics carry this, never the e-mail). */
export function emailHash(email: string): string {
  return createHash('sha256').update(email.trim().toLowerCase()).digest('hex');
}

/** ISO 8601 with the clinic's own offset at that instant ('2026-03-02T09:00:00+11:00'). */
export function clinicInstant(instant: Date, timeZone: string): string {
  return formatClinicTime(instant, timeZone);
}

const weekdays = ['Sun', 'Mon', 'Tue', 'Wed', 'Thu', 'Fri', 'Sat'];
const months = ['Jan', 'Feb', 'Mar', 'Apr', 'May', 'Jun', 'Jul', 'Aug', 'Sep', 'Oct', 'Nov', 'Dec'];

/**
 * A clinic-local time for people ('Mon 2 Mar 2026, 9:00 am'), as date-fns'
 * 'EEE d MMM yyyy, h:mm aaa' would write it, from the zone's offset and plain
 * arithmetic: formatting a TZDate field by field cost about a millisecond per
 * call, paid by every appointment and every loser of a race.
 */
export function clinicWallTime(instant: Date, timeZone: string): string {
  const wall = new Date(instant.getTime() + tzOffset(timeZone, instant) * 60_000);
  const hours = wall.getUTCHours();
  const minutes = String(wall.getUTCMinutes()).padStart(2, '0');
  const date = `${weekdays[wall.getUTCDay()]} ${wall.getUTCDate()} ${months[wall.getUTCMonth()]} ${wall.getUTCFullYear()}`;
  return `${date}, ${hours % 12 || 12}:${minutes} ${hours < 12 ? 'am' : 'pm'}`;
}
