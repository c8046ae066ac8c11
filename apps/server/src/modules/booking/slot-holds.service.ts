import type { SlotHoldRequest, SlotHoldResponse } from '@portal/contract';
import type { Clock } from '../../adapters/clock.ts';
import { NotFoundError } from '../../domain-error.ts';
import { requireBookableSlot, slotTakenError } from './bookable-slot.ts';
import { SlotUnavailableError, TooManyHoldsError } from './booking.errors.ts';
import { clinicInstant } from './booking-format.ts';
import { assertKeyUsable, type BookingSettings } from './booking-keys.service.ts';
import type { BookingStore } from './booking-store.ts';
import type { OfferedSlotFinder } from './offered-slot.ts';
import type { QuestionnaireHooks } from './questionnaire-hooks.ts';
import { inTurn, type SlotTurns } from './slot-turns.ts';

export interface SlotHoldsServiceDeps {
  store: BookingStore;
  slots: OfferedSlotFinder;
  clock: Clock;
  settings: Pick<BookingSettings, 'slotHoldMinutes' | 'maxHoldsPerKey'>;
  /** A questionnaire outcome's earliest day also bounds slot holds. */
  questionnaires?: QuestionnaireHooks;
  /** Shared with appointment creation: one slot's requests take turns across both. */
  turns: SlotTurns;
}

/** Slot holds: a time kept for a booking key while the patient fills in the form. */
export function createSlotHoldsService(deps: SlotHoldsServiceDeps) {
  const { store, slots, clock, settings, questionnaires, turns } = deps;
  return {
    /**
     * Keeps a slot for slotHoldMinutes on the first free resource that offers
     * it. Requests of this instance for the same slot take turns first, as
     * appointment creation's do (slot-turns.ts): a waiter whose slot the turn
     * held for another key is a 409 from memory.
     */
    async holdSlot(request: SlotHoldRequest): Promise<SlotHoldResponse> {
      const now = clock.now();
      const hint = await slots.cachedOfferedSlot({
        clinicSlug: request.clinicSlug,
        examSlug: request.examSlug,
        start: new Date(request.start),
      });
      return inTurn(turns, [hint], request.bookingKey, slotTakenError, async () => {
        assertKeyUsable(await store.bookingKeyState(request.bookingKey, now));
        const slot = await requireBookableSlot(slots, request, now, request.bookingKey);
        await questionnaires?.checkSlotHold(request.bookingKey, {
          examSlug: slot.exam.slug,
          start: slot.start,
          timeZone: slot.clinic.timeZone,
        });
        const expiresAt = new Date(now.getTime() + settings.slotHoldMinutes * 60_000);
        const hold = await store.transaction(async (tx) => {
          if ((await tx.countLiveHolds(request.bookingKey, now)) >= settings.maxHoldsPerKey) {
            throw new TooManyHoldsError(
              `At most ${settings.maxHoldsPerKey} times can be held at once; book or let some go first.`,
            );
          }
          await tx.deleteExpiredHolds(slot.resourceIds, slot.start, slot.end, now);
          return tx.insertHoldOnFirstFreeResource({
            resourceIds: slot.resourceIds,
            start: slot.start,
            end: slot.end,
            expiresAt,
            bookingKey: request.bookingKey,
          });
        });
        if (!hold) {
          throw new SlotUnavailableError(
            'This time has just been taken. Please choose another time.',
          );
        }
        const result = {
          holdId: hold.id,
          start: clinicInstant(slot.start, slot.clinic.timeZone),
          end: clinicInstant(slot.end, slot.clinic.timeZone),
          expiresAt: expiresAt.toISOString(),
        };
        return {
          result,
          claims: [
            {
              resourceId: hold.resourceId,
              start: slot.start.getTime(),
              end: slot.end.getTime(),
              catalogueVersion: slot.catalogueVersion,
              bookingKey: request.bookingKey,
            },
          ],
        };
      });
    },

    /**
     * Gives a held slot back at once (the patient chose another time or left)
     * instead of when the hold expires. Only the key that made the hold may:
     * an unknown hold and another key's answer the same 404, revealing nothing.
     */
    async releaseHold(holdId: string, bookingKey: string): Promise<void> {
      if (!(await store.releaseHold(holdId, bookingKey))) {
        throw new NotFoundError('There is no such hold for this booking key.');
      }
    },
  };
}

export type SlotHoldsService = ReturnType<typeof createSlotHoldsService>;
