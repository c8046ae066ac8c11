import { describe, expect, it } from 'vitest';
import { batchVersionReads, type VersionRead } from './batched-version-reads.ts';

function recordingReader() {
  const calls: number[][] = [];
  const read = async (resourceIds: number[]): Promise<VersionRead> => {
    calls.push([...resourceIds].sort((a, b) => a - b));
    return {
      version: String(calls.length),
      resources: new Map(resourceIds.map((id) => [id, `v${id}`])),
    };
  };
  return { calls, read };
}

describe('batchVersionReads', () => {
  it('answers every caller of one turn with one query over the union of their resources', async () => {
    const { calls, read } = recordingReader();
    const batched = batchVersionReads(read);
    const [first, second] = await Promise.all([batched([1, 2]), batched([2, 3])]);
    expect(calls).toEqual([[1, 2, 3]]);
    expect(first.resources.get(1)).toBe('v1');
    expect(second.resources.get(3)).toBe('v3');
    expect(first.version).toBe(second.version);
  });

  it('never lets a caller join a query already sent: it gets a query of its own', async () => {
    const { calls, read } = recordingReader();
    const batched = batchVersionReads(read);
    const early = batched([1]);
    // Past setImmediate: the first query has gone out.
    await new Promise((resolve) => setImmediate(resolve));
    const late = batched([1]);
    await Promise.all([early, late]);
    expect(calls).toEqual([[1], [1]]);
    expect((await late).version).toBe('2');
  });

  it('gives every caller of a failed query the failure, and the next turn tries again', async () => {
    let fail = true;
    const batched = batchVersionReads(async (ids) => {
      if (fail) throw new Error('connection lost');
      return { version: '7', resources: new Map(ids.map((id) => [id, '1'])) };
    });
    const results = await Promise.allSettled([batched([1]), batched([2])]);
    expect(results.map((result) => result.status)).toEqual(['rejected', 'rejected']);
    fail = false;
    await expect(batched([1])).resolves.toMatchObject({ version: '7' });
  });
});
