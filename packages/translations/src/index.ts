import { readFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import type { SupportedLocale, TranslationDictionary } from '@portal/contract';

const localesDir = fileURLToPath(new URL('../locales/', import.meta.url));

/** The bundled dictionary of one locale, as shipped (no provider overrides). */
export function readBundledDictionary(locale: SupportedLocale): TranslationDictionary {
  return JSON.parse(readFileSync(`${localesDir}${locale}.json`, 'utf8')) as TranslationDictionary;
}

/** Deep-merges dictionaries left to right; later values win. */
export function mergeDictionaries(...dictionaries: TranslationDictionary[]): TranslationDictionary {
  const merged: TranslationDictionary = {};
  for (const dictionary of dictionaries) {
    for (const [key, value] of Object.entries(dictionary)) {
      const existing = merged[key];
      merged[key] =
        typeof value === 'object' && typeof existing === 'object'
          ? mergeDictionaries(existing, value)
          : typeof value === 'object'
            ? mergeDictionaries(value)
            : value;
    }
  }
  return merged;
}

/** Every key of a dictionary, dot-joined (used to check locales against en-AU). */
export function flattenKeys(dictionary: TranslationDictionary, prefix = ''): string[] {
  return Object.entries(dictionary).flatMap(([key, value]) =>
    typeof value === 'string' ? [`${prefix}${key}`] : flattenKeys(value, `${prefix}${key}.`),
  );
}
