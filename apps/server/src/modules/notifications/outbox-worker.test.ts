import { describe, expect, it } from 'vitest';
import { bookingNoticeMessages } from './notification-templates.ts';
import { retryDelayMs } from './outbox-worker.ts';

describe('retryDelayMs', () => {
  it('doubles from the base delay and stops at the cap', () => {
    expect([1, 2, 3, 4].map((attempts) => retryDelayMs(attempts, 30_000, 100_000))).toEqual([
      30_000, 60_000, 100_000, 100_000,
    ]);
  });
});

describe('bookingNoticeMessages', () => {
  it('makes an escaped e-mail and a short SMS, both with the link', () => {
    const [email, sms] = bookingNoticeMessages('en-AU', {
      kind: 'APPOINTMENT_CONFIRMATION',
      providerName: 'Imaging & Co',
      firstName: '<Ann>',
      email: 'ann@example.org',
      contactNumber: '0400000000',
      link: 'https://portal.example/appointments/abc',
      lines: ['MRI Knee, Parramatta, Mon 2 Mar 2026, 9:00 am'],
    });
    expect(email).toMatchObject({ channel: 'EMAIL', recipient: 'ann@example.org' });
    expect(email!.bodyHtml).toContain('&lt;Ann&gt;');
    expect(email!.bodyHtml).not.toContain('<Ann>');
    expect(email!.bodyText).toContain('https://portal.example/appointments/abc');
    expect(sms).toMatchObject({ channel: 'SMS', recipient: '0400000000', subject: null });
    expect(sms!.bodyText).toContain('https://portal.example/appointments/abc');
  });
});
