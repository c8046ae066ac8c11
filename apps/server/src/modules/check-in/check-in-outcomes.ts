import type { Db } from '../../db/database.ts';
import { insertAuditEvent } from '../audit/index.ts';
import type { WebhookOutcomes } from '../notifications/index.ts';
import { markDelivered, markFailed, type SettledCheckIn } from './check-in.repository.ts';

const audited = (db: Db, action: string, settled: SettledCheckIn | undefined, now: Date) =>
  settled
    ? insertAuditEvent(
        db,
        {
          actor: 'system',
          action,
          subjectType: 'appointment',
          subjectId: settled.appointmentId,
          clientAddress: null,
          requestId: null,
          details: { checkInId: settled.id },
        },
        now,
      )
    : Promise.resolve();

/**
 * What the outbox worker does to a check-in when its webhook event is settled, in the same
 * transaction as the message (server.ts hands these to the worker): DELIVERED with deliveredAt
 * set once, or FAILED after the last retry. Both audited as the system.
 */
export const checkInWebhookOutcomes: WebhookOutcomes = {
  async delivered(db, messageId, now) {
    await audited(db, 'check-in.delivered', await markDelivered(db, messageId, now), now);
  },
  async failed(db, messageId, now) {
    await audited(db, 'check-in.failed', await markFailed(db, messageId, now), now);
  },
};
