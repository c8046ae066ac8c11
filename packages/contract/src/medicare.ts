/**
 * Australian Medicare identifiers, checked by their published rules (docs/product/check-in.md#medicare).
 * Shared by the check-in form in the browser and the server, so both refuse the same input.
 */

const medicareWeights = [1, 3, 7, 9, 1, 3, 7, 9] as const;

/**
 * A Medicare card number: 10 digits (spaces allowed). The first digit is 2 to 6, the ninth is
 * the check digit (the first eight weighted 1, 3, 7, 9, 1, 3, 7, 9, summed, mod 10) and the
 * tenth is the card's issue number, 1 to 9. The IRN (the person's position on the card) is a
 * separate field: see isValidMedicareIrn.
 */
export function isValidMedicareNumber(value: string): boolean {
  const digits = value.replace(/\s+/g, '');
  if (!/^[2-6]\d{9}$/.test(digits)) return false;
  let sum = 0;
  for (let i = 0; i < medicareWeights.length; i += 1) {
    sum += Number(digits[i]) * medicareWeights[i]!;
  }
  if (sum % 10 !== Number(digits[8])) return false;
  return digits[9] !== '0';
}

/** The individual reference number: the person's position on the card, 1 to 9. */
export function isValidMedicareIrn(value: string | number): boolean {
  return /^[1-9]$/.test(String(value).trim());
}

/** Practice location values of a provider number's seventh character (I, O, S and Z are never used). */
const practiceLocationCharacters = '0123456789ABCDEFGHJKLMNPQRTUVWXY';
const providerStemWeights = [3, 5, 8, 4, 2, 1] as const;
const providerCheckCharacters = 'YXWTLKJHFBA';

/**
 * A Medicare provider number: a 6-digit stem (5-digit stems are written with or without their
 * leading zero), a practice location character and a check character. The check character is
 * YXWTLKJHFBA at (stem digits weighted 3, 5, 8, 4, 2, 1, plus 6 times the location's value) mod 11.
 */
export function isValidProviderNumber(value: string): boolean {
  let text = value.replace(/\s+/g, '').toUpperCase();
  if (text.length === 7) text = `0${text}`;
  const match = /^(\d{6})([0-9A-HJ-NPQRTUVWXY])([A-Z])$/.exec(text);
  if (!match) return false;
  const [, stem, location, check] = match as unknown as [string, string, string, string];
  let sum = practiceLocationCharacters.indexOf(location) * 6;
  for (let i = 0; i < providerStemWeights.length; i += 1) {
    sum += Number(stem[i]) * providerStemWeights[i]!;
  }
  return providerCheckCharacters[sum % 11] === check;
}

/** The provider number as stored and shown: upper case, no spaces, the 6-digit stem padded. */
export function normaliseProviderNumber(value: string): string {
  const text = value.replace(/\s+/g, '').toUpperCase();
  return text.length === 7 ? `0${text}` : text;
}
