import { describe, expect, it } from 'vitest';
import { checkInSection, spokenMinutes } from './check-in-invitation.ts';
import { messageText } from './message-catalogue.ts';

describe('spokenMinutes', () => {
  it('says whole days from two days, whole hours from one hour, else minutes', () => {
    expect(
      [1, 45, 60, 90, 120, 1440, 2880, 4320, 2940].map((minutes) =>
        spokenMinutes(messageText('en-AU'), minutes),
      ),
    ).toEqual([
      '1 minute',
      '45 minutes',
      '1 hour',
      '90 minutes',
      '2 hours',
      '24 hours',
      '2 days',
      '3 days',
      '49 hours',
    ]);
  });
});

describe('checkInSection', () => {
  it('links each appointment to its check-in and escapes its line in the HTML', () => {
    const section = checkInSection('en-AU', 'https://portal.test/appointments/KEY', {
      priorMinutes: 120,
      appointments: [
        { id: 'a1', line: 'MRI <Knee>, Parramatta, Mon 2 Mar 2026 09:00' },
        { id: 'b2', line: 'X-ray Chest, Ryde, Mon 2 Mar 2026 10:00' },
      ],
    });
    expect(section.qrCodes).toEqual([
      { cid: 'check-in-a1@portal', text: 'https://portal.test/appointments/KEY?checkIn=a1' },
      { cid: 'check-in-b2@portal', text: 'https://portal.test/appointments/KEY?checkIn=b2' },
    ]);
    expect(section.text[0]).toContain('Check-in opens 2 hours before your appointment.');
    expect(section.text).toContain(
      '- X-ray Chest, Ryde, Mon 2 Mar 2026 10:00: https://portal.test/appointments/KEY?checkIn=b2',
    );
    expect(section.html.join('')).toContain('alt="QR code to check in for MRI &lt;Knee&gt;,');
    expect(section.html.join('')).not.toContain('<Knee>');
  });
});
