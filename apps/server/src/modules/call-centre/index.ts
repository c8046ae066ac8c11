import type { CallCentreConfig, SupportedLocale } from '@portal/contract';
import type { FastifyInstance } from 'fastify';
import type { Kysely } from 'kysely';
import type { Clock } from '../../adapters/clock.ts';
import type { Database } from '../../db/database.ts';
import { registerCallCentreRoutes } from './call-centre.routes.ts';
import { type CallCentreService, createCallCentreService } from './call-centre.service.ts';
import { createCallCentreStore } from './call-centre-store.ts';

export type { BookingFacts } from './call-centre.repository.ts';
export { callbackRequestedEventType } from './call-centre.service.ts';
export {
  acknowledgementMessage,
  type CallCentreAsk,
  callCentreMessage,
} from './call-centre-messages.ts';

export interface CallCentreModuleDeps {
  db: Kysely<Database>;
  clock: Clock;
  settings: CallCentreConfig;
  providerName: string;
  /** The provider's default locale (jsLocale): the call centre's e-mails. */
  defaultLocale: SupportedLocale;
  /** Whether callback requests also go to the provider's signed webhook. */
  providerWebhook: boolean;
}

function serviceOf(deps: CallCentreModuleDeps): CallCentreService {
  return createCallCentreService({ ...deps, store: createCallCentreStore(deps.db) });
}

/**
 * Messages and callback requests to the call centre (docs/product/contact-the-clinic.md,
 * decision 044): GET .../call_centre, POST .../call_centre_messages and .../callback_requests
 * under /api/secured/appointments/{key} and /api/secured/booking_requests/{key}. Register after
 * the authentication module, whose guard these routes rely on.
 */
export async function callCentreModule(
  app: FastifyInstance,
  deps: CallCentreModuleDeps,
): Promise<void> {
  registerCallCentreRoutes(app, serviceOf(deps));
}

/** The provider's side: a callback marked done (the integration module's route). */
export type ProviderCallbacks = Pick<CallCentreService, 'markDone'>;

export function providerCallbacks(deps: CallCentreModuleDeps): ProviderCallbacks {
  const service = serviceOf(deps);
  return { markDone: (id, caller) => service.markDone(id, caller) };
}
