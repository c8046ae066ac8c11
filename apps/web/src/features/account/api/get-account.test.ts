import { describe, expect, it, vi } from 'vitest';
import { errorResponse, jsonResponse, staffUser } from '../../../testing/fixtures.ts';
import { getAccount } from './get-account.ts';

const answer = (response: Response) =>
  vi.stubGlobal(
    'fetch',
    vi.fn(async () => response),
  );

describe('getAccount', () => {
  it('returns the signed-in user', async () => {
    answer(jsonResponse(staffUser));
    await expect(getAccount()).resolves.toEqual(staffUser);
  });

  it('reads a 401 as anonymous', async () => {
    answer(errorResponse(401, 'UNAUTHORIZED'));
    await expect(getAccount()).resolves.toBeNull();
  });

  it('reads an empty 204 as anonymous', async () => {
    answer(new Response(null, { status: 204 }));
    await expect(getAccount()).resolves.toBeNull();
  });

  it('rethrows other failures', async () => {
    answer(errorResponse(503, 'SERVICE_UNAVAILABLE'));
    await expect(getAccount()).rejects.toMatchObject({ status: 503 });
  });
});
