import type { FastifyInstance } from 'fastify';
import type { Kysely } from 'kysely';
import type { Clock } from '../../adapters/clock.ts';
import type { Database } from '../../db/database.ts';
import * as repository from './locations.repository.ts';
import { registerLocationsRoutes } from './locations.routes.ts';
import {
  createLocationsService,
  type LocationSettings,
  type LocationsService,
} from './locations.service.ts';

export { distanceKm, roundKm } from './geo.ts';
export type { LocationSettings, LocationsService };

export interface LocationsDeps {
  db: Kysely<Database>;
  clock: Clock;
  /** `provider.booking`: defaultLocation and maximumDistanceKm. */
  settings: LocationSettings;
}

export function buildLocationsService({ db, clock, settings }: LocationsDeps): LocationsService {
  return createLocationsService({
    clock,
    settings,
    repository: {
      listRegions: () => repository.listRegions(db),
      findExamIds: (slugs) => repository.findExamIds(db, slugs),
      listClinics: (filter) => repository.listClinics(db, filter),
      searchPostalCodes: (text) => repository.searchPostalCodes(db, text),
      findPostalCode: (id) => repository.findPostalCode(db, id),
      findNearestPostalCode: (latitude, longitude) =>
        repository.findNearestPostalCode(db, latitude, longitude),
      listMobileLocations: (filter) => repository.listMobileLocations(db, filter),
    },
  });
}

/** Regions, clinics (nearest first), postal codes and mobile locations. */
export async function locationsModule(app: FastifyInstance, deps: LocationsDeps) {
  registerLocationsRoutes(app, buildLocationsService(deps));
}
