import type { ResultsConfig, SupportedLocale } from '@portal/contract';
import type { FastifyInstance } from 'fastify';
import type { Kysely } from 'kysely';
import type { Clock } from '../../adapters/clock.ts';
import type { Database } from '../../db/database.ts';
import type { SharedResultsAccess } from '../authentication/index.ts';
import { createProviderResultReleases } from './provider-releases.ts';
import { registerResultsRoutes } from './results.routes.ts';
import { createResultsService, type ResultImages } from './results.service.ts';
import { createResultsStore } from './results-store.ts';
import { createSharesService } from './shares.service.ts';

export type { ProviderResultReleases } from './provider-releases.ts';
export { type ReleasedReport, type ReleasedReports, releasedReports } from './released-reports.ts';
export type { ResultImages } from './results.service.ts';
export { resultReadyMessage, shareAccessNotice, shareLinkMessage } from './share-messages.ts';
export { newShareToken } from './shares.service.ts';

export interface ResultsModuleDeps {
  db: Kysely<Database>;
  clock: Clock;
  settings: ResultsConfig;
  providerName: string;
  /** PUBLIC_URL: the shared links point there. */
  publicUrl: string;
  /** The provider's default locale (jsLocale): messages when the patient's is unknown. */
  defaultLocale: SupportedLocale;
  /** The image viewer's "which studies does the PACS hold" (absent: no images). */
  images?: ResultImages;
}

const sharesOf = (deps: ResultsModuleDeps) =>
  createSharesService({
    store: createResultsStore(deps.db),
    clock: deps.clock,
    settings: deps.settings,
    providerName: deps.providerName,
    publicUrl: deps.publicUrl,
    defaultLocale: deps.defaultLocale,
  });

/**
 * Results, patient matching, history and sharing (docs/product/results-and-sharing.md). Needs
 * the authentication module registered first (its guard, and its attempt counting).
 */
export async function resultsModule(app: FastifyInstance, deps: ResultsModuleDeps) {
  const results = createResultsService({
    store: createResultsStore(deps.db),
    clock: deps.clock,
    settings: deps.settings,
    countedCheck: (bookingKey, caller, check) =>
      app.authentication.countedCheck(bookingKey, { ...caller, tokenHash: null }, check),
    ...(deps.images ? { images: deps.images } : {}),
  });
  registerResultsRoutes(app, { results, shares: sharesOf(deps) });
}

/** The shares' side of a shared link's sign-in, for the authentication module (app.ts). */
export function sharedResultsAccess(deps: ResultsModuleDeps): SharedResultsAccess {
  return sharesOf(deps).access;
}

/** The provider's result releases, for the integration module. */
export function providerResultReleases(deps: {
  db: Kysely<Database>;
  clock: Clock;
  providerName: string;
  publicUrl: string;
  defaultLocale: SupportedLocale;
}) {
  return createProviderResultReleases({ ...deps, store: createResultsStore(deps.db) });
}
