import {
  isSupportedLocale,
  referenceLocale,
  type SupportedLocale,
  type TranslationDictionary,
} from '@portal/contract';
import { mergeDictionaries } from '@portal/translations';

export interface TranslationsServiceDeps {
  /** The bundled dictionary of a locale, or null when the portal ships none for it. */
  readBundled(locale: SupportedLocale): TranslationDictionary | null;
  /** Provider overrides from config/translations/<locale>.json. */
  overrides: Partial<Record<SupportedLocale, TranslationDictionary>>;
  /** The provider's jsLocale; used when the request names no locale. */
  defaultLocale: string;
}

/**
 * The dictionary a browser gets for a locale. Merge order, later wins:
 * bundled en-AU (the complete reference) <- bundled locale <- provider's
 * en-AU overrides <- provider's overrides for the locale. So a provider's
 * wording change in en-AU reaches every locale that has no own override.
 */
export function createTranslationsService({
  readBundled,
  overrides,
  defaultLocale,
}: TranslationsServiceDeps) {
  const cache = new Map<SupportedLocale, TranslationDictionary>();
  const fallback: SupportedLocale = isSupportedLocale(defaultLocale)
    ? defaultLocale
    : referenceLocale;

  function build(locale: SupportedLocale): TranslationDictionary {
    const layers = [readBundled(referenceLocale) ?? {}];
    if (locale !== referenceLocale) layers.push(readBundled(locale) ?? {});
    layers.push(overrides[referenceLocale] ?? {});
    if (locale !== referenceLocale) layers.push(overrides[locale] ?? {});
    return mergeDictionaries(...layers);
  }

  return {
    /** Resolves which locale a request gets (the provider default when none is asked for). */
    resolveLocale(requested: SupportedLocale | undefined): SupportedLocale {
      return requested ?? fallback;
    },
    dictionary(locale: SupportedLocale): TranslationDictionary {
      let dictionary = cache.get(locale);
      if (!dictionary) {
        dictionary = build(locale);
        cache.set(locale, dictionary);
      }
      return dictionary;
    },
  };
}

export type TranslationsService = ReturnType<typeof createTranslationsService>;
