import {
  type RoleTranslationLayers,
  referenceLocale,
  type SupportedLocale,
  type TranslationDictionary,
} from '@portal/contract';
import type { i18n } from 'i18next';

/** The dictionary each i18n instance held before a role's wording was laid over it. */
const originals = new WeakMap<i18n, TranslationDictionary>();

function parsed(json: string | null): RoleTranslationLayers {
  if (json === null) return {};
  try {
    return JSON.parse(json) as RoleTranslationLayers;
  } catch {
    console.warn('roleTranslations is not JSON; the shared wording stays.');
    return {};
  }
}

/**
 * `base` with the texts `overlay` names replaced. Only texts `base` has are replaced (the
 * server checks the keys at start; this keeps a stale or foreign one from adding any), and
 * every object is new, so the dictionary the app loaded is never changed.
 */
function laidOver(base: TranslationDictionary, overlay: TranslationDictionary | undefined) {
  const next: TranslationDictionary = {};
  for (const [key, value] of Object.entries(base)) {
    const over = overlay && Object.hasOwn(overlay, key) ? overlay[key] : undefined;
    next[key] =
      typeof value === 'string'
        ? typeof over === 'string'
          ? over
          : value
        : laidOver(value, typeof over === 'object' ? over : undefined);
  }
  return next;
}

/**
 * Lays the signed-in user's role wording (spec 1 §3's roleTranslations, docs/product/
 * role-translations.md) over the dictionary of the page's locale: en-AU's, then the locale's
 * own, as the server merges the provider's overrides. `null` (logout, a user without role
 * wording) puts the shared dictionary back. `useTranslation` re-renders on the store's
 * 'added' event (lib/i18n.ts).
 */
export function overlayRoleTranslations(instance: i18n, json: string | null): void {
  const locale = instance.language as SupportedLocale;
  const original =
    originals.get(instance) ??
    (instance.getResourceBundle(locale, 'translation') as TranslationDictionary);
  const layers = parsed(json);
  let next = laidOver(original, layers[referenceLocale]);
  if (locale !== referenceLocale) next = laidOver(next, layers[locale]);
  if (json === null) originals.delete(instance);
  else originals.set(instance, original);
  // Not deep: every top-level group is replaced by the new objects above.
  instance.addResourceBundle(locale, 'translation', next, false, true);
}
