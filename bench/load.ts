import autocannon from 'autocannon';

export interface LoadResult {
  label: string;
  requestsPerSecond: number;
  p50Ms: number;
  p99Ms: number;
  total: number;
  non2xx: number;
  errors: number;
}

export interface LoadTarget {
  label: string;
  url: string;
  method?: 'GET' | 'POST';
  body?: unknown;
  connections?: number;
  durationSeconds?: number;
}

/** Drives one endpoint with autocannon (bounded in time, loopback only). */
export async function load(target: LoadTarget): Promise<LoadResult> {
  const result = await autocannon({
    url: target.url,
    method: target.method ?? 'GET',
    connections: target.connections ?? 32,
    duration: target.durationSeconds ?? 10,
    headers: target.body ? { 'content-type': 'application/json' } : {},
    body: target.body ? JSON.stringify(target.body) : undefined,
  });
  return {
    label: target.label,
    requestsPerSecond: result.requests.average,
    p50Ms: result.latency.p50,
    p99Ms: result.latency.p99,
    total: result.requests.total,
    non2xx: result.non2xx,
    errors: result.errors + result.timeouts,
  };
}
