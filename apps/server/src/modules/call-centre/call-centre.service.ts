import { createHash } from 'node:crypto';
import type {
  CallbackRequest,
  CallbackRequestBody,
  CallbackRequestResponse,
  CallCentreConfig,
  CallCentreMessageRequest,
  CallCentreMessageResponse,
  CallCentreState,
  SupportedLocale,
} from '@portal/contract';
import type { Clock } from '../../adapters/clock.ts';
import { NotFoundError } from '../../domain-error.ts';
import type { RequestContext } from '../audit/index.ts';
import type { NewOutboxMessage } from '../notifications/index.ts';
import {
  CallbackNotFoundError,
  CallCentreLimitReachedError,
  MessageTooLongError,
  UnknownTopicError,
  WindowOutsideOpeningHoursError,
} from './call-centre.errors.ts';
import type {
  BookingFacts,
  CallbackRow,
  CallCentreKind,
  CallCentreScope,
} from './call-centre.repository.ts';
import {
  acknowledgementMessage,
  type CallCentreAsk,
  callCentreMessage,
} from './call-centre-messages.ts';
import type { CallCentreStore } from './call-centre-store.ts';
import { windowFits } from './callback-windows.ts';

export interface CallCentreServiceDeps {
  store: CallCentreStore;
  clock: Clock;
  settings: CallCentreConfig;
  providerName: string;
  /** The provider's default locale: the call centre's e-mail, and a patient's without one. */
  defaultLocale: SupportedLocale;
  /** Whether a callback request also goes to the provider's signed webhook (decision 027). */
  providerWebhook: boolean;
}

/** The event type of a callback request in the provider's webhook. */
export const callbackRequestedEventType = 'callback_request.created';

const day = 24 * 60 * 60 * 1000;
const keySubject = (bookingKey: string) => ({
  subjectType: 'booking_key',
  subjectId: createHash('sha256').update(bookingKey).digest('hex'),
});
const hhmm = (time: string) => time.slice(0, 5);

const callbackView = (row: CallbackRow): CallbackRequest => ({
  id: row.id,
  status: row.status,
  requestedAt: row.requestedAt.toISOString(),
  timeZone: row.timeZone,
  windows: row.windows,
  doneAt: row.doneAt?.toISOString() ?? null,
});

/**
 * Messages and callback requests to the call centre (docs/product/contact-the-clinic.md,
 * decision 044): the booking's facts attached by the server, the daily limit counted under the
 * booking key's lock, the row, the e-mails (and the webhook event) and the audit entry written
 * in one transaction, so a refusal sends and stores nothing.
 */
