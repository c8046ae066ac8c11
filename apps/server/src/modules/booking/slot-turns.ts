/**
 * Requests of THIS instance booking the same slot take turns: one books while
 * the others wait for it to end. A waiter then knows what the turn booked, so
 * when that covers its slot it is told 409 at once, without a query; otherwise
 * (the turn failed, or other resources still offer the slot) it takes the
 * next turn. In a rush for one slot this turns N transactions queueing on the
 * winner's row lock (each holding a pooled connection) into one transaction
 * and N-1 answers from memory. Only a shortcut: it knows nothing of other
 * instances, and the exclusion constraint still decides every race.
 */

/** A resource a turn booked and committed, for the period it took, and under what. */
export interface SlotClaim {
  resourceId: number;
  start: number;
  end: number;
  /** The catalogue version the booked slot was computed from. */
  catalogueVersion: string;
  bookingKey: string;
}

export interface SlotTurns {
  /**
   * The turn in progress for any of these slots, if one is. It resolves when
   * that turn ends, with every claim known by then (none if they all failed).
   */
  busy(slotKeys: string[]): Promise<SlotClaim[]> | undefined;
  /**
   * Runs `work` as the turn of these slots (call right after `busy` answered
   * undefined). `known`: claims learned while waiting, passed on to the next in line.
   */
  take<T>(
    slotKeys: string[],
    known: SlotClaim[],
    work: () => Promise<{ result: T; claims: SlotClaim[] }>,
  ): Promise<T>;
}

export function slotKey(resourceIds: number[], start: Date): string {
  return `${resourceIds.join(',')}@${start.getTime()}`;
}

/**
 * Whether claims of other booking keys cover every resource of `slot` (as
 * computed from the same catalogue version). A claim of the asking key itself
 * means a repeated submission: that one is answered by the full checks.
 */
export function claimedByOthers(
  slot: SlotHint,
  claims: readonly SlotClaim[],
  bookingKey: string,
): boolean {
  if (claims.length === 0 || claims.some((claim) => claim.bookingKey === bookingKey)) return false;
  const start = slot.start.getTime();
  const end = slot.end.getTime();
  return slot.resourceIds.every((resourceId) =>
    claims.some(
      (claim) =>
        claim.resourceId === resourceId &&
        claim.catalogueVersion === slot.catalogueVersion &&
        claim.start < end &&
        start < claim.end,
    ),
  );
}

/** A slot as a request asks for it, enough to take its turn and to read claims against. */
export interface SlotHint {
  resourceIds: number[];
  start: Date;
  end: Date;
  catalogueVersion: string;
}

/**
 * Waits for any turn on these slots (`null`: not found in the catalogue, takes
 * no turn), then runs `work` as their turn. A waiter one of whose slots a turn
 * claimed for another key gets `refuse(slot)` thrown instead, at once.
 */
export async function inTurn<S extends SlotHint, T>(
  turns: SlotTurns,
  slots: ReadonlyArray<S | null>,
  bookingKey: string,
  refuse: (slot: S) => Error,
  work: () => Promise<{ result: T; claims: SlotClaim[] }>,
): Promise<T> {
  const keys = slots.flatMap((slot) => (slot ? [slotKey(slot.resourceIds, slot.start)] : []));
  let known: SlotClaim[] = [];
  for (let turn = turns.busy(keys); turn; turn = turns.busy(keys)) {
    known = await turn;
    const taken = slots.find((slot) => slot !== null && claimedByOthers(slot, known, bookingKey));
    if (taken) throw refuse(taken);
  }
  return turns.take(keys, known, work);
}

export function createSlotTurns(): SlotTurns {
  const turns = new Map<string, Promise<SlotClaim[]>>();
  return {
    busy(slotKeys) {
      for (const key of slotKeys) {
        const turn = turns.get(key);
        if (turn) return turn;
      }
      return undefined;
    },
    async take(slotKeys, known, work) {
      const turn = work();
      const settled = turn.then(
        ({ claims }) => [...known, ...claims],
        () => known,
      );
      for (const key of slotKeys) turns.set(key, settled);
      try {
        return (await turn).result;
      } finally {
        for (const key of slotKeys) if (turns.get(key) === settled) turns.delete(key);
      }
    },
  };
}
