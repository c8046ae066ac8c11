import { createHash } from 'node:crypto';
import type { ChatOutcomeRequest, ChatOutcomeResponse } from '@portal/contract';
import type { Clock } from '../../adapters/clock.ts';
import type { BookingRequestStatus, BookingRequestType } from '../../db/tables/booking-tables.ts';
import { NotFoundError } from '../../domain-error.ts';
import type { RequestContext } from '../audit/index.ts';
import { BookingRequestAlreadyBookedError, BookingRequestClosedError } from './chat.errors.ts';
import type { ChatStore } from './chat-store.ts';

/** Statuses no outcome may change: the patient cancelled it, or the provider closed it. */
const closedStatuses: ReadonlySet<BookingRequestStatus> = new Set(['CANCELED', 'CLOSED']);

/** What each outcome makes of a request that is still open (spec 1 §4, decision 040). */
function changeOf(
  outcome: ChatOutcomeRequest['outcome'],
  current: { status: BookingRequestStatus; requestType: BookingRequestType },
): { status: BookingRequestStatus; requestType: BookingRequestType } {
  switch (outcome) {
    case 'STARTED':
      return { status: current.status, requestType: 'CHAT' };
    case 'BOOKED':
      return { status: 'BOOKED', requestType: 'CHAT' };
    case 'INVALIDATED':
    case 'NO_AGENT':
      return { status: current.status, requestType: 'PATIENT' };
  }
}

/**
 * The chat desk's outcome for a booking request (docs/product/chat.md#the-integration-endpoint):
 * under the request's row lock, checked, applied and audited as the caller (`provider:<name>`)
 * in one transaction, so a refused call changes nothing. A repeated outcome answers the same and
 * changes nothing, so a desk may retry.
 */
export function createProviderChatOutcomes(deps: { store: ChatStore; clock: Clock }) {
  const { store, clock } = deps;
  return {
    async record(
      bookingKey: string,
      request: ChatOutcomeRequest,
      caller: { actor: string; context: RequestContext },
    ): Promise<ChatOutcomeResponse> {
      return store.transaction(async (tx) => {
        const current = await tx.lockBookingRequestOfKey(bookingKey);
        if (!current) throw new NotFoundError('There is no booking request under this key.');
        if (closedStatuses.has(current.status)) {
          throw new BookingRequestClosedError(
            `The booking request is ${current.status.toLowerCase()}: no chat outcome applies.`,
          );
        }
        // Once booked, only a repeated BOOKED is accepted: handing it back to the front desk
        // (or to another conversation) would have it booked twice.
        if (current.status === 'BOOKED' && request.outcome !== 'BOOKED') {
          throw new BookingRequestAlreadyBookedError(
            `The booking request is already booked: ${request.outcome} does not apply.`,
          );
        }
        const next = changeOf(request.outcome, current);
        const changed = next.status !== current.status || next.requestType !== current.requestType;
        if (changed) await tx.updateBookingRequestForChat(current.id, next);
        await tx.insertAuditEvent(
          {
            actor: caller.actor,
            action: 'booking-request.chat-outcome',
            subjectType: 'booking_key',
            subjectId: createHash('sha256').update(bookingKey).digest('hex'),
            ...caller.context,
            details: {
              outcome: request.outcome,
              conversationId: request.conversationId ?? null,
              fromStatus: current.status,
              status: next.status,
              fromRequestType: current.requestType,
              requestType: next.requestType,
              changed,
            },
          },
          clock.now(),
        );
        return { bookingKey, status: next.status, requestType: next.requestType, changed };
      });
    },
  };
}

export type ProviderChatOutcomes = ReturnType<typeof createProviderChatOutcomes>;
