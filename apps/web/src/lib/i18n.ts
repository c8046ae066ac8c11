import {
  isSupportedLocale,
  referenceLocale,
  type SupportedLocale,
  type TranslationDictionary,
} from '@portal/contract';
import i18next, { type i18n } from 'i18next';
import { initReactI18next } from 'react-i18next';

/**
 * The locale to use for a requested one (a `lang` query parameter, else the configured
 * jsLocale). An unsupported value falls back to en-AU with a console warning
 * (docs/product/shell-and-configuration.md#translations-and-locales).
 */
export function resolveLocale(requested: string): SupportedLocale {
  if (isSupportedLocale(requested)) return requested;
  console.warn(`Unsupported locale "${requested}"; falling back to ${referenceLocale}.`);
  return referenceLocale;
}

export const translationsPath = '/api/assets/translations';

/** An i18next instance holding the one dictionary the server merged for this locale. */
export function createI18n(locale: SupportedLocale, dictionary: TranslationDictionary): i18n {
  const instance = i18next.createInstance();
  void instance.use(initReactI18next).init({
    lng: locale,
    fallbackLng: false,
    resources: { [locale]: { translation: dictionary } },
    // The dictionary is already loaded, so initialise synchronously: the first render is translated.
    initAsync: false,
    // React escapes text itself.
    interpolation: { escapeValue: false },
    returnNull: false,
    // A signed-in user's role wording is laid over the dictionary later (features/account):
    // re-render the translated text when it is.
    react: { bindI18nStore: 'added' },
  });
  return instance;
}
