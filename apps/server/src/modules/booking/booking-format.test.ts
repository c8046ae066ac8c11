import { TZDate } from '@date-fns/tz';
import { format } from 'date-fns';
import { describe, expect, it } from 'vitest';
import { clinicInstant, clinicWallTime } from './booking-format.ts';

describe('clinic-local formatting', () => {
  // Around both Sydney changes of 2026, midnight, noon, and a zone without daylight saving.
  const cases: Array<[string, string]> = [
    ['2026-04-04T15:30:00Z', 'Australia/Sydney'],
    ['2026-04-04T16:30:00Z', 'Australia/Sydney'],
    ['2026-10-03T15:59:00Z', 'Australia/Sydney'],
    ['2026-10-03T16:00:00Z', 'Australia/Sydney'],
    ['2026-03-01T13:00:00Z', 'Australia/Sydney'],
    ['2026-03-02T01:00:00Z', 'Australia/Sydney'],
    ['2026-03-02T00:05:00Z', 'Australia/Perth'],
    ['2026-12-31T23:59:00Z', 'Pacific/Auckland'],
  ];

  it.each(cases)('%s in %s reads as date-fns writes it', (text, zone) => {
    const instant = new Date(text);
    expect(clinicWallTime(instant, zone)).toBe(
      format(new TZDate(instant.getTime(), zone), 'EEE d MMM yyyy, h:mm aaa'),
    );
    expect(clinicInstant(instant, zone)).toBe(
      format(new TZDate(instant.getTime(), zone), "yyyy-MM-dd'T'HH:mm:ssXXX"),
    );
  });

  it('writes the example of the comment', () => {
    expect(clinicWallTime(new Date('2026-03-01T22:00:00Z'), 'Australia/Sydney')).toBe(
      'Mon 2 Mar 2026, 9:00 am',
    );
  });
});
