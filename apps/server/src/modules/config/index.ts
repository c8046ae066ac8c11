import {
  applicationConfigResponseSchema,
  bodyFigureConfigSchema,
  integrationConfigSchema,
  type PortalBootstrap,
  radiologyConfigSchema,
} from '@portal/contract';
import type { FastifyInstance } from 'fastify';
import type { Kysely } from 'kysely';
import type { Clock } from '../../adapters/clock.ts';
import type { ProviderConfig } from '../../config/provider-config.ts';
import type { Database } from '../../db/database.ts';
import { listActiveContactClinics, saveProviderConfigurations } from './config.repository.ts';
import { registerConfigRoutes } from './config.routes.ts';
import { type ConfigService, createConfigService, type RuntimeInfo } from './config.service.ts';

export type { ConfigService, RuntimeInfo };

export interface ConfigModuleDeps {
  db: Kysely<Database>;
  provider: ProviderConfig;
  runtime: RuntimeInfo;
  clock: Clock;
}

export function buildConfigService({
  db,
  provider,
  runtime,
  clock,
}: ConfigModuleDeps): ConfigService {
  return createConfigService({
    provider,
    runtime,
    clock,
    clinics: { listActive: () => listActiveContactClinics(db) },
    snapshots: { save: (entries, loadedAt) => saveProviderConfigurations(db, entries, loadedAt) },
  });
}

/**
 * The four start-up configurations exactly as their GET /api/config/... routes answer them
 * (parsed by the same response schemas), for the data block the server inlines into index.html.
 */
export function startupConfig(service: ConfigService): PortalBootstrap['config'] {
  return {
    application: applicationConfigResponseSchema.parse(service.application()),
    integration: integrationConfigSchema.parse(service.integration()),
    bodyFigure: bodyFigureConfigSchema.parse(service.bodyFigure()),
    radiology: radiologyConfigSchema.parse(service.radiology()),
  };
}

/** GET /api/config/{application,integration,body-figure,radiology,booking,contact,terms}. */
export async function configModule(
  app: FastifyInstance,
  deps: ConfigModuleDeps & { service?: ConfigService },
): Promise<void> {
  registerConfigRoutes(app, deps.service ?? buildConfigService(deps));
}
