import type {
  ApplicationConfigResponse,
  BodyFigureConfig,
  BookingConfig,
  ContactClinic,
  IntegrationConfig,
  RadiologyConfig,
  TermsResponse,
} from '@portal/contract';
import type { Clock } from '../../adapters/clock.ts';
import type { ProviderConfig } from '../../config/provider-config.ts';

/** Facts about the running server that the application config carries. */
export interface RuntimeInfo {
  activeProfiles: string[];
  production: boolean;
  readOnly: boolean;
  version: string;
  embedOrigins: string[];
}

export interface ConfigServiceDeps {
  provider: Pick<
    ProviderConfig,
    'application' | 'integration' | 'bodyFigure' | 'radiology' | 'booking' | 'termsHtml'
  >;
  runtime: RuntimeInfo;
  clinics: { listActive(): Promise<ContactClinic[]> };
  snapshots: {
    save(entries: Array<{ name: string; value: unknown }>, loadedAt: Date): Promise<void>;
  };
  clock: Clock;
}

export function createConfigService({
  provider,
  runtime,
  clinics,
  snapshots,
  clock,
}: ConfigServiceDeps) {
  return {
    application(): ApplicationConfigResponse {
      return { ...provider.application, ...runtime };
    },
    integration(): IntegrationConfig {
      return provider.integration;
    },
    bodyFigure(): BodyFigureConfig {
      return provider.bodyFigure;
    },
    radiology(): RadiologyConfig {
      return provider.radiology;
    },
    booking(): BookingConfig {
      return provider.booking;
    },
    terms(): TermsResponse {
      return { html: provider.termsHtml };
    },
    contactClinics(): Promise<ContactClinic[]> {
      return clinics.listActive();
    },
    /** Writes what was loaded at start to the database (provider_configurations). */
    publishSnapshot(): Promise<void> {
      return snapshots.save(
        [
          { name: 'application', value: provider.application },
          { name: 'integration', value: provider.integration },
          { name: 'body-figure', value: provider.bodyFigure },
          { name: 'radiology', value: provider.radiology },
          { name: 'booking', value: provider.booking },
          { name: 'terms', value: { html: provider.termsHtml } },
        ],
        clock.now(),
      );
    },
  };
}

export type ConfigService = ReturnType<typeof createConfigService>;
