import type { CheckInConfig } from '@portal/contract';
import type { FastifyInstance } from 'fastify';
import type { Kysely } from 'kysely';
import type { Clock } from '../../adapters/clock.ts';
import type { Database } from '../../db/database.ts';
import { registerCheckInRoutes } from './check-in.routes.ts';
import { createCheckInService, type ReferrerLookup } from './check-in.service.ts';
import { createCheckInStore } from './check-in-store.ts';
import { createProviderCheckIns } from './provider-check-ins.ts';

export type { CheckInCaller, ReferrerLookup, ReferrerSummary } from './check-in.service.ts';
export { checkInWebhookOutcomes } from './check-in-outcomes.ts';
export type { ProviderCaller, ProviderCheckIns } from './provider-check-ins.ts';

export interface CheckInModuleDeps {
  db: Kysely<Database>;
  clock: Clock;
  /** config/patient-portal.json checkIn */
  settings: CheckInConfig;
  /** The referrer directory's lookup of a form's referrer (modules/referrers). */
  referrers: ReferrerLookup;
}

/**
 * Digital and kiosk check-in (docs/product/check-in.md): GET and POST
 * /api/secured/appointments/{bookingKey}/items/{appointmentId}/check_in. Register after the
 * authentication module (its guard, session and cookie parser). The webhook delivery is the
 * outbox worker's, settled through checkInWebhookOutcomes (server.ts).
 */
export async function checkInModule(app: FastifyInstance, deps: CheckInModuleDeps) {
  const service = createCheckInService({
    store: createCheckInStore(deps.db),
    clock: deps.clock,
    settings: deps.settings,
    referrers: deps.referrers,
  });
  registerCheckInRoutes(app, service);
}

/**
 * One appointment's check-in status as the patient's GET answers it (audited as that read), for
 * a module that shows it elsewhere (the kiosk's list of today's appointments).
 */
export function checkInStatusReader(deps: CheckInModuleDeps) {
  const { db, ...rest } = deps;
  return createCheckInService({ ...rest, store: createCheckInStore(db) }).status;
}

/** The provider's acknowledgements and list, for the integration module. */
export function providerCheckIns(deps: { db: Kysely<Database>; clock: Clock }) {
  return createProviderCheckIns({ store: createCheckInStore(deps.db), clock: deps.clock });
}

/**
 * How long before an appointment check-in from home opens, for the e-mails that invite to it
 * (the confirmation and the reminder, docs/product/check-in.md#qr-codes); null when it is off.
 */
export function checkInPriorMinutes(settings: CheckInConfig): number | null {
  return settings.enabled ? settings.priorMinutes : null;
}
