import { randomBytes } from 'node:crypto';
import type { NewBookingKeyResponse, SlotHoldRequest, SlotHoldResponse } from '@portal/contract';
import type { Clock } from '../../adapters/clock.ts';
import { NotFoundError } from '../../domain-error.ts';
import { requireBookableSlot, slotTakenError } from './bookable-slot.ts';
import {
  BookingKeyUnknownError,
  BookingKeyUsedError,
  SlotUnavailableError,
  TooManyHoldsError,
} from './booking.errors.ts';
import { clinicInstant } from './booking-format.ts';
import type { BookingStore, RequestContext } from './booking-store.ts';
import type { OfferedSlotFinder } from './offered-slot.ts';
import type { QuestionnaireHooks } from './questionnaire-hooks.ts';
import { inTurn, type SlotTurns } from './slot-turns.ts';

export interface BookingSettings {
  /** How long a new booking key stays reserved. */
  bookingKeyMinutes: number;
  /** How long a slot hold keeps a slot (booking.json slotHoldMinutes). */
  slotHoldMinutes: number;
  /** Live holds one booking key may keep at once (no hoarding of slots). */
  maxHoldsPerKey: number;
}

export interface BookingServiceDeps {
  store: BookingStore;
  slots: OfferedSlotFinder;
  clock: Clock;
  settings: BookingSettings;
  /** Issue 5: a questionnaire outcome's earliest day also bounds slot holds. */
  questionnaires?: QuestionnaireHooks;
  /** Shared with appointment creation: one slot's requests take turns across both. */
  turns: SlotTurns;
}

/** 192 random bits, base64url (32 characters). */
export function generateBookingKey(): string {
  return randomBytes(24).toString('base64url');
}

export function assertKeyUsable(state: 'RESERVED' | 'USED' | 'UNKNOWN'): void {
  if (state === 'USED') {
    throw new BookingKeyUsedError('This booking key has already been used; ask for a new one.');
  }
  if (state === 'UNKNOWN') {
    throw new BookingKeyUnknownError(
      'This booking key is unknown or has expired; ask for a new one.',
    );
  }
}

/** Booking keys, re-keying and slot holds. */
export function createBookingService({
  store,
  slots,
  clock,
  settings,
  questionnaires,
  turns,
}: BookingServiceDeps) {
  return {
    async newBookingKey(): Promise<NewBookingKeyResponse> {
      const now = clock.now();
      const expiresAt = new Date(now.getTime() + settings.bookingKeyMinutes * 60_000);
      const bookingKey = generateBookingKey();
      await store.insertBookingKey(bookingKey, now, expiresAt);
      return { bookingKey, expiresAt: expiresAt.toISOString() };
    },

    /**
     * Moves what was uploaded under an unused key (temporary documents; later
     * questionnaire answers) to a new reserved key, e.g. after the first key expired.
     */
    async rekey(bookingKey: string, newBookingKey: string, context: RequestContext) {
      const now = clock.now();
      return store.transaction(async (tx) => {
        // The old key may have expired (that is why one re-keys) but must not name a booking.
        // Epoch 0 as "now" makes bookingKeyState ignore expiry.
        assertKeyUsable(await tx.bookingKeyState(bookingKey, new Date(0)));
        assertKeyUsable(await tx.bookingKeyState(newBookingKey, now));
        if (bookingKey === newBookingKey) return { documents: 0, questionnaireAnswers: 0 };
        const moved = await tx.moveTemporaryDocuments(bookingKey, newBookingKey);
        for (const id of moved) {
          await tx.insertAuditEvent(
            {
              actor: 'public',
              action: 'temporary-document.rekeyed',
              subjectType: 'temporary_document',
              subjectId: id,
              ...context,
            },
            now,
          );
        }
        const documents = moved.length;
        const questionnaireAnswers = await tx.moveQuestionnaireAnswers(bookingKey, newBookingKey);
        return { documents, questionnaireAnswers };
      });
    },

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

export type BookingService = ReturnType<typeof createBookingService>;
