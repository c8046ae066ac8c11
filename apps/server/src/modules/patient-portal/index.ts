import type { PatientPortalConfig } from '@portal/contract';
import type { FastifyInstance } from 'fastify';
import type { Kysely } from 'kysely';
import type { Database } from '../../db/database.ts';
import { registerAppointmentActionRoutes } from './appointment-actions.routes.ts';
import type {
  AppointmentActionsService,
  QuestionnaireApplies,
} from './appointment-actions.service.ts';
import { registerPatientPortalRoutes } from './patient-portal.routes.ts';
import { createPatientPortalService } from './patient-portal.service.ts';

export {
  type AppointmentActionsDeps,
  type AppointmentActionsService,
  createAppointmentActionsService,
  type QuestionnaireApplies,
} from './appointment-actions.service.ts';
export { createCalendarFiles } from './calendar-files.ts';
export { changeStatus, priorMinutesFor } from './change-windows.ts';

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
  const summaries = createPatientPortalService(deps);
  const { patientPortalBackgroundImageEnabled, cancelReasons, rescheduleWalkInAllowed } =
    deps.settings;
  registerPatientPortalRoutes(app, summaries, {
    patientPortalBackgroundImageEnabled,
    cancelReasons,
    rescheduleWalkInAllowed,
  });
  registerAppointmentActionRoutes(app, deps.actions, summaries);
}
