import { expect, it } from 'vitest';
import { createHealthService } from './health.service.ts';

it('is ready when the database answers', async () => {
  const service = createHealthService({ pingDatabase: async () => {} });
  expect(await service.readiness()).toEqual({ status: 'ready', checks: { database: 'ok' } });
});

it('is not ready when the ping fails or hangs', async () => {
  const failing = createHealthService({
    pingDatabase: async () => {
      throw new Error('connection refused');
    },
  });
  expect((await failing.readiness()).status).toBe('not_ready');
  const hanging = createHealthService({ pingDatabase: () => new Promise(() => {}), timeoutMs: 20 });
  expect(await hanging.readiness()).toEqual({
    status: 'not_ready',
    checks: { database: 'failed' },
  });
});
