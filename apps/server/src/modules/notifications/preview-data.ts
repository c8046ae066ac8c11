import type { MessageTemplate, SupportedLocale } from '@portal/contract';
import type { NewOutboxMessage } from './notifications.repository.ts';

/** What a real booking gives a preview: the patient's name and contacts, one line per exam. */
export interface PreviewBooking {
  firstName: string;
  email: string;
  contactNumber: string;
  /** "MRI Knee, Parramatta, Mon 2 Mar 2026, 9:00 am" as the booking notices write them. */
  lines: string[];
  examName: string;
  appointmentIds: string[];
}

/** What fills a preview: a fictional patient, or a real booking's (outside production). */
export interface PreviewData extends PreviewBooking {
  providerName: string;
  publicUrl: string;
  bookingKey: string;
  /** config/patient-portal.json checkIn.priorMinutes when check-in is on, else null. */
  checkInPriorMinutes: number | null;
  now: Date;
}

/**
 * The sample's "now": the day before its appointment (Sun 1 Mar 2026, 10:30 am in Sydney). Fixed,
 * so a preview is the same on every request: the page caches what it showed, and a time taken
 * from the clock changed the consent notice between two reads a minute apart.
 */
const sampleNow = new Date('2026-02-28T23:30:00Z');

/** The fictional patient and appointment of a preview without a referenceId. */
export function samplePreviewData(
  base: Pick<PreviewData, 'providerName' | 'publicUrl' | 'checkInPriorMinutes'>,
): PreviewData {
  return {
    ...base,
    now: sampleNow,
    bookingKey: 'SAMPLE-BOOKING-KEY',
    firstName: 'Alex',
    email: 'alex.example@example.org',
    contactNumber: '0400 000 000',
    lines: ['MRI Knee, Parramatta, Mon 2 Mar 2026, 9:00 am'],
    examName: 'MRI Knee',
    appointmentIds: ['sample-appointment'],
  };
}

/**
 * How each message the portal sends renders from preview data, through the same function its
 * sending code calls. Composed outside the modules (src/message-previews.ts) and given to this
 * one, since the messages belong to the modules that send them and those modules import this.
 */
export type MessagePreviews = Record<
  MessageTemplate,
  (locale: SupportedLocale, data: PreviewData) => NewOutboxMessage[]
>;
