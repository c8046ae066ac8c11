/** A document's size in the page's language, in decimal units as file managers use. */
export function formatFileSize(bytes: number, locale: string): string {
  const [value, unit] =
    bytes >= 1_000_000
      ? [bytes / 1_000_000, 'megabyte']
      : bytes >= 1000
        ? [bytes / 1000, 'kilobyte']
        : [bytes, 'byte'];
  return new Intl.NumberFormat(locale, {
    style: 'unit',
    unit,
    // "65 bytes" (the short form is "65 byte" in English), "1.2 kB", "2.3 MB".
    unitDisplay: unit === 'byte' ? 'long' : 'short',
    maximumFractionDigits: value < 10 && unit !== 'byte' ? 1 : 0,
  }).format(value);
}