export function createCallCentreService(deps: CallCentreServiceDeps) {
  const { store, clock, settings } = deps;

  async function factsOf(tx: CallCentreStore, bookingKey: string, scope: CallCentreScope) {
    const facts = await tx.findBookingFacts(bookingKey, scope);
    if (!facts) throw new NotFoundError('There is no booking under this key.');
    return facts;
  }

  const leftToday = async (
    tx: CallCentreStore,
    bookingKey: string,
    kind: CallCentreKind,
    now: Date,
  ) =>
    Math.max(
      0,
      settings.dailyLimit - (await tx.countSince(bookingKey, kind, new Date(now.getTime() - day))),
    );

  /** Counts, stores, queues and audits one ask under the key's lock. */
  async function send(
    bookingKey: string,
    scope: CallCentreScope,
    ask: CallCentreAsk,
    context: RequestContext,
    extra: (facts: BookingFacts, id: string, now: Date) => NewOutboxMessage[] = () => [],
  ) {
    return store.transaction(async (tx) => {
      const now = clock.now();
      await tx.lockBookingKey(bookingKey, now);
      const facts = await factsOf(tx, bookingKey, scope);
      const left = await leftToday(tx, bookingKey, ask.kind, now);
      if (left <= 0) {
        throw new CallCentreLimitReachedError(
          `At most ${settings.dailyLimit} a day for one booking; try again tomorrow or call the clinic.`,
          undefined,
          { limit: settings.dailyLimit },
        );
      }
      const id = await tx.insertRequest(
        ask.kind === 'MESSAGE'
          ? { bookingKey, scope, kind: 'MESSAGE', topic: ask.topic, message: ask.message }
          : {
              bookingKey,
              scope,
              kind: 'CALLBACK',
              phone: ask.phone,
              windows: ask.windows,
              timeZone: ask.timeZone,
              reason: ask.reason,
            },
        now,
      );
      const parts = { providerName: deps.providerName, facts, ask };
      await tx.enqueueMessages(
        [
          callCentreMessage(deps.defaultLocale, { ...parts, callCentreEmail: settings.email }),
          acknowledgementMessage(facts.patient.locale ?? deps.defaultLocale, parts),
          ...extra(facts, id, now),
        ],
        now,
      );
      await tx.insertAuditEvent(
        {
          actor: 'patient',
          action: ask.kind === 'MESSAGE' ? 'call-centre.message' : 'call-centre.callback-request',
          ...keySubject(bookingKey),
          ...context,
          details:
            ask.kind === 'MESSAGE'
              ? { id, scope, topic: ask.topic, length: ask.message.length }
              : { id, scope, windows: ask.windows.length, reason: ask.reason !== null },
        },
        now,
      );
      return { id, now, left: left - 1, facts };
    });
  }

  return {
    async state(bookingKey: string, scope: CallCentreScope): Promise<CallCentreState> {
      const now = clock.now();
      const facts = await factsOf(store, bookingKey, scope);
      const hours = facts.clinic ? await store.listOpeningHours(facts.clinic.id) : [];
      return {
        topics: settings.topics,
        messageMaxLength: settings.messageMaxLength,
        dailyLimit: settings.dailyLimit,
        messagesLeftToday: await leftToday(store, bookingKey, 'MESSAGE', now),
        callbacksLeftToday: await leftToday(store, bookingKey, 'CALLBACK', now),
        phone: facts.patient.contactNumber,
        timeZone: facts.clinic?.timeZone ?? null,
        openingHours: hours.map((h) => ({
          weekday: h.weekday,
          opens: hhmm(h.opens),
          closes: hhmm(h.closes),
        })),
        pendingCallbacks: (await store.listPendingCallbacks(bookingKey)).map(callbackView),
      };
    },

    async message(
      bookingKey: string,
      scope: CallCentreScope,
      body: CallCentreMessageRequest,
      context: RequestContext,
    ): Promise<CallCentreMessageResponse> {
      if (!settings.topics.some((topic) => topic.code === body.topic)) {
        throw new UnknownTopicError(`"${body.topic}" is not one of the topics.`, [
          { path: 'topic', message: 'is not one of the topics' },
        ]);
      }
      if (body.message.length > settings.messageMaxLength) {
        throw new MessageTooLongError(
          `The message is longer than ${settings.messageMaxLength} characters.`,
          [{ path: 'message', message: `at most ${settings.messageMaxLength} characters` }],
          { max: settings.messageMaxLength },
        );
      }
      const ask = { kind: 'MESSAGE' as const, topic: body.topic, message: body.message };
      const sent = await send(bookingKey, scope, ask, context);
      return { id: sent.id, sentAt: sent.now.toISOString(), messagesLeftToday: sent.left };
    },

    async callback(
      bookingKey: string,
      scope: CallCentreScope,
      body: CallbackRequestBody,
      context: RequestContext,
    ): Promise<CallbackRequestResponse> {
      const facts = await factsOf(store, bookingKey, scope);
      const clinic = facts.clinic;
      const openings = clinic ? await store.listOpeningHours(clinic.id) : [];
      const now = clock.now();
      const outside = body.windows.findIndex(
        (window) => !clinic || !windowFits(window, openings, clinic.timeZone, now),
      );
      if (!clinic || outside >= 0) {
        throw new WindowOutsideOpeningHoursError(
          "A preferred time is not within the clinic's opening hours (or has passed).",
          [{ path: `windows.${Math.max(0, outside)}`, message: 'outside the opening hours' }],
        );
      }
      const ask = {
        kind: 'CALLBACK' as const,
        phone: body.phone,
        windows: body.windows,
        timeZone: clinic.timeZone,
        reason: body.reason || null,
      };
      const sent = await send(bookingKey, scope, ask, context, (known, id, at) =>
        deps.providerWebhook ? [callbackEvent(known, id, at, ask)] : [],
      );
      return {
        id: sent.id,
        status: 'PENDING',
        requestedAt: sent.now.toISOString(),
        timeZone: clinic.timeZone,
        windows: body.windows,
        doneAt: null,
        callbacksLeftToday: sent.left,
      };
    },

    /** The provider's systems mark a callback done (integration, audited as the caller). */
    async markDone(
      id: string,
      caller: { actor: string; context: RequestContext },
    ): Promise<CallbackRequest> {
      return store.transaction(async (tx) => {
        const now = clock.now();
        const found = await tx.findCallback(id, true);
        if (!found) throw new CallbackNotFoundError('No callback request has that id.');
        if (found.status === 'PENDING') {
          await tx.markCallbackDone(id, caller.actor, now);
          await tx.insertAuditEvent(
            {
              actor: caller.actor,
              action: 'call-centre.callback-done',
              ...keySubject(found.bookingKey),
              ...caller.context,
              details: { id },
            },
            now,
          );
        }
        return callbackView({ ...found, status: 'DONE', doneAt: found.doneAt ?? now });
      });
    },
  };
}

/** The callback request as a signed webhook event for the provider's systems (decision 027). */
function callbackEvent(
  facts: BookingFacts,
  id: string,
  now: Date,
  ask: Extract<CallCentreAsk, { kind: 'CALLBACK' }>,
): NewOutboxMessage {
  const data = {
    callbackRequestId: id,
    bookingKey: facts.reference,
    recordId: facts.recordId,
    requestedAt: now.toISOString(),
    phone: ask.phone,
    timeZone: ask.timeZone,
    windows: ask.windows,
    reason: ask.reason,
    patient: { firstName: facts.patient.firstName, lastName: facts.patient.lastName },
  };
  return {
    channel: 'WEBHOOK',
    template: 'CALLBACK_REQUESTED',
    recipient: 'provider-webhook',
    subject: callbackRequestedEventType,
    bodyText: JSON.stringify(data, null, 2),
    bodyHtml: null,
  };
}

export type CallCentreService = ReturnType<typeof createCallCentreService>;
