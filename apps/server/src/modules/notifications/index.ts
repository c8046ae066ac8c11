import type { FastifyInstance } from 'fastify';
import type { Kysely } from 'kysely';
import type { Database, Db } from '../../db/database.ts';
import {
  bookingNoticeMessages,
  clinicRequestMessage,
  reminderMessages,
} from './notification-templates.ts';
import {
  insertOutboxMessages,
  listLatestMessages,
  queuedWithStatement,
  queueOutboxMessages,
} from './notifications.repository.ts';
import { registerNotificationRoutes } from './notifications.routes.ts';
import { createOutboxStore } from './outbox-store.ts';
import {
  createOutboxWorker as createWorker,
  type OutboxWorker,
  type OutboxWorkerDeps,
} from './outbox-worker.ts';

export type { BookingNotice } from './notification-templates.ts';
export type { NewOutboxMessage, OutboxMessageRow } from './notifications.repository.ts';
export { renderOutboxPage } from './notifications.routes.ts';
export { type OutboxWorker, retryDelayMs } from './outbox-worker.ts';
export {
  bookingNoticeMessages,
  clinicRequestMessage,
  insertOutboxMessages,
  listLatestMessages,
  queuedWithStatement,
  queueOutboxMessages,
  reminderMessages,
};

/** Queues the e-mail and SMS of a booking notice inside the caller's transaction. */
export function enqueueBookingNotice(
  db: Db,
  notice: Parameters<typeof bookingNoticeMessages>[0],
  now: Date,
): Promise<number> {
  return insertOutboxMessages(db, bookingNoticeMessages(notice), now);
}

export type OutboxWorkerOptions = Omit<OutboxWorkerDeps, 'store'> & { db: Kysely<Database> };

/** The periodic delivery of the outbox (outbox-worker.ts), on its own store (server.ts starts it). */
export function createOutboxWorker(options: OutboxWorkerOptions): OutboxWorker {
  const { db, ...deps } = options;
  return createWorker({ ...deps, store: createOutboxStore(db) });
}

export interface NotificationsModuleDeps {
  db: Kysely<Database>;
  /** True while no real delivery is configured (no SMTP_URL): the dev outbox is served. */
  devOutbox: boolean;
}

/** GET /api/dev/outbox and /dev/outbox (development outbox). */
export async function notificationsModule(
  app: FastifyInstance,
  deps: NotificationsModuleDeps,
): Promise<void> {
  registerNotificationRoutes(app, {
    enabled: deps.devOutbox,
    latest: (limit) => listLatestMessages(deps.db, limit),
  });
}
