import type {
  RoleTranslationLayers,
  RoleTranslationsConfig,
  SupportedLocale,
  TranslationDictionary,
} from '@portal/contract';
import { mergeDictionaries } from '@portal/translations';

/**
 * spec 1 §3's roleTranslations for a signed-in user: the overrides of the roles they hold, in the
 * order of config/role-translations.json (a later role wins), as one JSON string by locale; null
 * when none of their roles has any. It travels with the user state (GET /api/account), never in
 * the shared dictionary of GET /api/assets/translations (decision 041).
 */
export function createRoleTranslations(config: RoleTranslationsConfig) {
  const cache = new Map<string, string | null>();
  return (roles: readonly string[]): string | null => {
    const held = Object.keys(config).filter((role) => roles.includes(role));
    const cacheKey = held.join('\n');
    const cached = cache.get(cacheKey);
    if (cached !== undefined) return cached;
    const layers: Partial<Record<SupportedLocale, TranslationDictionary>> = {};
    for (const role of held) {
      for (const [locale, dictionary] of Object.entries(config[role] ?? {})) {
        const key = locale as SupportedLocale;
        layers[key] = mergeDictionaries(layers[key] ?? {}, dictionary);
      }
    }
    const json =
      Object.keys(layers).length > 0
        ? JSON.stringify(layers satisfies RoleTranslationLayers)
        : null;
    cache.set(cacheKey, json);
    return json;
  };
}
