import type {
  CreateAppointmentsRequest,
  CreateAppointmentsResponse,
  SupportedLocale,
} from '@portal/contract';
import type { Clock } from '../../adapters/clock.ts';
import { NotFoundError } from '../../domain-error.ts';
import { catalogueStillAt } from '../availability/index.ts';
import { createAppointmentBooker, type Offered } from './book-appointments.ts';
import { requireBookableSlot, slotTakenError } from './bookable-slot.ts';
import { clinicWallTime } from './booking-format.ts';
import { assertKeyUsable } from './booking-keys.service.ts';
import type { BookingStore, RequestContext } from './booking-store.ts';
import type { OfferedSlot, OfferedSlotFinder } from './offered-slot.ts';
import type { QuestionnaireHooks } from './questionnaire-hooks.ts';
import { inTurn, type SlotTurns } from './slot-turns.ts';

export interface AppointmentsServiceDeps {
  store: BookingStore;
  slots: OfferedSlotFinder;
  clock: Clock;
  /** Links in messages: `${publicUrl}/appointments/{bookingKey}`. */
  publicUrl: string;
  providerName: string;
  /** The provider's default locale (jsLocale): messages of a patient whose locale is unknown. */
  defaultLocale: SupportedLocale;
  /** The confirmation's check-in invitation: checkIn.priorMinutes, or null when check-in is off. */
  checkInPriorMinutes?: number | null;
  /** Stored questionnaire answers can refuse a booking (see questionnaire-hooks.ts). */
  questionnaires?: QuestionnaireHooks;
  /** Shared with slot holds: one slot's requests take turns across both. */
  turns: SlotTurns;
}

const pendingNoticeAction = 'appointment.pending-notice-queued';

type Settled<T> = { value: T } | { error: unknown };

/** Started now, its error (if any) thrown only when looked at. */
const settle = <T>(work: Promise<T>): Promise<Settled<T>> =>
  work.then(
    (value) => ({ value }),
    (error: unknown) => ({ error }),
  );

function outcomeOf<T>(settled: Settled<T>): T {
  if ('error' in settled) throw settled.error;
  return settled.value;
}

