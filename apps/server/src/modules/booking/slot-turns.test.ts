import { describe, expect, it } from 'vitest';
import { createSlotTurns, inTurn, type SlotClaim, type SlotHint } from './slot-turns.ts';

const slot: SlotHint = {
  resourceIds: [7],
  start: new Date('2026-12-01T00:00:00Z'),
  end: new Date('2026-12-01T00:30:00Z'),
  catalogueVersion: '3',
};
const claimBy = (bookingKey: string, overrides: Partial<SlotClaim> = {}): SlotClaim => ({
  resourceId: 7,
  start: slot.start.getTime(),
  end: slot.end.getTime(),
  catalogueVersion: '3',
  bookingKey,
  ...overrides,
});
const refuse = () => new Error('taken');

/** A turn that books (or fails) when `finish` is called. */
function heldTurn(turns: ReturnType<typeof createSlotTurns>, outcome: 'booked' | 'failed') {
  let finish!: () => void;
  const done = inTurn(
    turns,
    [slot],
    'winner',
    refuse,
    () =>
      new Promise<{ result: string; claims: SlotClaim[] }>((resolve, reject) => {
        finish = () =>
          outcome === 'booked'
            ? resolve({ result: 'winner booked', claims: [claimBy('winner')] })
            : reject(new Error('winner failed'));
      }),
  );
  return { done, finish: () => finish() };
}

describe('inTurn', () => {
  it('refuses a waiter whose slot the turn booked for another key, without running its work', async () => {
    const turns = createSlotTurns();
    const winner = heldTurn(turns, 'booked');
    let ran = false;
    const waiter = inTurn(turns, [slot], 'loser', refuse, async () => {
      ran = true;
      return { result: 'loser booked', claims: [] };
    });
    winner.finish();
    await expect(winner.done).resolves.toBe('winner booked');
    await expect(waiter).rejects.toThrow('taken');
    expect(ran).toBe(false);
  });

  it('gives the next waiter its own turn when the turn failed', async () => {
    const turns = createSlotTurns();
    const winner = heldTurn(turns, 'failed');
    const waiter = inTurn(turns, [slot], 'second', refuse, async () => ({
      result: 'second booked',
      claims: [claimBy('second')],
    }));
    winner.finish();
    await expect(winner.done).rejects.toThrow('winner failed');
    await expect(waiter).resolves.toBe('second booked');
  });

  it('checks a repeated submission of the same key in full, and reads claims of another catalogue as no answer', async () => {
    const turns = createSlotTurns();
    const first = heldTurn(turns, 'booked');
    const again = inTurn(turns, [slot], 'winner', refuse, async () => ({
      result: 'checked in full',
      claims: [],
    }));
    first.finish();
    await expect(again).resolves.toBe('checked in full');

    const other = createSlotTurns();
    const stale = inTurn(other, [slot], 'a', refuse, async () => ({
      result: 'booked under version 2',
      claims: [claimBy('a', { catalogueVersion: '2' })],
    }));
    const next = inTurn(other, [slot], 'b', refuse, async () => ({
      result: 'b checked',
      claims: [],
    }));
    await stale;
    await expect(next).resolves.toBe('b checked');
  });
});
