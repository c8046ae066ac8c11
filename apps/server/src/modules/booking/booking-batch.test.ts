import { describe, expect, it } from 'vitest';
import { type AtOnceBooking, createBookingBatch } from './booking-batch.ts';

const booking = (bookingKey: string, resourceId = 1): AtOnceBooking => ({
  bookingKey,
  now: new Date('2026-11-22T00:00:00Z'),
  patient: { id: `patient-${bookingKey}`, details: {} as AtOnceBooking['patient']['details'] },
  appointments: [],
  audits: [],
  outbox: [],
  claims: [
    {
      appointmentId: `appointment-${bookingKey}`,
      resourceId,
      start: new Date('2026-12-01T00:00:00Z'),
      end: new Date('2026-12-01T00:30:00Z'),
    },
  ],
});

/** A store that records each statement's bookings and answers by the given rule. */
function fakeStore(answer: (keys: string[]) => Array<'BOOKED' | 'KEY_UNUSABLE'> | 'TAKEN') {
  const statements: string[][] = [];
  return {
    statements,
    store: {
      async bookAppointmentsAtOnce(bookings: AtOnceBooking[]) {
        const keys = bookings.map((b) => b.bookingKey);
        statements.push(keys);
        return answer(keys);
      },
    },
  };
}

describe('createBookingBatch', () => {
  it('sends the bookings of one turn as one statement and gives each its own outcome', async () => {
    const { statements, store } = fakeStore((keys) =>
      keys.map((key) => (key === 'used' ? 'KEY_UNUSABLE' : 'BOOKED')),
    );
    const book = createBookingBatch(store);
    const outcomes = await Promise.all([
      book(booking('a')),
      book(booking('used')),
      book(booking('b')),
    ]);
    expect(statements).toEqual([['a', 'used', 'b']]);
    expect(outcomes).toEqual(['BOOKED', 'KEY_UNUSABLE', 'BOOKED']);
  });

  it('tries each booking alone when the shared statement found a slot taken', async () => {
    // Only 'late' conflicts; the shared statement therefore wrote nothing.
    const { statements, store } = fakeStore((keys) =>
      keys.includes('late') ? 'TAKEN' : keys.map(() => 'BOOKED'),
    );
    const book = createBookingBatch(store);
    const outcomes = await Promise.all([book(booking('early')), book(booking('late'))]);
    expect(outcomes).toEqual(['BOOKED', 'TAKEN']);
    expect(statements).toEqual([['early', 'late'], ['early'], ['late']]);
  });

  it('never puts two bookings with one key in a statement, and later turns start anew', async () => {
    const { statements, store } = fakeStore((keys) => keys.map(() => 'BOOKED'));
    const book = createBookingBatch(store);
    await Promise.all([book(booking('same')), book(booking('same')), book(booking('other'))]);
    expect(statements).toContainEqual(['same', 'other']);
    expect(statements).toContainEqual(['same']);
    await book(booking('next'));
    expect(statements.at(-1)).toEqual(['next']);
  });

  it('fails every booking of a statement that failed', async () => {
    const book = createBookingBatch({
      async bookAppointmentsAtOnce() {
        throw new Error('connection lost');
      },
    });
    const outcomes = await Promise.allSettled([book(booking('a')), book(booking('b'))]);
    expect(outcomes.map((outcome) => outcome.status)).toEqual(['rejected', 'rejected']);
  });
});
