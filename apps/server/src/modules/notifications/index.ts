import type { SupportedLocale } from '@portal/contract';
import type { FastifyInstance } from 'fastify';
import type { Kysely } from 'kysely';
import type { Clock } from '../../adapters/clock.ts';
import type { Database, Db } from '../../db/database.ts';
import { insertAuditEvent } from '../audit/index.ts';
import { registerEmailPreviewRoutes } from './email-preview.routes.ts';
import { createEmailPreviewService } from './email-preview.service.ts';
import {
  type BookingNotice,
  bookingNoticeMessages,
  clinicRequestMessage,
  reminderMessages,
} from './notification-templates.ts';
import {
  insertOutboxMessages,
  listLatestMessages,
  queuedWithStatement,
  queueOutboxMessages,
  requeueFailedMessage,
} from './notifications.repository.ts';
import { registerNotificationRoutes } from './notifications.routes.ts';
import { createOutboxStore, type WebhookOutcomes } from './outbox-store.ts';
import {
  createOutboxWorker as createWorker,
  type OutboxWorker,
  type OutboxWorkerDeps,
} from './outbox-worker.ts';
import type { MessagePreviews, PreviewBooking } from './preview-data.ts';

export type { CheckInInvitation } from './check-in-invitation.ts';
export { previewContent } from './email-preview.service.ts';
export {
  type MessageText,
  messageDay,
  messageText,
  providerMessageLocale,
  useProviderMessageOverrides,
} from './message-catalogue.ts';
export type { BookingNotice } from './notification-templates.ts';
export type { NewOutboxMessage, OutboxMessageRow } from './notifications.repository.ts';
export { renderOutboxPage } from './notifications.routes.ts';
export type { WebhookOutcomes } from './outbox-store.ts';
export { type OutboxWorker, retryDelayMs } from './outbox-worker.ts';
export {
  type MessagePreviews,
  type PreviewBooking,
  type PreviewData,
  samplePreviewData,
} from './preview-data.ts';
export { qrCodeDrawing } from './qr-codes.ts';
export {
  bookingNoticeMessages,
  clinicRequestMessage,
  insertOutboxMessages,
  listLatestMessages,
  queuedWithStatement,
  queueOutboxMessages,
  reminderMessages,
  requeueFailedMessage,
};

/** Queues the e-mail and SMS of a booking notice inside the caller's transaction. */
export function enqueueBookingNotice(
  db: Db,
  locale: SupportedLocale,
  notice: BookingNotice,
  now: Date,
): Promise<number> {
  return insertOutboxMessages(db, bookingNoticeMessages(locale, notice), now);
}

export type OutboxWorkerOptions = Omit<OutboxWorkerDeps, 'store'> & {
  db: Kysely<Database>;
  /** Settles a webhook event's subject with its message (the check-in module's). */
  webhookOutcomes?: WebhookOutcomes;
};

/** The periodic delivery of the outbox (outbox-worker.ts), on its own store (server.ts starts it). */
export function createOutboxWorker(options: OutboxWorkerOptions): OutboxWorker {
  const { db, webhookOutcomes, ...deps } = options;
  return createWorker({ ...deps, store: createOutboxStore(db, webhookOutcomes) });
}

export interface NotificationsModuleDeps {
  db: Kysely<Database>;
  /** True while no real delivery is configured (no SMTP_URL): the dev outbox is served. */
  devOutbox: boolean;
  /** The e-mail preview (docs/product/messages.md#preview). */
  preview: {
    providerName: string;
    publicUrl: string;
    checkInPriorMinutes: number | null;
    production: boolean;
    /** EMAIL_PREVIEW_ENABLED: the preview in production (sample data only). */
    enabled: boolean;
    clock: Clock;
    /** Every message's renderer, composed outside the modules (src/message-previews.ts). */
    messages: MessagePreviews;
    /** A booking key's data as its messages show it (the booking module's). */
    findBooking(bookingKey: string): Promise<PreviewBooking | null>;
  };
}

/**
 * GET /api/dev/outbox and /dev/outbox (development outbox), and the e-mail preview
 * (GET /api/notifications/preview_translated_email).
 */
export async function notificationsModule(
  app: FastifyInstance,
  deps: NotificationsModuleDeps,
): Promise<void> {
  registerNotificationRoutes(app, {
    enabled: deps.devOutbox,
    latest: (limit) => listLatestMessages(deps.db, limit),
  });
  const { clock, enabled, ...preview } = deps.preview;
  registerEmailPreviewRoutes(
    app,
    createEmailPreviewService({
      ...preview,
      previewEnabled: enabled,
      audit: (event, now) => insertAuditEvent(deps.db, event, now),
      now: () => clock.now(),
    }),
  );
}
