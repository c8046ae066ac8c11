import type { NewOutboxMessage } from '../notifications/index.ts';

/**
 * The message carrying a one-time password. It names no appointment and holds
 * no link: whoever reads it still needs the booking link and the date of birth.
 */
export function otpMessage(input: {
  channel: 'EMAIL' | 'SMS';
  recipient: string;
  providerName: string;
  firstName: string;
  code: string;
  expiryMinutes: number;
}): NewOutboxMessage {
  const { providerName, code, expiryMinutes } = input;
  if (input.channel === 'SMS') {
    return {
      channel: 'SMS',
      template: 'ACCESS_OTP',
      recipient: input.recipient,
      subject: null,
      bodyText: `${code} is your ${providerName} verification code. It expires in ${expiryMinutes} minutes.`,
      bodyHtml: null,
    };
  }
  const escapeHtml = (value: string) =>
    value.replace(/[&<>"']/g, (char) => `&#${char.charCodeAt(0)};`);
  return {
    channel: 'EMAIL',
    template: 'ACCESS_OTP',
    recipient: input.recipient,
    subject: `${providerName}: your verification code`,
    bodyText: [
      `Hello ${input.firstName},`,
      '',
      `Your verification code is ${code}. It expires in ${expiryMinutes} minutes.`,
      '',
      'If you did not ask for this code, you can ignore this message.',
      '',
      providerName,
    ].join('\n'),
    bodyHtml: [
      `<p>Hello ${escapeHtml(input.firstName)},</p>`,
      `<p>Your verification code is <strong>${code}</strong>. It expires in ${expiryMinutes} minutes.</p>`,
      '<p>If you did not ask for this code, you can ignore this message.</p>',
      `<p>${escapeHtml(providerName)}</p>`,
    ].join('\n'),
  };
}
