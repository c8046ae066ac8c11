import { TZDate } from '@date-fns/tz';
import ICAL from 'ical.js';
import { describe, expect, it } from 'vitest';
import { CalendarFileError } from './calendar.errors.ts';
import {
  appointmentCalendarFile,
  type CalendarAppointment,
  calendarContentType,
} from './calendar-file.ts';

type Component = InstanceType<typeof ICAL.Component>;
type Time = InstanceType<typeof ICAL.Time>;

const uid = '6f1c2a9e-4b7d-4c1e-9a53-0d8e2f7b1c44';

function appointment(overrides: Partial<CalendarAppointment> = {}): CalendarAppointment {
  return {
    uid,
    sequence: 0,
    status: 'BOOKED',
    start: new Date('2026-10-02T23:00:00Z'),
    end: new Date('2026-10-02T23:45:00Z'),
    title: 'MRI Brain at Sydney CBD Imaging',
    description: 'Arrive 15 minutes early.',
    url: 'https://portal.example.com/appointments/K7P2QX',
    clinic: {
      name: 'Sydney CBD Imaging',
      address: 'Level 2, 100 George St, Sydney NSW 2000',
      latitude: -33.8688,
      longitude: 151.2093,
    },
    organizer: { name: 'Harbour Radiology', email: 'bookings@harbour-radiology.example' },
    updatedAt: new Date('2026-09-01T04:05:06Z'),
    ...overrides,
  };
}

/** Parses with ical.js, checks there is exactly one VEVENT, and returns it. */
function parse(text: string): { calendar: Component; event: Component } {
  const calendar = new ICAL.Component(ICAL.parse(text));
  expect(calendar.name).toBe('vcalendar');
  const events = calendar.getAllSubcomponents('vevent');
  expect(events).toHaveLength(1);
  return { calendar, event: events[0] as Component };
}

function utcTime(event: Component, name: string): string {
  const time = event.getFirstPropertyValue(name) as Time;
  expect(time.zone?.tzid).toBe('UTC');
  return time.toJSDate().toISOString();
}

/** The file's content lines with folding undone (RFC 5545 §3.1). */
function unfolded(text: string): string[] {
  return text.replace(/\r\n[ \t]/g, '').split('\r\n');
}

