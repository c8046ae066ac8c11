import type { SupportedLocale, TranslationDictionary } from '@portal/contract';
import { apiGet } from '../../lib/api-client.ts';
import { configEndpoints, type PortalConfig } from '../../lib/config.tsx';
import { translationsPath } from '../../lib/i18n.ts';

/** Configuration does not change while the page is open (a deploy reloads the page). */
const forever = { staleTime: Number.POSITIVE_INFINITY, gcTime: Number.POSITIVE_INFINITY };

export const configQuery = <K extends keyof PortalConfig>(part: K) => ({
  queryKey: ['config', part] as const,
  queryFn: ({ signal }: { signal: AbortSignal }) =>
    apiGet<PortalConfig[K]>(configEndpoints[part], { signal }),
  ...forever,
});

export const translationsQuery = (locale: SupportedLocale | null) => ({
  queryKey: ['translations', locale] as const,
  queryFn: ({ signal }: { signal: AbortSignal }) =>
    apiGet<TranslationDictionary>(translationsPath, { query: { lang: locale }, signal }),
  enabled: locale !== null,
  ...forever,
});
