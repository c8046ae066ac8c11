import type { AppointmentClaim, AppointmentRecordsInput, BookingStore } from './booking-store.ts';

export type AtOnceBooking = AppointmentRecordsInput & { claims: AppointmentClaim[] };
export type AtOnceOutcome = 'BOOKED' | 'KEY_UNUSABLE' | 'TAKEN';

/**
 * Bookings ready in the same event-loop turn go to the database as one
 * statement (store.bookAppointmentsAtOnce): in a rush, twenty winners of
 * twenty slots on one resource otherwise queue on that resource's booking
 * version row, one commit after another. A booking is never held back: the
 * statement goes out at setImmediate, after the turn's I/O callbacks. When
 * the shared statement finds any resource taken it wrote nothing, and each
 * booking is tried again on its own, so one taken slot never fails another.
 * Two bookings with the same key never share a statement.
 */
export function createBookingBatch(store: Pick<BookingStore, 'bookAppointmentsAtOnce'>) {
  type Waiter = { booking: AtOnceBooking; settle: (outcome: Promise<AtOnceOutcome>) => void };
  let pending: Waiter[] | null = null;

  async function alone(booking: AtOnceBooking): Promise<AtOnceOutcome> {
    const outcome = await store.bookAppointmentsAtOnce([booking]);
    return outcome === 'TAKEN' ? 'TAKEN' : outcome[0]!;
  }

  async function flush(batch: Waiter[]) {
    if (batch.length === 1) {
      batch[0]!.settle(alone(batch[0]!.booking));
      return;
    }
    try {
      const outcomes = await store.bookAppointmentsAtOnce(batch.map((waiter) => waiter.booking));
      for (const [index, waiter] of batch.entries()) {
        waiter.settle(
          outcomes === 'TAKEN' ? alone(waiter.booking) : Promise.resolve(outcomes[index]!),
        );
      }
    } catch (error) {
      for (const waiter of batch) waiter.settle(Promise.reject(error));
    }
  }

  return function book(booking: AtOnceBooking): Promise<AtOnceOutcome> {
    return new Promise<AtOnceOutcome>((resolve, reject) => {
      const settle = (outcome: Promise<AtOnceOutcome>) => outcome.then(resolve, reject);
      if (pending?.some((waiter) => waiter.booking.bookingKey === booking.bookingKey)) {
        settle(alone(booking));
        return;
      }
      if (!pending) {
        const batch: Waiter[] = [];
        pending = batch;
        setImmediate(() => {
          pending = null;
          void flush(batch);
        });
      }
      pending.push({ booking, settle });
    });
  };
}
