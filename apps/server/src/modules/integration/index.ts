import type { FastifyInstance } from 'fastify';
import type { Kysely } from 'kysely';
import type { Clock } from '../../adapters/clock.ts';
import type { Database } from '../../db/database.ts';
import type { ProviderAttachmentReads } from '../attachments/index.ts';
import type { ProviderCallbacks } from '../call-centre/index.ts';
import type { ProviderChatOutcomes } from '../chat/index.ts';
import type { ProviderCheckIns } from '../check-in/index.ts';
import type { PatientChangeDecisions } from '../patient-changes/index.ts';
import type { ProviderResultReleases } from '../results/index.ts';
import { createApiKeyService } from './api-keys.service.ts';
import { registerCallbackDoneRoutes } from './callback-done.routes.ts';
import { registerChatOutcomeRoutes } from './chat-outcome.routes.ts';
import { registerCheckInRoutes } from './check-in.routes.ts';
import { registerIntegrationRoutes } from './integration.routes.ts';
import { createIntegrationService } from './integration.service.ts';
import { createIntegrationStore } from './integration-store.ts';
import { registerPatientChangeRoutes } from './patient-change.routes.ts';
import { registerResultReleaseRoutes } from './result-release.routes.ts';

export type { ApiKeySummary } from './api-keys.service.ts';
export {
  ApiKeyNameInvalidError,
  ApiKeyNameTakenError,
  UnknownApiKeyError,
} from './integration.errors.ts';

/**
 * The integration surface (docs/product/integration.md): the provider's own systems call
 * /api/integration/... with a provider API key. Encapsulated: its key check covers its
 * routes only.
 */
export interface IntegrationModuleDeps {
  db: Kysely<Database>;
  clock: Clock;
  /** The attachments module's reads for the provider (images without their metadata). */
  attachments: ProviderAttachmentReads;
  /** The patient-changes module's decisions on patients' detail change requests. */
  patientChanges: PatientChangeDecisions;
  /** The results module's report releases. */
  results: ProviderResultReleases;
  /** The check-in module's acknowledgements and list. */
  checkIns: ProviderCheckIns;
  /** The chat module's outcomes of the chat desk's conversations about booking requests. */
  chat: ProviderChatOutcomes;
  /** The call-centre module's callback requests, marked done by the call centre. */
  callbacks: ProviderCallbacks;
}

export async function integrationModule(app: FastifyInstance, deps: IntegrationModuleDeps) {
  const store = createIntegrationStore(deps.db);
  const keys = createApiKeyService({ store, clock: deps.clock });
  const service = createIntegrationService({
    store,
    clock: deps.clock,
    attachments: deps.attachments,
  });
  registerIntegrationRoutes(app, { keys, service });
  registerPatientChangeRoutes(app, deps.patientChanges);
  registerResultReleaseRoutes(app, deps.results);
  registerCheckInRoutes(app, deps.checkIns);
  registerChatOutcomeRoutes(app, deps.chat);
  registerCallbackDoneRoutes(app, deps.callbacks);
}

/** The operator's key management (`npm run api-key`): create, revoke, list. */
export function apiKeys(deps: { db: Kysely<Database>; clock: Clock }) {
  return createApiKeyService({ store: createIntegrationStore(deps.db), clock: deps.clock });
}
