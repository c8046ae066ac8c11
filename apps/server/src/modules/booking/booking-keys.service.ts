import { randomBytes } from 'node:crypto';
import type { NewBookingKeyResponse } from '@portal/contract';
import type { Clock } from '../../adapters/clock.ts';
import { BookingKeyUnknownError, BookingKeyUsedError } from './booking.errors.ts';
import type { BookingStore, KeyState, RequestContext } from './booking-store.ts';

export interface BookingSettings {
  /** How long a new booking key stays reserved. */
  bookingKeyMinutes: number;
  /** How long a slot hold keeps a slot (booking.json slotHoldMinutes). */
  slotHoldMinutes: number;
  /** Live holds one booking key may keep at once (no hoarding of slots). */
  maxHoldsPerKey: number;
}

/** 192 random bits, base64url (32 characters). */
export function generateBookingKey(): string {
  return randomBytes(24).toString('base64url');
}

export function assertKeyUsable(state: KeyState): void {
  if (state === 'USED') {
    throw new BookingKeyUsedError('This booking key has already been used; ask for a new one.');
  }
  if (state === 'UNKNOWN') {
    throw new BookingKeyUnknownError(
      'This booking key is unknown or has expired; ask for a new one.',
    );
  }
}

/**
 * Booking keys: the unguessable capability a booking is made under (reserved, then used by one
 * booking), and re-keying what was uploaded under one that expired.
 */
export function createBookingKeysService(deps: {
  store: BookingStore;
  clock: Clock;
  settings: Pick<BookingSettings, 'bookingKeyMinutes'>;
}) {
  const { store, clock, settings } = deps;
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
  };
}

export type BookingKeysService = ReturnType<typeof createBookingKeysService>;
