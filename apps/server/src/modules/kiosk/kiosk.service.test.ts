import { describe, expect, it } from 'vitest';
import { comparableLastName } from './kiosk.service.ts';

describe('last names as a kiosk compares them', () => {
  it('ignore case, accents, spaces, hyphens and apostrophes', () => {
    expect(comparableLastName("O'Brien-Núñez")).toBe('obriennunez');
    expect(comparableLastName(' o’brien nunez ')).toBe('obriennunez');
    expect(comparableLastName('MÜLLER')).toBe(comparableLastName('muller'));
    expect(comparableLastName('Nguyễn')).toBe('nguyen');
  });

  it('keep different names apart', () => {
    expect(comparableLastName('Smith')).not.toBe(comparableLastName('Smyth'));
    expect(comparableLastName('Lee')).not.toBe(comparableLastName('Li'));
  });
});
