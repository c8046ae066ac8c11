import type { FastifyInstance } from 'fastify';
import type { Kysely } from 'kysely';
import type { Clock } from '../../adapters/clock.ts';
import type { Database } from '../../db/database.ts';
import { insertAuditEvent } from '../audit/index.ts';
import { sha256Hex } from '../authentication/index.ts';
import * as repository from './kiosk.repository.ts';
import { registerKioskRoutes } from './kiosk.routes.ts';
import { createKioskService, type KioskServiceDeps } from './kiosk.service.ts';

export { comparableLastName, type KioskCheckInCaller } from './kiosk.service.ts';

export interface KioskModuleDeps {
  db: Kysely<Database>;
  clock: Clock;
  /** The check-in module's status read (app.ts wires it; kiosk does not import check-in). */
  checkInStatus: KioskServiceDeps['checkInStatus'];
  /** Whether an unanswered FEEDBACK questionnaire applies (the questionnaires module). */
  feedbackDue: KioskServiceDeps['feedbackDue'];
}

/**
 * Kiosk check-in (docs/product/kiosk.md#check-in): the identity check and the reload of
 * appointments. Registered after the authentication module, whose guard, session and counted
 * identity checks it uses.
 */
export async function kioskModule(app: FastifyInstance, deps: KioskModuleDeps): Promise<void> {
  const { db } = deps;
  const service = createKioskService({
    clock: deps.clock,
    store: {
      findIdentityCandidates: (query) => repository.findIdentityCandidates(db, query),
      appointmentsOfKey: (query) => repository.appointmentsOfKey(db, query),
      insertAuditEvent: (event, now) => insertAuditEvent(db, event, now),
    },
    countedCheck: app.authentication.countedCheck,
    checkInStatus: deps.checkInStatus,
    feedbackDue: deps.feedbackDue,
    hash: sha256Hex,
  });
  registerKioskRoutes(app, service);
}