/** Appointments (booked or pending) and their pending notices. */
export function createAppointmentsService(deps: AppointmentsServiceDeps) {
  const { store, slots, clock, publicUrl, providerName, defaultLocale, turns } = deps;
  const { book, bookUnderConditions } = createAppointmentBooker({
    store,
    publicUrl,
    providerName,
    defaultLocale,
    checkInPriorMinutes: deps.checkInPriorMinutes ?? null,
  });

  /**
   * The common case in one round trip: items without holds, every slot found
   * in the cached catalogue, and exams no required questionnaire stands in
   * front of. Booked in one statement written only while what it did not read
   * still holds: the catalogue at the version the slots came from, and (with
   * questionnaires) no answers stored for the key, which is when the gate
   * passes them. The database still refuses an unusable key and a taken
   * resource. Null: not that case, or not booked; nothing was written and the
   * full checks run, with their precise errors.
   */
  async function bookedAtOnce(
    request: CreateAppointmentsRequest,
    context: RequestContext,
    now: Date,
    hints: ReadonlyArray<OfferedSlot | null>,
  ) {
    if (request.items.some((item) => item.holdId)) return null;
    const offered: Offered = [];
    for (const [index, item] of request.items.entries()) {
      const hint = hints[index];
      if (!hint) return null;
      offered.push({ item, slot: { ...hint, freeResourceIds: hint.resourceIds } });
    }
    const conditions = [...new Set(offered.map(({ slot }) => slot.catalogueVersion))].map(
      catalogueStillAt,
    );
    const { questionnaires } = deps;
    if (questionnaires) {
      const exams = offered.map(({ slot }) => slot.exam);
      if (!(await questionnaires.passesWithoutAnswers(exams))) return null;
      conditions.push(questionnaires.noStoredAnswers(request.bookingKey));
    }
    return bookUnderConditions(request, context, now, offered, conditions);
  }

  /** The questionnaire gate (docs/product/questionnaires.md#outcomes) for these slots. */
  async function gate(
    request: CreateAppointmentsRequest,
    slotsAsked: ReadonlyArray<Pick<OfferedSlot, 'exam' | 'clinic' | 'start'>>,
  ) {
    await deps.questionnaires?.checkAppointments(
      request.bookingKey,
      slotsAsked.map((slot) => ({
        examSlug: slot.exam.slug,
        start: slot.start,
        timeZone: slot.clinic.timeZone,
      })),
      request.patientDetails,
    );
  }

  async function offer(request: CreateAppointmentsRequest, now: Date): Promise<Offered> {
    const found: Offered = [];
    for (const item of request.items) {
      found.push({ item, slot: await requireBookableSlot(slots, item, now, request.bookingKey) });
    }
    return found;
  }

  return {
    /**
     * Books every item or none (see book-appointments.ts for the writes).
     * Before any query, requests of this instance for the same slot take
     * turns (slot-turns.ts): a waiter whose slot the turn booked is a 409 from
     * memory. In its turn, the common case is one statement (bookedAtOnce);
     * otherwise the key, the slots (a slot others already have is a
     * 409 before anything is written: requireBookableSlot) and the
     * questionnaire answers are read at once; their errors come in that order.
     */
    async createAppointments(
      request: CreateAppointmentsRequest,
      context: RequestContext,
    ): Promise<CreateAppointmentsResponse> {
      const now = clock.now();
      const hints = await Promise.all(
        request.items.map((item) =>
          slots.cachedOfferedSlot({
            clinicSlug: item.clinicSlug,
            examSlug: item.examSlug,
            start: new Date(item.start),
          }),
        ),
      );
      return inTurn(turns, hints, request.bookingKey, slotTakenError, async () => {
        const quick = await bookedAtOnce(request, context, now, hints);
        if (quick === 'TAKEN') {
          // One slot that only one resource offers, taken (and the key usable, the catalogue
          // unchanged: conditions of that statement), and no expired hold in the way: the full
          // checks would end in this same 409. A request that came in after the winner's turn
          // had ended (a late loser of a rush) is answered in one more statement, not four.
          const [hint] = hints;
          if (
            hints.length === 1 &&
            hint &&
            hint.resourceIds.length === 1 &&
            (await store.deleteExpiredHolds(hint.resourceIds, hint.start, hint.end, now)) === 0
          )
            throw slotTakenError(hint);
        } else if (quick) return quick;
        const offering = settle(offer(request, now));
        const hinted = hints.filter((hint) => hint !== null);
        const gating = hinted.length === hints.length ? settle(gate(request, hinted)) : null;
        assertKeyUsable(await store.bookingKeyState(request.bookingKey, now));
        const offered = outcomeOf(await offering);
        if (gating) outcomeOf(await gating);
        else
          await gate(
            request,
            offered.map(({ slot }) => slot),
          );
        return book(request, context, now, offered);
      });
    },

    /** Queues the pending-appointment notice once per booking key. */
    async sendPendingNotifications(bookingKey: string, context: RequestContext) {
      const now = clock.now();
      return store.transaction(async (tx) => {
        const pending = await tx.listPendingAppointments(bookingKey);
        const first = pending[0];
        if (!first)
          throw new NotFoundError('There is no pending appointment for this booking key.');
        if (await tx.hasAuditEvent(pendingNoticeAction, first.id)) return { queued: 0 };
        const queued = await tx.enqueueNotice(
          first.locale ?? defaultLocale,
          {
            kind: 'PENDING_APPOINTMENT',
            providerName,
            firstName: first.firstName,
            email: first.email,
            contactNumber: first.contactNumber,
            link: `${publicUrl}/appointments/${bookingKey}`,
            lines: pending.map(
              (row) =>
                `${row.examName}, ${row.clinicName}, ${clinicWallTime(row.start, row.timeZone)}`,
            ),
          },
          now,
        );
        await tx.insertAuditEvent(
          {
            actor: 'public',
            action: pendingNoticeAction,
            subjectType: 'appointment',
            subjectId: first.id,
            ...context,
          },
          now,
        );
        return { queued };
      });
    },
  };
}

export type AppointmentsService = ReturnType<typeof createAppointmentsService>;
