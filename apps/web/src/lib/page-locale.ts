import { isSupportedLocale, type SupportedLocale } from '@portal/contract';

/**
 * The language the page is shown in (Startup sets <html lang>), sent with a booking, a
 * booking request and a sign-in so the patient's e-mails and texts are written in it
 * (docs/product/messages.md#words-and-languages); undefined when it is none of the five.
 */
export function pageLocale(): SupportedLocale | undefined {
  const lang = typeof document === 'undefined' ? '' : document.documentElement.lang;
  return isSupportedLocale(lang) ? lang : undefined;
}
