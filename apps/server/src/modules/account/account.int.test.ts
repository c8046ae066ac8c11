import { errorResponseSchema } from '@portal/contract';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { buildTestApp, type TestApp } from '../../../test/build-test-app.ts';

let testApp: TestApp;
beforeAll(async () => {
  testApp = await buildTestApp();
});
afterAll(() => testApp?.close());

it('GET /api/account is 401 with the error body while nobody is signed in', async () => {
  const response = await testApp.app.inject({ method: 'GET', url: '/api/account' });
  expect(response.statusCode).toBe(401);
  expect(response.headers['cache-control']).toBe('no-store');
  const body = errorResponseSchema.parse(response.json());
  expect(body.error.code).toBe('UNAUTHORIZED');
  expect(body.error.requestId).toBe(response.headers['x-request-id']);
});
