import { describe, expect, it } from 'vitest';
import {
  dateOfBirthProblem,
  datePartOrder,
  joinDateParts,
  splitDateValue,
} from './date-of-birth.ts';

const today = '2026-11-22';

describe('dateOfBirthProblem', () => {
  it.each([
    ['', 'required'],
    ['1984--', 'incomplete'],
    ['-3-9', 'incomplete'],
    ['1984-02-30', 'invalid'],
    ['1984-13-01', 'invalid'],
    ['84-03-09', 'invalid'],
    ['1983-02-29', 'invalid'],
    ['2026-11-23', 'future'],
    ['2030-01-01', 'future'],
    ['1880-01-01', 'too_old'],
  ])('refuses %j as %s', (value, problem) => {
    expect(dateOfBirthProblem(value, today)).toBe(problem);
  });

  it.each(['1984-03-09', '1984-02-29', '2026-11-22', '1900-12-31'])('accepts %s', (value) => {
    expect(dateOfBirthProblem(value, today)).toBeNull();
  });
});

describe('joinDateParts / splitDateValue', () => {
  it('pads a complete real date to YYYY-MM-DD', () => {
    expect(joinDateParts({ day: '9', month: '3', year: '1984' })).toBe('1984-03-09');
  });

  it('keeps what was typed while the date is not complete or not real', () => {
    const typed = { day: '31', month: '2', year: '19' };
    expect(joinDateParts(typed)).toBe('19-2-31');
    expect(splitDateValue(joinDateParts(typed))).toEqual(typed);
  });

  it('is empty when nothing was typed', () => {
    expect(joinDateParts({ day: '', month: '', year: '' })).toBe('');
    expect(splitDateValue('')).toEqual({ day: '', month: '', year: '' });
  });
});

describe('datePartOrder', () => {
  it.each([
    ['en-AU', ['day', 'month', 'year']],
    ['en-NZ', ['day', 'month', 'year']],
    ['mk', ['day', 'month', 'year']],
    ['en', ['month', 'day', 'year']],
  ])('%s writes %j', (locale, order) => {
    expect(datePartOrder(locale)).toEqual(order);
  });

  it('follows Intl for en-CA (year first in current ICU data)', () => {
    const intl = new Intl.DateTimeFormat('en-CA').formatToParts(new Date(2000, 10, 22));
    const expected = intl
      .map((part) => part.type)
      .filter((type) => type === 'day' || type === 'month' || type === 'year');
    expect(datePartOrder('en-CA')).toEqual(expected);
  });

  it('falls back to day-month-year for a tag Intl rejects', () => {
    expect(datePartOrder('not a locale!')).toEqual(['day', 'month', 'year']);
  });
});
