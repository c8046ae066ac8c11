import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { ApiError, apiGet, apiRequest } from '../../lib/api-client.ts';
import { errorResponse, jsonResponse } from '../../testing/fixtures.ts';
import { createQueryClient, maxEffectRetries, retryDelay, shouldRetry } from './query-client.ts';

const failure = (status: number) => new ApiError(status, 'X', 'failed');

describe('shouldRetry (docs/product/README.md#http-layer)', () => {
  it('retries transient failures, never past the bound of 10', () => {
    for (const error of [
      new TypeError('Failed to fetch'),
      failure(408),
      failure(429),
      failure(502),
      failure(503),
      failure(504),
    ]) {
      expect(shouldRetry(0, error)).toBe(true);
      expect(shouldRetry(maxEffectRetries - 1, error)).toBe(true);
      expect(shouldRetry(maxEffectRetries, error)).toBe(false);
    }
    expect(maxEffectRetries).toBe(10);
  });

  it('retries another 5xx once, a 4xx never, an abort never', () => {
    expect(shouldRetry(0, failure(500))).toBe(true);
    expect(shouldRetry(1, failure(500))).toBe(false);
    for (const status of [400, 401, 403, 404, 409, 422]) {
      expect(shouldRetry(0, failure(status))).toBe(false);
    }
    expect(shouldRetry(0, new DOMException('Aborted', 'AbortError'))).toBe(false);
    expect(shouldRetry(0, new Error('no slot search'))).toBe(false);
  });

  it('waits 0.5 s, doubling, at most 5 s', () => {
    expect([0, 1, 2, 3, 4, 9].map(retryDelay)).toEqual([500, 1000, 2000, 4000, 5000, 5000]);
  });
});

describe('the app query client', () => {
  beforeEach(() => vi.useFakeTimers());
  afterEach(() => {
    vi.useRealTimers();
    vi.unstubAllGlobals();
  });

  function stubFetch(answers: Array<() => Response | Promise<Response>>) {
    const fetchMock = vi.fn(async () => {
      const next = answers.shift();
      if (!next) throw new Error('no more answers');
      return next();
    });
    vi.stubGlobal('fetch', fetchMock);
    return fetchMock;
  }

  async function settle<T>(promise: Promise<T>) {
    const outcome = promise.then(
      (value) => ({ value }),
      (error: unknown) => ({ error }),
    );
    await vi.runAllTimersAsync();
    return outcome;
  }

  it('a read that fails transiently recovers after retries', async () => {
    const fetchMock = stubFetch([
      () => Promise.reject(new TypeError('Failed to fetch')),
      () => errorResponse(503, 'UNAVAILABLE'),
      () => jsonResponse([{ slug: 'ct' }]),
    ]);
    const client = createQueryClient();
    const outcome = await settle(
      client.fetchQuery({ queryKey: ['exams'], queryFn: () => apiGet('/api/exams') }),
    );
    expect(outcome).toEqual({ value: [{ slug: 'ct' }] });
    expect(fetchMock).toHaveBeenCalledTimes(3);
  });

  it('gives up after 10 retries (11 calls) of a connection that stays down', async () => {
    const fetchMock = vi.fn(async () => {
      throw new TypeError('Failed to fetch');
    });
    vi.stubGlobal('fetch', fetchMock);
    const client = createQueryClient();
    const outcome = await settle(
      client.fetchQuery({ queryKey: ['exams'], queryFn: () => apiGet('/api/exams') }),
    );
    expect(outcome).toMatchObject({ error: expect.any(TypeError) });
    expect(fetchMock).toHaveBeenCalledTimes(1 + maxEffectRetries);
  });

  it('a 404 is answered at once, with no retry', async () => {
    const fetchMock = stubFetch([() => errorResponse(404, 'NOT_FOUND')]);
    const client = createQueryClient();
    const outcome = await settle(
      client.fetchQuery({ queryKey: ['clinic'], queryFn: () => apiGet('/api/clinics/x') }),
    );
    expect(outcome).toMatchObject({ error: { status: 404 } });
    expect(fetchMock).toHaveBeenCalledTimes(1);
  });

  it('a write is never repeated', async () => {
    const fetchMock = stubFetch([() => errorResponse(503, 'UNAVAILABLE')]);
    const client = createQueryClient();
    const mutation = client.getMutationCache().build(client, {
      mutationFn: () => apiRequest('/api/appointments', { method: 'POST', body: {} }),
    });
    const outcome = await settle(mutation.execute(undefined));
    expect(outcome).toMatchObject({ error: { status: 503 } });
    expect(fetchMock).toHaveBeenCalledTimes(1);
  });
});
