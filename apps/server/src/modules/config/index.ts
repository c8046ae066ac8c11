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

/** GET /api/config/{application,integration,body-figure,radiology,booking,contact,terms}. */
export async function configModule(app: FastifyInstance, deps: ConfigModuleDeps): Promise<void> {
  registerConfigRoutes(app, buildConfigService(deps));
}
