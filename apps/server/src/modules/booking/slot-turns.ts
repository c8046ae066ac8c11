/**
 * Requests of THIS instance booking the same slot take turns: while one is
 * in its transaction, the others wait for it to end and then look again
 * (one query: the slot is usually taken by then, 409 without a transaction).
 * In a rush for one slot this turns N transactions queueing on the winner's
 * row lock (each holding a pooled connection) into one transaction and N-1
 * reads. Only a shortcut: it knows nothing of other instances, and the
 * exclusion constraint still decides every race.
 */
export interface SlotTurns {
  /** The turn in progress for any of these slots, if one is (resolves when it ends). */
  busy(slotKeys: string[]): Promise<unknown> | undefined;
  /** Runs `work` as the turn of these slots (call right after `busy` answered undefined). */
  take<T>(slotKeys: string[], work: () => Promise<T>): Promise<T>;
}

export function slotKey(resourceIds: number[], start: Date): string {
  return `${resourceIds.join(',')}@${start.getTime()}`;
}

export function createSlotTurns(): SlotTurns {
  const turns = new Map<string, Promise<unknown>>();
  return {
    busy(slotKeys) {
      for (const key of slotKeys) {
        const turn = turns.get(key);
        if (turn) return turn;
      }
      return undefined;
    },
    async take(slotKeys, work) {
      const turn = work();
      const settled = turn.then(
        () => undefined,
        () => undefined,
      );
      for (const key of slotKeys) turns.set(key, settled);
      try {
        return await turn;
      } finally {
        for (const key of slotKeys) if (turns.get(key) === settled) turns.delete(key);
      }
    },
  };
}
