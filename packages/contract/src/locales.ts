/** Locales the portal ships; en-AU is the complete reference the others fall back to. */
export const supportedLocales = ['en-AU', 'en-NZ', 'en-CA', 'en', 'mk'] as const;
export type SupportedLocale = (typeof supportedLocales)[number];
export const referenceLocale: SupportedLocale = 'en-AU';

export function isSupportedLocale(value: string): value is SupportedLocale {
  return (supportedLocales as readonly string[]).includes(value);
}
