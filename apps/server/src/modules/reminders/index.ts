import type { FastifyInstance } from 'fastify';
import type { Kysely } from 'kysely';
import type { Clock } from '../../adapters/clock.ts';
import type { Database } from '../../db/database.ts';
import type { AppointmentChangesService } from '../booking/index.ts';
import type { AppointmentActionsService } from '../patient-portal/index.ts';
import { createReminderStore } from './reminder-store.ts';
import { registerReminderRoutes } from './reminders.routes.ts';
import {
  createActionLinksService,
  createReminderScheduler as createScheduler,
  type RemindersDeps,
} from './reminders.service.ts';

/** The periodic task queuing reminders (server.ts starts it; tests call runOnce). */
export function createReminderScheduler(
  deps: Omit<RemindersDeps, 'store'> & {
    db: Kysely<Database>;
    batchSize?: number;
    intervalMs?: number;
    onError?: (error: unknown) => void;
  },
) {
  return createScheduler({ ...deps, store: createReminderStore(deps.db) });
}

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
  registerReminderRoutes(
    app,
    createActionLinksService({ ...deps, store: createReminderStore(deps.db) }),
  );
}
