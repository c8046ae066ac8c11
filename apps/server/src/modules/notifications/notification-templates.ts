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
  APPOINTMENT_CANCELED: {
    subject: 'Your appointment is cancelled',
    intro: 'Your appointment is cancelled. You can book again at any time.',
    sms: 'Your appointment is cancelled.',
  },
  APPOINTMENT_RESCHEDULED: {
    subject: 'Your appointment has moved',
    intro: 'Your appointment has moved to a new time. Your earlier time is no longer booked.',
    sms: 'Your appointment has moved to a new time.',
  },
  APPOINTMENT_CHANGED: {
    subject: 'Your appointment has changed',
    intro: 'Your appointment has changed. Your earlier appointment is no longer booked.',
    sms: 'Your appointment has changed.',
  },
  APPOINTMENT_CANCEL_REQUESTED: {
    subject: 'We have asked the clinic to cancel your appointment',
    intro:
      'We have asked the clinic to cancel your appointment. The clinic will contact you to confirm.',
    sms: 'We have asked the clinic to cancel your appointment; they will contact you.',
  },
  BOOKING_REQUEST_CANCELED: {
    subject: 'Your booking request is cancelled',
    intro: 'Your booking request is cancelled. You can send a new one at any time.',
    sms: 'Your booking request is cancelled.',
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
      calendarBookingKey: notice.calendarBookingKey ?? null,
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

/** The clinic's e-mail about a patient's request it must act on (no patient data but the link). */
export function clinicRequestMessage(request: {
  providerName: string;
  clinicEmail: string;
  subject: string;
  lines: string[];
  link: string;
}): NewOutboxMessage {
  const text = [...request.lines, '', `Booking: ${request.link}`, '', request.providerName].join(
    '\n',
  );
  return {
    channel: 'EMAIL',
    template: 'CLINIC_REQUEST',
    recipient: request.clinicEmail,
    subject: `${request.providerName}: ${request.subject}`,
    bodyText: text,
    bodyHtml: null,
  };
}

/** A reminder of one booked appointment, with its confirm and cancel links. */
export function reminderMessages(reminder: {
  providerName: string;
  firstName: string;
  email: string;
  contactNumber: string;
  /** Already clinic-local ("MRI Knee, Parramatta, Mon 2 Mar 2026 09:00"). */
  line: string;
  confirmLink: string;
  cancelLink: string;
  manageLink: string;
}): NewOutboxMessage[] {
  const subject = `${reminder.providerName}: Reminder of your appointment`;
  const text = [
    `Hello ${reminder.firstName},`,
    '',
    'This is a reminder of your appointment:',
    `- ${reminder.line}`,
    '',
    `Please confirm you will attend: ${reminder.confirmLink}`,
    `If you cannot come, cancel it so someone else can have the time: ${reminder.cancelLink}`,
    `View or change your appointment: ${reminder.manageLink}`,
    '',
    reminder.providerName,
  ].join('\n');
  const html = [
    `<p>Hello ${escapeHtml(reminder.firstName)},</p>`,
    '<p>This is a reminder of your appointment:</p>',
    `<ul><li>${escapeHtml(reminder.line)}</li></ul>`,
    `<p><a href="${escapeHtml(reminder.confirmLink)}">Confirm you will attend</a></p>`,
    `<p><a href="${escapeHtml(reminder.cancelLink)}">Cancel the appointment</a> if you cannot come, so someone else can have the time.</p>`,
    `<p><a href="${escapeHtml(reminder.manageLink)}">View or change your appointment</a></p>`,
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
    },
    {
      channel: 'SMS',
      template: 'APPOINTMENT_REMINDER',
      recipient: reminder.contactNumber,
      subject: null,
      bodyText: `${reminder.providerName}: reminder, ${reminder.line}. Confirm: ${reminder.confirmLink} Cancel: ${reminder.cancelLink}`,
      bodyHtml: null,
    },
  ];
}
