import type { PatientDetailsConfig, SupportedLocale } from '@portal/contract';
import type { FastifyInstance } from 'fastify';
import type { Kysely } from 'kysely';
import type { Clock } from '../../adapters/clock.ts';
import type { Database } from '../../db/database.ts';
import { createPatientChangeDecisions } from './patient-change-decisions.ts';
import { registerPatientChangeRoutes } from './patient-changes.routes.ts';
import {
  createPatientChangesService,
  type PatientDetailOutcomeOf,
} from './patient-changes.service.ts';
import { createPatientChangesStore } from './patient-changes-store.ts';

export type { Decider, PatientChangeDecisions } from './patient-change-decisions.ts';
export { decisionMessages } from './patient-change-messages.ts';
export {
  RequestNotPendingError,
  StaleRequestError,
} from './patient-changes.errors.ts';
export type { PatientDetailOutcome, PatientDetailOutcomeOf } from './patient-changes.service.ts';

export interface PatientChangesModuleDeps {
  db: Kysely<Database>;
  clock: Clock;
  settings: PatientDetailsConfig;
  /** The booking's questionnaire outcome (questionnaires' createPatientDetailOutcome). */
  outcomeOf: PatientDetailOutcomeOf;
}

/**
 * Patient detail change requests, the patient's side (docs/product/patient-detail-changes.md):
 * GET .../patient_details, POST .../patient_change_requests and DELETE .../{id} under
 * /api/secured/appointments/{key} and /api/secured/booking_requests/{key}. Register after the
 * authentication module, whose guard these routes rely on.
 */
export async function patientChangesModule(
  app: FastifyInstance,
  deps: PatientChangesModuleDeps,
): Promise<void> {
  registerPatientChangeRoutes(
    app,
    createPatientChangesService({
      store: createPatientChangesStore(deps.db),
      clock: deps.clock,
      settings: deps.settings,
      outcomeOf: deps.outcomeOf,
    }),
  );
}

/**
 * The provider's decisions (list, accept, reject), for the integration module's
 * /api/integration/patient_change_requests and the `npm run patient-changes` CLI.
 */
export function patientChangeDecisions(deps: {
  db: Kysely<Database>;
  clock: Clock;
  providerName: string;
  pendingRequestDays: number;
  /** The provider's default locale (jsLocale): the e-mail when the patient's is unknown. */
  defaultLocale: SupportedLocale;
}) {
  return createPatientChangeDecisions({
    store: createPatientChangesStore(deps.db),
    clock: deps.clock,
    providerName: deps.providerName,
    pendingRequestDays: deps.pendingRequestDays,
    defaultLocale: deps.defaultLocale,
  });
}
