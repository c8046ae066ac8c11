import {
  isSupportedLocale,
  referenceLocale,
  type SupportedLocale,
  supportedLocales,
  type TranslationDictionary,
} from '@portal/contract';
import { mergeDictionaries, readBundledDictionary } from '@portal/translations';
import { escapeHtml } from '../../escape-html.ts';

/**
 * The words of every e-mail and SMS, from the same catalogue as the web's
 * (packages/translations/locales, keys under `email.`), with the provider's overrides of
 * config/translations/ merged as the web's dictionaries are (assets' translations service):
 * bundled en-AU <- bundled locale <- provider en-AU <- provider locale.
 *
 * The overrides are set once at start (app.ts), not passed with every message: the message
 * functions are called from many modules' services with `(locale, data)` only.
 */
let overrides: Partial<Record<SupportedLocale, TranslationDictionary>> = {};
const cache = new Map<SupportedLocale, TranslationDictionary>();

/** The provider's config/translations/ (app.ts calls this when it builds the app). */
export function useProviderMessageOverrides(
  provider: Partial<Record<SupportedLocale, TranslationDictionary>>,
): void {
  overrides = provider;
  cache.clear();
}

/**
 * The provider's default locale for messages: application.json's jsLocale (the web's default
 * too), or en-AU when it is not one of the five, as the web falls back (assets' translations
 * service). A message to a patient whose locale is unknown, or to the clinic, uses it.
 */
export function providerMessageLocale(jsLocale: string): SupportedLocale {
  return isSupportedLocale(jsLocale) ? jsLocale : referenceLocale;
}

function readBundledOrEmpty(locale: SupportedLocale): TranslationDictionary {
  try {
    return readBundledDictionary(locale);
  } catch {
    return {};
  }
}

function dictionary(locale: SupportedLocale): TranslationDictionary {
  let merged = cache.get(locale);
  if (!merged) {
    const layers = [readBundledOrEmpty(referenceLocale)];
    if (locale !== referenceLocale) layers.push(readBundledOrEmpty(locale));
    layers.push(overrides[referenceLocale] ?? {});
    if (locale !== referenceLocale) layers.push(overrides[locale] ?? {});
    merged = mergeDictionaries(...layers);
    cache.set(locale, merged);
  }
  return merged;
}

function lookup(dict: TranslationDictionary, key: string): string | undefined {
  let node: TranslationDictionary | string | undefined = dict;
  for (const part of key.split('.')) {
    if (typeof node !== 'object') return undefined;
    node = node[part];
  }
  return typeof node === 'string' ? node : undefined;
}

export type MessageParams = Record<string, string | number>;
/** A parameter that is already HTML (a link or an emphasis built and escaped by the caller). */
export interface RawHtml {
  html: string;
}

/** Words for one key of `email.` with its `{{name}}` placeholders filled (as i18next's). */
export interface MessageText {
  (key: string, params?: MessageParams): string;
  /** The same words HTML-escaped, with escaped values, and RawHtml values as they are. */
  html(key: string, params?: Record<string, string | number | RawHtml>): string;
}

const placeholder = /\{\{\s*(\w+)\s*\}\}/g;

/**
 * The translator of one locale. An unknown key answers the key itself (a message is still
 * sent; the preview's tests catch it); an unknown placeholder is left as written. `namespace`
 * is `email` for messages; a document the server writes for a patient (the questionnaire
 * answers PDF) has its own, with the same merge and overrides.
 */
export function messageText(
  locale: SupportedLocale,
  namespace: 'email' | 'questionnaire_document' = 'email',
): MessageText {
  const dict = dictionary(supportedLocales.includes(locale) ? locale : referenceLocale);
  const words = (key: string) => lookup(dict, `${namespace}.${key}`) ?? `${namespace}.${key}`;
  const text = (key: string, params: MessageParams = {}) =>
    words(key).replace(placeholder, (whole, name: string) =>
      name in params ? String(params[name]) : whole,
    );
  text.html = (key: string, params: Record<string, string | number | RawHtml> = {}) =>
    words(key)
      .split(placeholder)
      .map((part, index) => {
        // split() with a capture group: odd parts are placeholder names.
        if (index % 2 === 0) return escapeHtml(part);
        const value = params[part];
        if (value === undefined) return escapeHtml(`{{${part}}}`);
        return typeof value === 'object' ? value.html : escapeHtml(String(value));
      })
      .join('');
  return text;
}

/** A date as the locale writes it ('14 March 2027'; UTC: an expiry is a day, not a minute). */
export function messageDay(locale: SupportedLocale, at: Date): string {
  return at.toLocaleDateString(locale, {
    day: 'numeric',
    month: 'long',
    year: 'numeric',
    timeZone: 'UTC',
  });
}
