import { afterAll, beforeAll, expect, it } from 'vitest';
import { buildTestApp, type TestApp } from '../../../test/build-test-app.ts';
import { createPostgresDb } from '../../db/create-db.ts';

let testApp: TestApp;
beforeAll(async () => {
  testApp = await buildTestApp();
});
afterAll(() => testApp?.close());

it('GET /healthz answers ok', async () => {
  const response = await testApp.app.inject({ method: 'GET', url: '/healthz' });
  expect(response.statusCode).toBe(200);
  expect(response.json()).toEqual({ status: 'ok' });
});

it('GET /readyz checks the database', async () => {
  const response = await testApp.app.inject({ method: 'GET', url: '/readyz' });
  expect(response.statusCode).toBe(200);
  expect(response.json()).toEqual({ status: 'ready', checks: { database: 'ok' } });
});

it('GET /readyz is 503 not_ready when the database is gone', async () => {
  // Nothing listens on port 1: every query fails to connect.
  const database = createPostgresDb('postgres://postgres@127.0.0.1:1/unreachable', 1);
  const broken = await buildTestApp({ database });
  try {
    const response = await broken.app.inject({ method: 'GET', url: '/readyz' });
    expect(response.statusCode).toBe(503);
    expect(response.json()).toEqual({ status: 'not_ready', checks: { database: 'failed' } });
    // Liveness does not depend on the database.
    expect((await broken.app.inject({ method: 'GET', url: '/healthz' })).statusCode).toBe(200);
  } finally {
    await broken.close();
    await database.close();
  }
});
