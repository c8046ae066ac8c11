import type { PatientPortalConfig } from '@portal/contract';
import type { FastifyInstance } from 'fastify';
import type { Kysely } from 'kysely';
import type { Clock } from '../../adapters/clock.ts';
import type { Database } from '../../db/database.ts';
import { registerAppointmentActionRoutes } from './appointment-actions.routes.ts';
import type {
  AppointmentActionsService,
  QuestionnaireApplies,
} from './appointment-actions.service.ts';
import { type CalendarFileDeps, createCalendarFiles as calendarFilesOf } from './calendar-files.ts';
import { registerPatientPortalRoutes } from './patient-portal.routes.ts';
import { createPatientPortalService } from './patient-portal.service.ts';
import { createPatientPortalStore } from './patient-portal-store.ts';

export {
  type AppointmentActionsDeps,
  type AppointmentActionsService,
  createAppointmentActionsService,
  type QuestionnaireApplies,
} from './appointment-actions.service.ts';
export { changeStatus, priorMinutesFor } from './change-windows.ts';

/**
 * The calendar files an e-mail about a booking key carries (calendar-files.ts), for the
 * outbox worker (server.ts builds it once).
 */
export function createCalendarFiles(
  deps: CalendarFileDeps & { db: Kysely<Database>; clock: Clock },
) {
  return calendarFilesOf({ ...deps, store: createPatientPortalStore(deps.db) });
}

export interface PatientPortalModuleDeps {
  db: Kysely<Database>;
  settings: PatientPortalConfig;
  /** The changes a patient may make (createAppointmentActionsService), built once in app.ts. */
  actions: AppointmentActionsService;
  questionnaireApplies: QuestionnaireApplies;
}

/**
 * What a signed-in patient sees of their booking and may change:
 * /api/secured/appointments/{key}[/items/{id}/...] and
 * /api/secured/booking_requests/{key}[/cancel], and /api/config/patient-portal.
 * Register after the authentication module, whose guard and session these routes rely on.
 */
export async function patientPortalModule(
  app: FastifyInstance,
  deps: PatientPortalModuleDeps,
): Promise<void> {
  const summaries = createPatientPortalService({
    store: createPatientPortalStore(deps.db),
    questionnaireApplies: deps.questionnaireApplies,
  });
  const { patientPortalBackgroundImageEnabled, cancelReasons, rescheduleWalkInAllowed, results } =
    deps.settings;
  registerPatientPortalRoutes(app, summaries, {
    patientPortalBackgroundImageEnabled,
    cancelReasons,
    rescheduleWalkInAllowed,
    results: {
      shareExpiryDefaultDays: results.shareExpiryDefaultDays,
      shareExpiryMaxDays: results.shareExpiryMaxDays,
      shareNoteMaxLength: results.shareNoteMaxLength,
      shareBySmsEnabled: results.shareBySmsEnabled,
    },
  });
  registerAppointmentActionRoutes(app, deps.actions, summaries);
}
