import type { TranslationDictionary } from './assets.ts';
import type {
  ApplicationConfigResponse,
  BodyFigureConfig,
  IntegrationConfig,
  RadiologyConfig,
} from './config.ts';
import type { SupportedLocale } from './locales.ts';

/** The id of the JSON data block the server writes into index.html (docs/decisions/007). */
export const portalBootstrapElementId = 'portal-bootstrap';

/**
 * The start-up data inlined into index.html: exactly what GET /api/config/{application,
 * integration,body-figure,radiology} and GET /api/assets/translations?lang=<locale> answer,
 * so the web app can render without those five requests.
 */
export interface PortalBootstrap {
  config: {
    application: ApplicationConfigResponse;
    integration: IntegrationConfig;
    bodyFigure: BodyFigureConfig;
    radiology: RadiologyConfig;
  };
  locale: SupportedLocale;
  translations: TranslationDictionary;
}
