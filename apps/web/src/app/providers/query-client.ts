import { QueryClient } from '@tanstack/react-query';
import { isApiError } from '../../lib/api-client.ts';

/** Spec 1 §9: effect errors are retried at most 10 times. */
export const maxEffectRetries = 10;

// A proxy or server restarting (502-504), a timeout (408), being told to slow down (429):
// the same read may well succeed a moment later.
const transientStatuses = new Set([408, 429, 502, 503, 504]);

/**
 * Whether a failed read is tried again (docs/product/README.md#http-layer). Transient failures,
 * a dropped connection among them (fetch rejects with a TypeError), are retried up to
 * maxEffectRetries times; any other 5xx once, as before; a 4xx never: the same request gets the
 * same answer, and a 401 has already logged the client out (lib/api-client.ts). An aborted
 * request was cancelled on purpose.
 */
export function shouldRetry(failureCount: number, error: unknown): boolean {
  if (failureCount >= maxEffectRetries) return false;
  if (isApiError(error)) {
    if (transientStatuses.has(error.status)) return true;
    return error.status >= 500 && failureCount < 1;
  }
  return error instanceof TypeError;
}

/**
 * 0.5 s, doubling, at most 5 s between tries: ten retries span about 38 s, long enough for a
 * phone between cells or a server restart, short enough that a real outage shows its error.
 */
export const retryDelay = (attempt: number) => Math.min(500 * 2 ** attempt, 5_000);

export function createQueryClient(): QueryClient {
  return new QueryClient({
    defaultOptions: {
      queries: {
        retry: shouldRetry,
        retryDelay,
        refetchOnWindowFocus: false,
        staleTime: 60_000,
      },
      // Writes are never repeated on their own: a second POST could book twice. The page that
      // sent one shows its error and lets the patient decide.
      mutations: { retry: 0 },
    },
  });
}
