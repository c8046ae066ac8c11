import {
  isSupportedLocale,
  type PortalBootstrap,
  referenceLocale,
  type SupportedLocale,
  type TranslationDictionary,
} from '@portal/contract';

interface Translations {
  resolveLocale(requested: SupportedLocale | undefined): SupportedLocale;
  dictionary(locale: SupportedLocale): TranslationDictionary;
}

/**
 * The start-up data for a page request, choosing the locale as the web app does
 * (apps/web/src/lib/i18n.ts resolveLocale): a supported `lang` query parameter wins, an
 * unsupported one falls back to en-AU, and without one the provider's jsLocale applies.
 */
export function startupBootstrap(
  config: PortalBootstrap['config'],
  translations: Translations,
): (lang: string | undefined) => PortalBootstrap {
  return (lang) => {
    const locale = lang
      ? isSupportedLocale(lang)
        ? lang
        : referenceLocale
      : translations.resolveLocale(undefined);
    return { config, locale, translations: translations.dictionary(locale) };
  };
}
