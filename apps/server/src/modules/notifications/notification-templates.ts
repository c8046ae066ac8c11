import type { NewOutboxMessage } from './notifications.repository.ts';

/** What a confirmation says; ids and names only, the link carries the booking key. */
export interface BookingNotice {
  kind: 'APPOINTMENT_CONFIRMATION' | 'PENDING_APPOINTMENT' | 'BOOKING_REQUEST_CONFIRMATION';
  providerName: string;
  firstName: string;
  email: string;
  contactNumber: string;
  link: string;
  /** One line per exam, already clinic-local ("MRI Knee, Parramatta, Mon 2 Mar 2026 09:00"). */
  lines: string[];
}

const escapeHtml = (value: string) =>
  value.replace(
    /[&<>"']/g,
    (char) => ({ '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&#39;' })[char]!,
  );

const headings: Record<BookingNotice['kind'], { subject: string; intro: string; sms: string }> = {
  APPOINTMENT_CONFIRMATION: {
    subject: 'Your appointment is confirmed',
    intro: 'Your appointment is booked.',
    sms: 'Your appointment is booked.',
  },
  PENDING_APPOINTMENT: {
    subject: 'We have received your appointment',
    intro: 'We have received your appointment. The clinic will confirm it shortly.',
    sms: 'We have received your appointment; the clinic will confirm it shortly.',
  },
  BOOKING_REQUEST_CONFIRMATION: {
    subject: 'We have received your booking request',
    intro: 'We have received your booking request. The clinic will contact you to arrange a time.',
    sms: 'We have received your booking request; the clinic will contact you.',
  },
};

/** The e-mail and the SMS for one booking notice. */
export function bookingNoticeMessages(notice: BookingNotice): NewOutboxMessage[] {
  const heading = headings[notice.kind];
  const subject = `${notice.providerName}: ${heading.subject}`;
  const text = [
    `Hello ${notice.firstName},`,
    '',
    heading.intro,
    '',
    ...notice.lines.map((line) => `- ${line}`),
    '',
    `View or manage it here: ${notice.link}`,
    '',
    notice.providerName,
  ].join('\n');
  const html = [
    `<p>Hello ${escapeHtml(notice.firstName)},</p>`,
    `<p>${escapeHtml(heading.intro)}</p>`,
    `<ul>${notice.lines.map((line) => `<li>${escapeHtml(line)}</li>`).join('')}</ul>`,
    `<p><a href="${escapeHtml(notice.link)}">View or manage it here</a></p>`,
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
    },
    {
      channel: 'SMS',
      template: notice.kind,
      recipient: notice.contactNumber,
      subject: null,
      bodyText: `${notice.providerName}: ${heading.sms} ${notice.link}`,
      bodyHtml: null,
    },
  ];
}
