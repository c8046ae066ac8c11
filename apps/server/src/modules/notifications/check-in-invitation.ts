import type { SupportedLocale } from '@portal/contract';
import { escapeHtml } from '../../escape-html.ts';
import { type MessageText, messageText } from './message-catalogue.ts';
import type { InlineQrCode } from './notifications.repository.ts';

/** An e-mail's invitation to check in from home (docs/product/check-in.md#qr-codes). */
export interface CheckInInvitation {
  /** config/patient-portal.json checkIn.priorMinutes: how long before the start it opens. */
  priorMinutes: number;
  /** The appointments it is for, each with its line ("MRI Knee, Parramatta, ..."). */
  appointments: { id: string; line: string }[];
}

/** "24 hours", "2 days", "90 minutes": priorMinutes as a patient reads it, in their words. */
export function spokenMinutes(t: MessageText, minutes: number): string {
  if (minutes >= 2880 && minutes % 1440 === 0) {
    return t('check_in.period.days', { count: minutes / 1440 });
  }
  if (minutes >= 60 && minutes % 60 === 0) {
    return minutes === 60
      ? t('check_in.period.hour')
      : t('check_in.period.hours', { count: minutes / 60 });
  }
  return minutes === 1
    ? t('check_in.period.minute')
    : t('check_in.period.minutes', { count: minutes });
}

/**
 * The check-in part of an e-mail: per appointment, the link the web opens check-in with
 * (/appointments/{bookingKey}?checkIn={appointmentId}, as the confirmation page's code) and its
 * QR code. The code carries only the booking key, so the usual sign-in still applies; the link
 * is also written out for a patient who reads the e-mail on the phone itself.
 */
export function checkInSection(
  locale: SupportedLocale,
  manageLink: string,
  invitation: CheckInInvitation,
) {
  const t = messageText(locale);
  const codes = invitation.appointments.map((appointment) => ({
    line: appointment.line,
    url: `${manageLink}?checkIn=${encodeURIComponent(appointment.id)}`,
    cid: `check-in-${appointment.id}@portal`,
  }));
  const opens = t('check_in.opens', { period: spokenMinutes(t, invitation.priorMinutes) });
  const how = t('check_in.how');
  return {
    text: [
      t('check_in.text_intro', { opens, how }),
      ...codes.map((code) => `- ${code.line}: ${code.url}`),
    ],
    html: [
      `<p><strong>${t.html('check_in.heading')}</strong> ${escapeHtml(opens)} ${escapeHtml(how)}</p>`,
      ...codes.map(
        (code) =>
          `<p><img src="cid:${escapeHtml(code.cid)}" alt="${t.html('check_in.qr_alt', { line: code.line })}"><br>` +
          `<a href="${escapeHtml(code.url)}">${t.html('check_in.link', { line: code.line })}</a></p>`,
      ),
    ],
    qrCodes: codes.map(({ cid, url }): InlineQrCode => ({ cid, text: url })),
  };
}
