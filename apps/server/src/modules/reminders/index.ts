import type { FastifyInstance } from 'fastify';
import type { Kysely } from 'kysely';
import type { Clock } from '../../adapters/clock.ts';
import type { Database } from '../../db/database.ts';
import type { AppointmentChangesService } from '../booking/index.ts';
import type { AppointmentActionsService } from '../patient-portal/index.ts';
import { registerReminderRoutes } from './reminders.routes.ts';
import { createActionLinksService } from './reminders.service.ts';

export { createReminderScheduler, type RemindersDeps } from './reminders.service.ts';

export interface RemindersModuleDeps {
  db: Kysely<Database>;
  clock: Clock;
  sessionSecret: string;
  changes: AppointmentChangesService;
  actions: AppointmentActionsService;
}

/** GET and POST /api/appointment-links/{token}: the links in reminders. */
export async function remindersModule(
  app: FastifyInstance,
  deps: RemindersModuleDeps,
): Promise<void> {
  registerReminderRoutes(app, createActionLinksService(deps));
}
