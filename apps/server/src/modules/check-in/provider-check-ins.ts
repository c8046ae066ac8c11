import type { CheckInAcknowledgeResponse, IntegrationCheckIn } from '@portal/contract';
import type { Clock } from '../../adapters/clock.ts';
import { NotFoundError } from '../../domain-error.ts';
import type { RequestContext } from '../audit/index.ts';
import { checkInEventData } from './check-in-event.ts';
import type { CheckInStore } from './check-in-store.ts';

/** The provider system that called (the integration module's caller), as audited. */
export interface ProviderCaller {
  actor: string;
  context: RequestContext;
}

/**
 * The provider's side of check-ins (docs/product/check-in.md#provider), served by the
 * integration module under /api/integration: acknowledging one (the first acknowledgement
 * holds), and listing them for an integration that polls instead of taking the webhook.
 * Both audited as the caller: the list carries Medicare numbers.
 */
export function createProviderCheckIns(deps: { store: CheckInStore; clock: Clock }) {
  const { store, clock } = deps;
  const audit = (
    tx: CheckInStore,
    caller: ProviderCaller,
    action: string,
    subjectId: string,
    details: Record<string, string | number | boolean | null | string[]>,
  ) =>
    tx.insertAuditEvent(
      {
        actor: caller.actor,
        action,
        subjectType: 'check_in',
        subjectId,
        clientAddress: caller.context.clientAddress,
        requestId: caller.context.requestId,
        details,
      },
      clock.now(),
    );

  return {
    async acknowledge(
      checkInId: string,
      caller: ProviderCaller,
    ): Promise<CheckInAcknowledgeResponse> {
      return store.transaction(async (tx) => {
        const now = clock.now();
        const first = await tx.acknowledge(checkInId, now, caller.actor);
        const record = await tx.checkInById(checkInId);
        if (!record?.acknowledgedAt) throw new NotFoundError('There is no such check-in.');
        await audit(tx, caller, 'check-in.acknowledged', checkInId, { first });
        return { checkInId, acknowledgedAt: record.acknowledgedAt.toISOString() };
      });
    },

    async list(
      filter: {
        state?: IntegrationCheckIn['state'] | undefined;
        unacknowledged?: boolean | undefined;
        limit: number;
      },
      caller: ProviderCaller,
    ): Promise<{ checkIns: IntegrationCheckIn[] }> {
      const records = await store.listCheckIns(filter);
      const checkIns: IntegrationCheckIn[] = [];
      for (const record of records) {
        const appointment = await store.findAppointmentOfKey(
          record.bookingKey,
          record.appointmentId,
        );
        if (!appointment) continue;
        checkIns.push({
          ...checkInEventData(record, appointment),
          state: record.state,
          deliveredAt: record.deliveredAt?.toISOString() ?? null,
          acknowledgedAt: record.acknowledgedAt?.toISOString() ?? null,
        });
      }
      await audit(store, caller, 'check-in.listed', 'list', {
        checkInIds: checkIns.map((checkIn) => checkIn.checkInId),
      });
      return { checkIns };
    },
  };
}

export type ProviderCheckIns = ReturnType<typeof createProviderCheckIns>;
