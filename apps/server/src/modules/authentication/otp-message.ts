import type { SupportedLocale } from '@portal/contract';
import { escapeHtml } from '../../escape-html.ts';
import { messageText, type NewOutboxMessage } from '../notifications/index.ts';

/**
 * The message carrying a one-time password. It names no appointment and holds
 * no link: whoever reads it still needs the booking link and the date of birth.
 */
export function otpMessage(
  locale: SupportedLocale,
  input: {
    channel: 'EMAIL' | 'SMS';
    recipient: string;
    providerName: string;
    firstName: string;
    code: string;
    expiryMinutes: number;
  },
): NewOutboxMessage {
  const t = messageText(locale);
  const { providerName, code, expiryMinutes: minutes } = input;
  if (input.channel === 'SMS') {
    return {
      channel: 'SMS',
      template: 'ACCESS_OTP',
      recipient: input.recipient,
      subject: null,
      bodyText: t('access_otp.sms', { code, providerName, minutes }),
      bodyHtml: null,
    };
  }
  return {
    channel: 'EMAIL',
    template: 'ACCESS_OTP',
    recipient: input.recipient,
    subject: `${providerName}: ${t('access_otp.subject')}`,
    bodyText: [
      t('common.greeting', { firstName: input.firstName }),
      '',
      t('access_otp.code', { code, minutes }),
      '',
      t('access_otp.ignore'),
      '',
      providerName,
    ].join('\n'),
    bodyHtml: [
      `<p>${t.html('common.greeting', { firstName: input.firstName })}</p>`,
      `<p>${t.html('access_otp.code', { code: { html: `<strong>${escapeHtml(code)}</strong>` }, minutes })}</p>`,
      `<p>${t.html('access_otp.ignore')}</p>`,
      `<p>${escapeHtml(providerName)}</p>`,
    ].join('\n'),
  };
}
