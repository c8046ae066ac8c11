import type { SupportedLocale } from '@portal/contract';
import { escapeHtml } from '../../escape-html.ts';
import { type CheckInInvitation, checkInSection } from './check-in-invitation.ts';
import { messageText } from './message-catalogue.ts';
import type { NewOutboxMessage } from './notifications.repository.ts';

/** What a confirmation says; ids and names only, the link carries the booking key. */
export interface BookingNotice {
  kind:
    | 'APPOINTMENT_CONFIRMATION'
    | 'PENDING_APPOINTMENT'
    | 'BOOKING_REQUEST_CONFIRMATION'
    | 'APPOINTMENT_CANCELED'
    | 'APPOINTMENT_RESCHEDULED'
    | 'APPOINTMENT_CHANGED'
    | 'APPOINTMENT_CANCEL_REQUESTED'
    | 'BOOKING_REQUEST_CANCELED';
  providerName: string;
  firstName: string;
  email: string;
  contactNumber: string;
  link: string;
  /** One line per exam, already clinic-local ("MRI Knee, Parramatta, Mon 2 Mar 2026 09:00"). */
  lines: string[];
  /** The e-mail carries this key's appointments as calendar files (built when sent). */
  calendarBookingKey?: string;
  /** The e-mail invites to check in from home, with a QR code per appointment. */
  checkIn?: CheckInInvitation;
}

/** The e-mail and the SMS for one booking notice. */
export function bookingNoticeMessages(
  locale: SupportedLocale,
  notice: BookingNotice,
): NewOutboxMessage[] {
  const t = messageText(locale);
  const kind = notice.kind.toLowerCase();
  const checkIn = notice.checkIn ? checkInSection(locale, notice.link, notice.checkIn) : null;
  const subject = `${notice.providerName}: ${t(`${kind}.subject`)}`;
  const text = [
    t('common.greeting', { firstName: notice.firstName }),
    '',
    t(`${kind}.intro`),
    '',
    ...notice.lines.map((line) => `- ${line}`),
    '',
    t('booking_notice.manage_text', { link: notice.link }),
    '',
    ...(checkIn ? [...checkIn.text, ''] : []),
    notice.providerName,
  ].join('\n');
  const html = [
    `<p>${t.html('common.greeting', { firstName: notice.firstName })}</p>`,
    `<p>${t.html(`${kind}.intro`)}</p>`,
    `<ul>${notice.lines.map((line) => `<li>${escapeHtml(line)}</li>`).join('')}</ul>`,
    `<p><a href="${escapeHtml(notice.link)}">${t.html('booking_notice.manage_link')}</a></p>`,
    ...(checkIn?.html ?? []),
    `<p>${escapeHtml(notice.providerName)}</p>`,
  ].join('\n');
  return [
    {
      channel: 'EMAIL',
      template: notice.kind,
      recipient: notice.email,
      subject,
      bodyText: text,
      bodyHtml: html,
      calendarBookingKey: notice.calendarBookingKey ?? null,
      qrCodes: checkIn?.qrCodes ?? null,
    },
    {
      channel: 'SMS',
      template: notice.kind,
      recipient: notice.contactNumber,
      subject: null,
      bodyText: `${notice.providerName}: ${t(`${kind}.sms`)} ${notice.link}`,
      bodyHtml: null,
    },
  ];
}

/**
 * The clinic's e-mail about a patient's request it must act on (a cancellation): no patient
 * data but what is asked and the link. In the provider's language (en-AU unless overridden).
 */
export function clinicRequestMessage(
  locale: SupportedLocale,
  request: {
    providerName: string;
    clinicEmail: string;
    /** The appointment's line ("MRI Knee, Parramatta, ..."). */
    what: string;
    reason: string | null;
    note: string | null;
    link: string;
  },
): NewOutboxMessage {
  const t = messageText(locale);
  const text = [
    t('clinic_request.asks', { what: request.what }),
    t('clinic_request.reason', {
      reason: request.reason ?? t('clinic_request.reason_not_given'),
    }),
    ...(request.note ? [t('clinic_request.note', { note: request.note })] : []),
    '',
    t('clinic_request.booking', { link: request.link }),
    '',
    request.providerName,
  ].join('\n');
  return {
    channel: 'EMAIL',
    template: 'CLINIC_REQUEST',
    recipient: request.clinicEmail,
    subject: `${request.providerName}: ${t('clinic_request.subject')}`,
    bodyText: text,
    bodyHtml: null,
  };
}

/** A reminder of one booked appointment, with its confirm and cancel links. */
export function reminderMessages(
  locale: SupportedLocale,
  reminder: {
    providerName: string;
    firstName: string;
    email: string;
    contactNumber: string;
    /** Already clinic-local ("MRI Knee, Parramatta, Mon 2 Mar 2026 09:00"). */
    line: string;
    confirmLink: string;
    cancelLink: string;
    manageLink: string;
    /** The e-mail invites to check in from home, with the appointment's QR code. */
    checkIn?: CheckInInvitation;
  },
): NewOutboxMessage[] {
  const t = messageText(locale);
  const checkIn = reminder.checkIn
    ? checkInSection(locale, reminder.manageLink, reminder.checkIn)
    : null;
  const subject = `${reminder.providerName}: ${t('appointment_reminder.subject')}`;
  const link = (href: string, key: string) => ({
    html: `<a href="${escapeHtml(href)}">${t.html(`appointment_reminder.${key}`)}</a>`,
  });
  const text = [
    t('common.greeting', { firstName: reminder.firstName }),
    '',
    t('appointment_reminder.intro'),
    `- ${reminder.line}`,
    '',
    t('appointment_reminder.confirm_text', { link: reminder.confirmLink }),
    t('appointment_reminder.cancel_text', { link: reminder.cancelLink }),
    t('appointment_reminder.manage_text', { link: reminder.manageLink }),
    '',
    ...(checkIn ? [...checkIn.text, ''] : []),
    reminder.providerName,
  ].join('\n');
  const html = [
    `<p>${t.html('common.greeting', { firstName: reminder.firstName })}</p>`,
    `<p>${t.html('appointment_reminder.intro')}</p>`,
    `<ul><li>${escapeHtml(reminder.line)}</li></ul>`,
    `<p>${link(reminder.confirmLink, 'confirm_link').html}</p>`,
    `<p>${t.html('appointment_reminder.cancel_html', { link: link(reminder.cancelLink, 'cancel_link') })}</p>`,
    `<p>${link(reminder.manageLink, 'manage_link').html}</p>`,
    ...(checkIn?.html ?? []),
    `<p>${escapeHtml(reminder.providerName)}</p>`,
  ].join('\n');
  return [
    {
      channel: 'EMAIL',
      template: 'APPOINTMENT_REMINDER',
      recipient: reminder.email,
      subject,
      bodyText: text,
      bodyHtml: html,
      qrCodes: checkIn?.qrCodes ?? null,
    },
    {
      channel: 'SMS',
      template: 'APPOINTMENT_REMINDER',
      recipient: reminder.contactNumber,
      subject: null,
      bodyText: `${reminder.providerName}: ${t('appointment_reminder.sms', {
        line: reminder.line,
        confirmLink: reminder.confirmLink,
        cancelLink: reminder.cancelLink,
      })}`,
      bodyHtml: null,
    },
  ];
}