describe('appointmentCalendarFile', () => {
  it('keeps one UID through a reschedule and a cancellation, with a rising SEQUENCE', () => {
    const booked = appointment();
    // Moved across the start of daylight saving in Sydney (Sunday 4 October 2026).
    const rescheduled = appointment({
      sequence: 1,
      start: new Date('2026-10-04T22:00:00Z'),
      end: new Date('2026-10-04T22:45:00Z'),
      updatedAt: new Date('2026-09-20T01:00:00Z'),
    });
    const cancelled = { ...rescheduled, sequence: 2, status: 'CANCELED' as const };

    const files = [booked, rescheduled, cancelled].map((version) =>
      parse(appointmentCalendarFile(version)),
    );

    expect(files.map(({ event }) => event.getFirstPropertyValue('uid'))).toEqual([
      `${uid}@radiology-portal`,
      `${uid}@radiology-portal`,
      `${uid}@radiology-portal`,
    ]);
    expect(files.map(({ event }) => event.getFirstPropertyValue('sequence'))).toEqual([0, 1, 2]);
    expect(files.map(({ calendar }) => calendar.getFirstPropertyValue('method'))).toEqual([
      'PUBLISH',
      'PUBLISH',
      'CANCEL',
    ]);
    expect(files.map(({ event }) => event.getFirstPropertyValue('status'))).toEqual([
      'CONFIRMED',
      'CONFIRMED',
      'CANCELLED',
    ]);
    expect(files.map(({ event }) => utcTime(event, 'dtstart'))).toEqual([
      '2026-10-02T23:00:00.000Z',
      '2026-10-04T22:00:00.000Z',
      '2026-10-04T22:00:00.000Z',
    ]);
  });

  it('publishes a pending appointment as TENTATIVE', () => {
    const { calendar, event } = parse(appointmentCalendarFile(appointment({ status: 'PENDING' })));
    expect(calendar.getFirstPropertyValue('method')).toBe('PUBLISH');
    expect(event.getFirstPropertyValue('status')).toBe('TENTATIVE');
  });

  // Sydney's clocks go forward at 2 am on 4 October 2026, Auckland's on 27 September 2026.
  const clinicTimes: Array<[string, TZDate, string, string]> = [
    [
      'Sydney, the day before',
      new TZDate(2026, 9, 3, 9, 0, 'Australia/Sydney'),
      '2026-10-02T23:00:00.000Z',
      '20261002T230000Z',
    ],
    [
      'Sydney, 1:30 am before the change',
      new TZDate(2026, 9, 4, 1, 30, 'Australia/Sydney'),
      '2026-10-03T15:30:00.000Z',
      '20261003T153000Z',
    ],
    [
      'Sydney, 9 am after the change',
      new TZDate(2026, 9, 4, 9, 0, 'Australia/Sydney'),
      '2026-10-03T22:00:00.000Z',
      '20261003T220000Z',
    ],
    [
      'Auckland, the day before',
      new TZDate(2026, 8, 26, 10, 0, 'Pacific/Auckland'),
      '2026-09-25T22:00:00.000Z',
      '20260925T220000Z',
    ],
    [
      'Auckland, the day of the change',
      new TZDate(2026, 8, 27, 10, 0, 'Pacific/Auckland'),
      '2026-09-26T21:00:00.000Z',
      '20260926T210000Z',
    ],
  ];

  it.each(clinicTimes)('writes %s in UTC', (_, clinicTime, instant, written) => {
    expect(new Date(clinicTime).toISOString()).toBe(instant);
    const start = new Date(clinicTime.getTime());
    const end = new Date(start.getTime() + 45 * 60_000);
    const text = appointmentCalendarFile(appointment({ start, end }));

    expect(unfolded(text)).toContain(`DTSTART:${written}`);
    const { event } = parse(text);
    expect(utcTime(event, 'dtstart')).toBe(instant);
    expect(utcTime(event, 'dtend')).toBe(end.toISOString());
  });

  it('stamps the file with updatedAt, not the time it is written', () => {
    const { calendar, event } = parse(appointmentCalendarFile(appointment()));
    expect(utcTime(event, 'dtstamp')).toBe('2026-09-01T04:05:06.000Z');
    expect(utcTime(event, 'last-modified')).toBe('2026-09-01T04:05:06.000Z');
    expect(calendar.getFirstPropertyValue('version')).toBe('2.0');
    expect(calendar.getFirstPropertyValue('prodid')).toContain('radiology-portal');
  });

  it('gives GEO only when the clinic has both coordinates', () => {
    const withGeo = parse(appointmentCalendarFile(appointment())).event;
    expect(withGeo.getFirstPropertyValue('geo')).toEqual([-33.8688, 151.2093]);

    for (const [latitude, longitude] of [
      [null, null],
      [-33.8688, null],
    ] as const) {
      const clinic = { ...appointment().clinic, latitude, longitude };
      const { event } = parse(appointmentCalendarFile(appointment({ clinic })));
      expect(event.hasProperty('geo')).toBe(false);
      expect(event.getFirstPropertyValue('location')).toBe(
        'Sydney CBD Imaging, Level 2, 100 George St, Sydney NSW 2000',
      );
    }
  });

  it('keeps commas, semicolons, backslashes and newlines through a round trip', () => {
    const text = appointmentCalendarFile(
      appointment({
        title: 'CT Abdomen; with contrast, at Ōtāhuhu',
        description:
          'Fast for 6 hours; water is fine, tea is not.\nBring your referral\r\nand Medicare card.\rPath: C:\\referrals\nhttps://portal.example.com/appointments/K7P2QX',
        clinic: {
          name: 'Ōtāhuhu Imaging; Suite 5',
          address: 'Shop 3, 12 Great South Rd\nŌtāhuhu, Auckland 1062',
          latitude: -36.9469,
          longitude: 174.8407,
        },
        organizer: { name: 'Harbour "City" Radiology', email: 'bookings@harbour.example' },
      }),
    );
    const { event } = parse(text);
    expect(event.getFirstPropertyValue('summary')).toBe('CT Abdomen; with contrast, at Ōtāhuhu');
    expect(event.getFirstPropertyValue('description')).toBe(
      'Fast for 6 hours; water is fine, tea is not.\nBring your referral\nand Medicare card.\nPath: C:\\referrals\nhttps://portal.example.com/appointments/K7P2QX',
    );
    expect(event.getFirstPropertyValue('location')).toBe(
      'Ōtāhuhu Imaging; Suite 5, Shop 3, 12 Great South Rd\nŌtāhuhu, Auckland 1062',
    );
    expect(event.getFirstPropertyValue('url')).toBe(
      'https://portal.example.com/appointments/K7P2QX',
    );
    const organizer = event.getFirstProperty('organizer');
    // The scheme is case-insensitive (RFC 3986); the library writes MAILTO.
    expect(organizer?.getFirstValue()).toMatch(/^mailto:bookings@harbour\.example$/i);
    expect(organizer?.getParameter('cn')).toBe("Harbour 'City' Radiology");
  });

  it('ends every line in CRLF and folds lines longer than 75 octets', () => {
    const description = `Preparation: ${'Ōtāhuhu, Māngere; '.repeat(20)}end.`;
    const text = appointmentCalendarFile(appointment({ description }));

    expect(text.endsWith('END:VCALENDAR\r\n')).toBe(true);
    const lines = text.slice(0, -2).split('\r\n');
    for (const line of lines) {
      expect(line).not.toMatch(/[\r\n]/);
      expect(Buffer.byteLength(line, 'utf8')).toBeLessThanOrEqual(75);
    }
    expect(lines.filter((line) => line.startsWith(' ')).length).toBeGreaterThan(5);
    expect(parse(text).event.getFirstPropertyValue('description')).toBe(description);
  });

  it('leaves ORGANIZER out when the provider has no e-mail address', () => {
    const { event } = parse(
      appointmentCalendarFile(appointment({ organizer: { name: 'Harbour Radiology' } })),
    );
    expect(event.hasProperty('organizer')).toBe(false);
  });

  it('throws CalendarFileError instead of writing an unsound file', () => {
    const unsound: Array<[Partial<CalendarAppointment>, RegExp]> = [
      [{ organizer: { name: 'X', email: 'not an address' } }, /email/],
      [{ url: 'not a url' }, /url/],
      [{ end: new Date('2026-10-02T22:00:00Z') }, /end is not after start/],
      [{ start: new Date(Number.NaN) }, /start is not a time/],
      [{ sequence: -1 }, /sequence/],
      [{ uid: 'a,b;c' }, /uid/],
      [{ status: 'COMPLETED' as CalendarAppointment['status'] }, /status COMPLETED/],
      [{ clinic: { ...appointment().clinic, latitude: 133.9 } }, /coordinates/],
    ];
    for (const [overrides, message] of unsound) {
      const write = () => appointmentCalendarFile(appointment(overrides));
      expect(write).toThrow(CalendarFileError);
      expect(write).toThrow(message);
    }
  });

  it('names the content type of a calendar file', () => {
    expect(calendarContentType).toBe('text/calendar; charset=utf-8');
  });
});
