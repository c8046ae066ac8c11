/**
 * Booking-version reads of one event-loop turn share one query (the
 * DataLoader pattern): under load, dozens of slot searches ask at once, and
 * each query costs a round trip and a socket write far dearer than reading a
 * few more rows. Every caller asked BEFORE the shared query is sent (it goes
 * out at setImmediate, after the turn's I/O callbacks), so each gets an answer
 * at least as fresh as a query of its own: a booking committed before a
 * search arrived is always seen. Callers read only the resources they asked
 * for (a resource without a row is at '0').
 */
export interface VersionRead {
  version: string;
  resources: Map<number, string>;
}

export function batchVersionReads(
  read: (resourceIds: number[]) => Promise<VersionRead>,
): (resourceIds: number[]) => Promise<VersionRead> {
  let pending: { ids: Set<number>; answer: Promise<VersionRead> } | null = null;
  return (resourceIds) => {
    if (!pending) {
      const batch: { ids: Set<number>; answer: Promise<VersionRead> } = {
        ids: new Set(),
        answer: new Promise<void>((resolve) => setImmediate(resolve)).then(() => {
          pending = null;
          return read([...batch.ids]);
        }),
      };
      pending = batch;
    }
    for (const id of resourceIds) pending.ids.add(id);
    return pending.answer;
  };
}
