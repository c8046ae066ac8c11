import type { SupportedLocale, TranslationDictionary } from '@portal/contract';
import { readBundledDictionary } from '@portal/translations';
import type { FastifyInstance } from 'fastify';
import type { ProviderConfig } from '../../config/provider-config.ts';
import { registerAssetsRoutes } from './assets.routes.ts';
import { createTranslationsService, type TranslationsService } from './translations.service.ts';

export { createRoleTranslations } from './role-translations.ts';
export { createTranslationsService, type TranslationsService } from './translations.service.ts';

function readBundledOrNull(locale: SupportedLocale): TranslationDictionary | null {
  try {
    return readBundledDictionary(locale);
  } catch (error) {
    // A locale without a bundled file falls back to en-AU entirely.
    if ((error as NodeJS.ErrnoException).code === 'ENOENT') return null;
    throw error;
  }
}

/** The merged dictionaries the API serves (and index.html inlines for its locale). */
export function buildTranslationsService(
  provider: Pick<ProviderConfig, 'translations' | 'application'>,
): TranslationsService {
  return createTranslationsService({
    readBundled: readBundledOrNull,
    overrides: provider.translations,
    defaultLocale: provider.application.jsLocale,
  });
}

/** GET /api/assets/translations and /api/assets/application/{name}. */
export async function assetsModule(
  app: FastifyInstance,
  { provider, translations }: { provider: ProviderConfig; translations?: TranslationsService },
): Promise<void> {
  registerAssetsRoutes(app, {
    translations: translations ?? buildTranslationsService(provider),
    images: provider.assets,
  });
}
