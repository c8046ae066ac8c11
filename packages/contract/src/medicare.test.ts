import { describe, expect, it } from 'vitest';
import {
  isValidMedicareIrn,
  isValidMedicareNumber,
  isValidProviderNumber,
  normaliseProviderNumber,
} from './medicare.ts';

describe('isValidMedicareNumber', () => {
  // 2+3+14+27+4+15+42+63 = 170: check digit 0.
  it.each(['2123456701', '2123 45670 1', '2951386751', '4000000049'])('accepts %s', (value) => {
    expect(isValidMedicareNumber(value)).toBe(true);
  });

  it.each([
    ['2123456711', 'a wrong check digit'],
    ['2123456700', 'issue number 0'],
    ['1123456701', 'a first digit below 2'],
    ['7123456701', 'a first digit above 6'],
    ['212345670', 'nine digits'],
    ['21234567011', 'eleven digits'],
    ['21234567O1', 'a letter'],
    ['', 'nothing'],
  ])('refuses %s (%s)', (value) => {
    expect(isValidMedicareNumber(value)).toBe(false);
  });
});

describe('isValidMedicareIrn', () => {
  it('accepts 1 to 9 and refuses 0, 10 and text', () => {
    expect(['1', '5', '9', 3].map(isValidMedicareIrn)).toEqual([true, true, true, true]);
    expect(['0', '10', 'a', '', 0].map(isValidMedicareIrn)).toEqual([
      false,
      false,
      false,
      false,
      false,
    ]);
  });
});

describe('isValidProviderNumber', () => {
  // 242959: 6+20+16+36+10+9 = 97, location 1 adds 6: 103 mod 11 = 4 -> L.
  it.each(['2429591L', '123456AF', '049960 1T', '49960 1T', '254581WA', '2429591l'])(
    'accepts %s',
    (value) => {
      expect(isValidProviderNumber(value)).toBe(true);
    },
  );

  it.each([
    ['2429591K', 'a wrong check character'],
    ['2429591', 'no check character'],
    ['242959IL', 'location I, never used'],
    ['242959OL', 'location O, never used'],
    ['24295911L', 'a 7-digit stem'],
    ['ABCDEF1L', 'letters in the stem'],
  ])('refuses %s (%s)', (value) => {
    expect(isValidProviderNumber(value)).toBe(false);
  });

  it('normalises a 5-digit stem and case', () => {
    expect(normaliseProviderNumber('49960 1t')).toBe('0499601T');
  });
});
