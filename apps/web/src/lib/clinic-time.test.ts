import { describe, expect, it } from 'vitest';
import {
  browserTimeZone,
  clinicZoneName,
  formatCalendarDay,
  formatClinicDateTime,
  formatClinicDateTimeRange,
  formatClinicTimeOfDay,
} from './clinic-time.ts';

// 22:30 UTC on 4 March is 9:30 the next morning in Sydney (AEDT, UTC+11) and 6:30 in Perth.
const instant = '2031-03-04T22:30:00Z';

describe('formatClinicDateTime', () => {
  it("writes an instant in the clinic's zone, naming the zone, whatever the browser's zone", () => {
    expect(formatClinicDateTime(instant, 'Australia/Sydney', 'en-AU')).toBe(
      'Wednesday 5 March 2031 at 9:30 am AEDT',
    );
    expect(formatClinicDateTime(instant, 'Australia/Perth', 'en-AU')).toBe(
      'Wednesday 5 March 2031 at 6:30 am AWST',
    );
  });

  it('takes a Date or epoch milliseconds as well as an ISO string', () => {
    const expected = formatClinicDateTime(instant, 'Australia/Sydney', 'en-AU');
    expect(formatClinicDateTime(new Date(instant), 'Australia/Sydney', 'en-AU')).toBe(expected);
    expect(formatClinicDateTime(Date.parse(instant), 'Australia/Sydney', 'en-AU')).toBe(expected);
  });

  it('writes only the parts asked for', () => {
    expect(
      formatClinicDateTime(instant, 'Australia/Sydney', 'en-AU', {
        hour: 'numeric',
        minute: '2-digit',
      }),
    ).toBe('9:30 am');
  });

  it("follows the page's language", () => {
    expect(formatClinicDateTime(instant, 'Australia/Sydney', 'mk')).toBe(
      new Intl.DateTimeFormat('mk', {
        timeZone: 'Australia/Sydney',
        weekday: 'long',
        day: 'numeric',
        month: 'long',
        year: 'numeric',
        hour: 'numeric',
        minute: '2-digit',
        timeZoneName: 'short',
      }).format(new Date(instant)),
    );
  });
});

describe('formatClinicDateTimeRange', () => {
  it('writes a window once for the parts both ends share', () => {
    // Intl puts thin spaces around the dash and a narrow no-break space before "am".
    expect(
      formatClinicDateTimeRange(instant, '2031-03-05T02:00:00Z', 'Australia/Perth', 'en-AU'),
    ).toBe('Wednesday 5 March 2031, 6:30\u2009–\u200910:00\u202Fam AWST');
  });
});

describe('clinicZoneName', () => {
  it('names the zone as it is at that instant (daylight saving or not)', () => {
    expect(clinicZoneName('Australia/Sydney', 'en-AU', instant)).toBe('AEDT');
    expect(clinicZoneName('Australia/Sydney', 'en-AU', '2031-07-04T22:30:00Z')).toBe('AEST');
  });
});

describe('formatClinicTimeOfDay', () => {
  it('writes a wall-clock time as the language does, with no zone maths', () => {
    expect(formatClinicTimeOfDay('08:00', 'en-AU')).toBe('8:00 am');
    expect(formatClinicTimeOfDay('17:30', 'en-AU')).toBe('5:30 pm');
  });
});

describe('formatCalendarDay', () => {
  it('writes a day as that same day in every zone', () => {
    expect(
      formatCalendarDay('2031-03-05', 'en-AU', { weekday: 'long', day: 'numeric', month: 'long' }),
    ).toBe('Wednesday 5 March');
    expect(
      formatCalendarDay('2031-05-04', 'en-AU', { day: 'numeric', month: 'short', year: 'numeric' }),
    ).toBe('4 May 2031');
  });
});

describe('browserTimeZone', () => {
  it("is the runtime's resolved zone", () => {
    expect(browserTimeZone()).toBe(Intl.DateTimeFormat().resolvedOptions().timeZone);
  });
});
