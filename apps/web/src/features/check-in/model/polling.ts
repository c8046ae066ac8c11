import type { CheckInStatusResponse } from '@portal/contract';

/** The first wait, its ceiling, and how long the modal polls before handing over to the server. */
export const pollFirstDelayMs = 1000;
export const pollMaxDelayMs = 8000;
export const pollGiveUpAfterMs = 120_000;

/** The waits between reads: 1 s doubling to 8 s, then 8 s, until about two minutes have gone. */
export function pollDelays(): number[] {
  const delays: number[] = [];
  let total = 0;
  let next = pollFirstDelayMs;
  while (total + next <= pollGiveUpAfterMs) {
    delays.push(next);
    total += next;
    next = Math.min(next * 2, pollMaxDelayMs);
  }
  return delays;
}

export type PollOutcome = 'DELIVERED' | 'FAILED' | 'STILL_QUEUED' | 'STOPPED';

/** Where a status leaves the modal: settled, or still on its way. */
export function settled(status: CheckInStatusResponse): 'DELIVERED' | 'FAILED' | null {
  const state = status.checkIn?.state;
  return state === 'DELIVERED' || state === 'FAILED' ? state : null;
}

/**
 * Reads the status with bounded backoff until the check-in is delivered or failed. After the
 * last wait it answers STILL_QUEUED: the server's outbox keeps delivering, the modal stops asking.
 * A read that fails is a wait like any other (a phone's network comes and goes).
 */
export async function pollCheckIn({
  read,
  sleep,
  stopped,
}: {
  read: () => Promise<CheckInStatusResponse>;
  sleep: (ms: number) => Promise<void>;
  stopped: () => boolean;
}): Promise<PollOutcome> {
  for (const delay of pollDelays()) {
    await sleep(delay);
    if (stopped()) return 'STOPPED';
    try {
      const outcome = settled(await read());
      if (outcome) return outcome;
    } catch {
      // Tried again after the next wait.
    }
    if (stopped()) return 'STOPPED';
  }
  return 'STILL_QUEUED';
}
