import type { CheckInStatusResponse } from '@portal/contract';
import { describe, expect, it } from 'vitest';
import { pollCheckIn, pollDelays, pollGiveUpAfterMs } from './polling.ts';

const statusOf = (state: 'QUEUED' | 'DELIVERED' | 'FAILED') =>
  ({ checkIn: { state } }) as unknown as CheckInStatusResponse;

/** Runs the poll against answers in order, recording each wait. */
async function run(answers: (CheckInStatusResponse | Error)[], stopAfter = Infinity) {
  const waits: number[] = [];
  let reads = 0;
  const outcome = await pollCheckIn({
    read: async () => {
      const answer = answers[Math.min(reads++, answers.length - 1)]!;
      if (answer instanceof Error) throw answer;
      return answer;
    },
    sleep: async (ms) => {
      waits.push(ms);
    },
    stopped: () => waits.length > stopAfter,
  });
  return { outcome, waits, reads };
}

describe('check-in polling', () => {
  it('backs off from 1 s doubling to 8 s and stops within about two minutes', () => {
    const delays = pollDelays();
    expect(delays.slice(0, 6)).toEqual([1000, 2000, 4000, 8000, 8000, 8000]);
    const total = delays.reduce((sum, ms) => sum + ms, 0);
    expect(total).toBeLessThanOrEqual(pollGiveUpAfterMs);
    expect(total).toBeGreaterThan(pollGiveUpAfterMs - 8000);
  });

  it('ends at DELIVERED or FAILED as soon as the status says so', async () => {
    const delivered = await run([statusOf('QUEUED'), statusOf('QUEUED'), statusOf('DELIVERED')]);
    expect(delivered).toMatchObject({ outcome: 'DELIVERED', reads: 3, waits: [1000, 2000, 4000] });
    expect((await run([statusOf('FAILED')])).outcome).toBe('FAILED');
  });

  it('gives up, still queued, after the last wait; failed reads count as waits', async () => {
    const { outcome, reads, waits } = await run([new Error('offline'), statusOf('QUEUED')]);
    expect(outcome).toBe('STILL_QUEUED');
    expect(reads).toBe(pollDelays().length);
    expect(waits).toEqual(pollDelays());
  });

  it('stops reading once the modal is gone', async () => {
    const { outcome, reads } = await run([statusOf('QUEUED')], 2);
    expect(outcome).toBe('STOPPED');
    expect(reads).toBe(2);
  });
});
