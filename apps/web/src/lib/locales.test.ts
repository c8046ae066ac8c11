import { supportedLocales, type TranslationDictionary } from '@portal/contract';
import { describe, expect, it } from 'vitest';

/** Every bundled locale file, read by Vite at test time. */
const files = import.meta.glob<TranslationDictionary>(
  '../../../../packages/translations/locales/*.json',
  {
    eager: true,
    import: 'default',
  },
);
const dictionaries = Object.fromEntries(
  Object.entries(files).map(([path, dictionary]) => [/([^/]+)\.json$/.exec(path)?.[1], dictionary]),
) as Record<string, TranslationDictionary>;

function flatten(dictionary: TranslationDictionary, prefix = ''): Map<string, string> {
  const entries = new Map<string, string>();
  for (const [key, value] of Object.entries(dictionary)) {
    if (typeof value === 'string') entries.set(`${prefix}${key}`, value);
    else for (const entry of flatten(value, `${prefix}${key}.`)) entries.set(...entry);
  }
  return entries;
}

const placeholders = (text: string) =>
  [...text.matchAll(/\{\{\s*(\w+)\s*\}\}|<(\d+)>/g)].map((m) => m[0]).sort();

const reference = flatten(dictionaries['en-AU'] ?? {});

describe('bundled translations', () => {
  it('ship a file for every supported locale and no other', () => {
    expect(Object.keys(dictionaries).sort()).toEqual([...supportedLocales].sort());
  });

  it.each(supportedLocales.filter((locale) => locale !== 'en-AU'))(
    '%s only has keys that exist in en-AU, with the same placeholders',
    (locale) => {
      const entries = flatten(dictionaries[locale] ?? {});
      expect(entries.size).toBeGreaterThan(0);
      for (const [key, text] of entries) {
        expect(reference.has(key), `${locale}: ${key} is not an en-AU key`).toBe(true);
        expect(placeholders(text), `${locale}: ${key}`).toEqual(
          placeholders(reference.get(key) ?? ''),
        );
      }
    },
  );

  it('mk covers every en-AU key', () => {
    const mk = flatten(dictionaries.mk ?? {});
    const missing = [...reference.keys()].filter((key) => !mk.has(key));
    expect(missing).toEqual([]);
  });

  it('has no empty strings', () => {
    for (const [locale, dictionary] of Object.entries(dictionaries)) {
      for (const [key, text] of flatten(dictionary))
        expect(text.trim(), `${locale}: ${key}`).not.toBe('');
    }
  });
});
