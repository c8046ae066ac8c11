import Fastify from 'fastify';
import { describe, expect, it } from 'vitest';
import { errorHandlerPlugin } from './error-handler.ts';
import { readOnlyExceptions, readOnlyPlugin } from './read-only.ts';

/** A bare app with the plugin and the given routes (each answering 200). */
async function appWith(readOnly: boolean, routes: Array<[string, string]>) {
  const app = Fastify();
  await app.register(errorHandlerPlugin);
  await app.register(readOnlyPlugin, { readOnly });
  for (const [method, url] of routes) app.route({ method, url, handler: async () => ({ ok: 1 }) });
  return app;
}

const everyException = [...readOnlyExceptions].map((line) => line.split(' ') as [string, string]);

describe('readOnlyPlugin', () => {
  it('fails the start when an exception names no route', async () => {
    const app = await appWith(true, everyException.slice(1));
    await expect(app.ready()).rejects.toThrow(/read-only exceptions without a route: POST/);
  });

  it('refuses a write before its handler and lets an exception, a read and a non-API write pass', async () => {
    const app = await appWith(true, [
      ...everyException,
      ['POST', '/api/things'],
      ['GET', '/api/things'],
      ['POST', '/not-api'],
    ]);
    await app.ready();
    const refused = await app.inject({ method: 'POST', url: '/api/things', payload: {} });
    expect(refused.statusCode).toBe(503);
    expect(refused.headers['retry-after']).toBe('600');
    expect(refused.json().error.code).toBe('READ_ONLY');
    expect((await app.inject({ method: 'GET', url: '/api/things' })).statusCode).toBe(200);
    expect((await app.inject({ method: 'POST', url: '/not-api' })).statusCode).toBe(200);
    const signIn = await app.inject({ method: 'POST', url: '/api/authentication', payload: {} });
    expect(signIn.statusCode).toBe(200);
    await app.close();
  });

  it('does nothing without READ_ONLY', async () => {
    const app = await appWith(false, [['POST', '/api/things']]);
    expect((await app.inject({ method: 'POST', url: '/api/things' })).statusCode).toBe(200);
    await app.close();
  });
});
