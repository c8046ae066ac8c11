import { brotliDecompressSync, gunzipSync } from 'node:zlib';
import type { FastifyInstance, InjectOptions } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { z } from 'zod';
import { buildTestApp, type TestApp } from '../../test/build-test-app.ts';
import { buildApp } from '../app.ts';

let testApp: TestApp;
beforeAll(async () => {
  testApp = await buildTestApp({ env: { FRAME_ANCESTORS: 'https://clinic-partner.example' } });
});
afterAll(() => testApp?.close());

const inject = (options: InjectOptions) => testApp.app.inject(options);

const endpoints = [
  '/healthz',
  '/readyz',
  '/api/openapi.json',
  '/api/config/application',
  '/api/config/integration',
  '/api/config/body-figure',
  '/api/config/radiology',
  '/api/config/booking',
  '/api/config/contact',
  '/api/config/terms',
  '/api/assets/translations',
  '/api/assets/application/{name}',
  '/api/account',
];

describe('OpenAPI', () => {
  it('lists every endpoint with its GET operation', async () => {
    const response = await inject({ method: 'GET', url: '/api/openapi.json' });
    expect(response.statusCode).toBe(200);
    const document = response.json();
    expect(document.openapi).toMatch(/^3\./);
    // Feature modules add their own paths (and test them in their own files).
    expect(Object.keys(document.paths)).toEqual(expect.arrayContaining(endpoints));
    for (const path of endpoints) expect(document.paths[path].get, path).toBeDefined();
    expect(document.paths['/api/assets/translations'].get.parameters[0]).toMatchObject({
      name: 'lang',
      in: 'query',
    });
  });

  it('answers every listed endpoint (no dead entries)', async () => {
    for (const path of endpoints) {
      const url = path.replace('{name}', 'favicon');
      const response = await inject({ method: 'GET', url });
      expect([200, 401], url).toContain(response.statusCode);
    }
  });
});

describe('errors', () => {
  // A throwaway app with a body-taking route: this issue has no POST routes yet,
  // but the error handling for bodies must already hold.
  let echo: FastifyInstance;
  beforeAll(async () => {
    const { env, database, clock } = testApp;
    const { demoProvider } = await import('../../test/build-test-app.ts');
    echo = await buildApp(
      { env, provider: demoProvider(), version: 'test' },
      { db: database.db, clock },
    );
    echo.withTypeProvider<ZodTypeProvider>().post(
      '/api/test/echo',
      {
        schema: {
          body: z.object({ name: z.string().min(1), age: z.number().int() }),
          response: { 200: z.object({ name: z.string() }) },
        },
      },
      async (request) => ({ name: request.body.name }),
    );
    echo.get('/api/test/crash', async () => {
      throw new Error('secret database detail');
    });
    await echo.ready();
  });
  afterAll(() => echo?.close());

  it('accepts a valid body', async () => {
    const response = await echo.inject({
      method: 'POST',
      url: '/api/test/echo',
      payload: { name: 'Ada', age: 36 },
    });
    expect(response.statusCode).toBe(200);
    expect(response.json()).toEqual({ name: 'Ada' });
  });

  it('names the failing fields of a bad body', async () => {
    const response = await echo.inject({
      method: 'POST',
      url: '/api/test/echo',
      payload: { name: '', age: 'old' },
    });
    expect(response.statusCode).toBe(400);
    const { error } = response.json();
    expect(error.code).toBe('VALIDATION_FAILED');
    expect(error.fields.map((field: { path: string }) => field.path).sort()).toEqual([
      'age',
      'name',
    ]);
  });

  it.each([
    ['broken JSON', { 'content-type': 'application/json' }, '{"name": "Ada",', 400],
    ['an empty JSON body', { 'content-type': 'application/json' }, '', 400],
    ['an unsupported content type', { 'content-type': 'application/xml' }, '<name/>', 415],
    [
      'a huge body',
      { 'content-type': 'application/json' },
      `{"name":"${'x'.repeat(2_000_000)}"}`,
      413,
    ],
  ])('answers %s with a 4xx JSON error', async (_label, headers, payload, status) => {
    const response = await echo.inject({ method: 'POST', url: '/api/test/echo', headers, payload });
    expect(response.statusCode).toBe(status);
    expect(response.headers['content-type']).toMatch(/^application\/json/);
    expect(response.json().error.requestId).toBe(response.headers['x-request-id']);
  });

  it('hides the details of an unexpected error', async () => {
    const response = await echo.inject({ method: 'GET', url: '/api/test/crash' });
    expect(response.statusCode).toBe(500);
    expect(response.json().error.code).toBe('INTERNAL_ERROR');
    expect(response.body).not.toContain('secret');
  });

  it.each([
    ['GET', '/api/nothing-here'],
    ['GET', '/api'],
    ['POST', '/api/config/application'],
    ['DELETE', '/api/account'],
    ['POST', '/about'],
    ['GET', '/assets/missing-AbCd1234.js'],
  ])('%s %s is a 404 JSON error', async (method, url) => {
    const response = await inject({ method: method as 'GET', url });
    expect(response.statusCode).toBe(404);
    expect(response.json().error.code).toBe('NOT_FOUND');
  });

  it.each([
    '/api/assets/translations?lang[]=en-AU',
    '/api/assets/translations?lang=%E0%A4%A',
    '/api/assets/application/%',
    `/api/assets/application/${'a'.repeat(500)}`,
    '/api/config/contact?page=-1&%00=1',
  ])('never answers a malformed request (%s) with a 5xx', async (url) => {
    const response = await inject({ method: 'GET', url });
    expect(response.statusCode).toBeGreaterThanOrEqual(200);
    expect(response.statusCode).toBeLessThan(500);
    if (response.statusCode >= 400) expect(response.json().error.code).toBeTypeOf('string');
  });
});

describe('request ids', () => {
  it('echoes a caller-supplied x-request-id and uses it in error bodies', async () => {
    const response = await inject({
      method: 'GET',
      url: '/api/assets/translations?lang=xx',
      headers: { 'x-request-id': 'trace-123' },
    });
    expect(response.headers['x-request-id']).toBe('trace-123');
    expect(response.json().error.requestId).toBe('trace-123');
  });

  it('replaces an unsafe one with a generated id', async () => {
    const response = await inject({
      method: 'GET',
      url: '/healthz',
      headers: { 'x-request-id': 'bad id\nwith newline' },
    });
    expect(response.headers['x-request-id']).toMatch(/^[0-9a-f-]{36}$/);
  });
});

describe('security headers', () => {
  it('sets helmet headers and a CSP that only allows the portal to frame app pages', async () => {
    const response = await inject({ method: 'GET', url: '/about' });
    expect(response.headers['x-content-type-options']).toBe('nosniff');
    expect(response.headers['x-frame-options']).toBe('SAMEORIGIN');
    expect(response.headers['referrer-policy']).toBe('strict-origin-when-cross-origin');
    const csp = String(response.headers['content-security-policy']);
    expect(csp).toContain("default-src 'self'");
    expect(csp).toContain("frame-ancestors 'self'");
    expect(csp).not.toContain('clinic-partner.example');
    expect(csp).toContain('https://tile.openstreetmap.org');
    // No HSTS outside production.
    expect(response.headers['strict-transport-security']).toBeUndefined();
  });

  it("keeps single sign-on's popup tied to the page that opened it (COOP)", async () => {
    // Pages may open the provider's popup and keep a reference to it; other sites get none.
    const page = await inject({ method: 'GET', url: '/image-viewer-access' });
    expect(page.headers['cross-origin-opener-policy']).toBe('same-origin-allow-popups');
    // The popup's callback, reached from the provider's origin, must stay in the opener's group.
    const callback = await inject({ method: 'GET', url: '/sso/popup-callback?code=x&state=y' });
    expect(callback.headers['cross-origin-opener-policy']).toBe('unsafe-none');
    const silent = await inject({ method: 'GET', url: '/sso/silent-callback?state=y' });
    expect(silent.headers['cross-origin-opener-policy']).toBe('same-origin-allow-popups');
  });

  it('gives API answers a CSP that lets nothing load or frame them', async () => {
    const response = await inject({ method: 'GET', url: '/api/exams' });
    expect(response.statusCode).toBe(200);
    expect(response.headers['content-security-policy']).toBe(
      "default-src 'none'; frame-ancestors 'none'",
    );
    expect(response.headers['x-content-type-options']).toBe('nosniff');
  });

  it('lets the configured origins embed /iframe/ routes', async () => {
    const response = await inject({ method: 'GET', url: '/iframe/select-region' });
    expect(response.headers['x-frame-options']).toBeUndefined();
    expect(response.headers['content-security-policy']).toContain(
      "frame-ancestors 'self' https://clinic-partner.example",
    );
  });

  it('sends HSTS in production', async () => {
    const production = await buildTestApp({
      env: { NODE_ENV: 'production', SESSION_SECRET: 'test-production-secret-0123456789abcdef' },
      database: testApp.database,
    });
    try {
      const response = await production.app.inject({ method: 'GET', url: '/healthz' });
      expect(response.headers['strict-transport-security']).toContain('max-age=31536000');
    } finally {
      await production.close();
    }
  });

  it('limits the request rate on /api only', async () => {
    const limited = await buildTestApp({
      env: { RATE_LIMIT_MAX: '3' },
      database: testApp.database,
    });
    try {
      const statuses: number[] = [];
      for (let i = 0; i < 5; i += 1) {
        statuses.push(
          (await limited.app.inject({ method: 'GET', url: '/api/config/terms' })).statusCode,
        );
      }
      expect(statuses).toEqual([200, 200, 200, 429, 429]);
      const limitedResponse = await limited.app.inject({ method: 'GET', url: '/api/config/terms' });
      expect(limitedResponse.json().error.code).toBe('TOO_MANY_REQUESTS');
      expect(limitedResponse.headers['retry-after']).toBeDefined();
      for (let i = 0; i < 5; i += 1) {
        expect((await limited.app.inject({ method: 'GET', url: '/about' })).statusCode).toBe(200);
      }
    } finally {
      await limited.close();
    }
  });
});

describe('the web app', () => {
  it.each(['/', '/about', '/iframe/about', '/appointments/some-key?kioskMode=true', '/about/'])(
    'serves index.html with the provider head for %s',
    async (url) => {
      const response = await inject({ method: 'GET', url, headers: { accept: 'text/html' } });
      expect(response.statusCode).toBe(200);
      expect(response.headers['content-type']).toBe('text/html; charset=utf-8');
      expect(response.headers['cache-control']).toBe('no-cache');
      expect(response.body).toContain(
        '<title>Southern Cross Imaging | Book medical imaging online</title>',
      );
      expect(response.body).not.toContain('Placeholder title');
      expect(response.body.match(/<meta name="description"/g)).toHaveLength(1);
      expect(response.body).toContain(
        '<meta property="og:description" content="Book medical imaging online',
      );
      expect(response.body).toContain('<style id="portal-theme">:root{--color-primary:#00557f');
      expect(response.body).toContain('<html lang="en-AU">');
      expect(response.body).toContain('href="/api/assets/application/favicon"');
    },
  );

  const bootstrapOf = (html: string) => {
    const match = /<script type="application\/json" id="portal-bootstrap">([^<]*)<\/script>/.exec(
      html,
    );
    return match ? JSON.parse(match[1] as string) : null;
  };
  const json = async (url: string) => (await inject({ method: 'GET', url })).json();

  it('inlines the start-up data exactly as the API answers it, for the provider locale', async () => {
    const response = await inject({ method: 'GET', url: '/', headers: { accept: 'text/html' } });
    expect(bootstrapOf(response.body)).toEqual({
      config: {
        application: await json('/api/config/application'),
        integration: await json('/api/config/integration'),
        bodyFigure: await json('/api/config/body-figure'),
        radiology: await json('/api/config/radiology'),
      },
      locale: 'en-AU',
      translations: await json('/api/assets/translations'),
    });
    // A data block is not a script: the CSP keeps forbidding inline scripts.
    const scriptSrc = String(response.headers['content-security-policy'])
      .split(';')
      .find((directive) => directive.trim().startsWith('script-src'));
    expect(scriptSrc?.trim()).toBe("script-src 'self'");
  });

  it('inlines the translations of a lang parameter and names it on <html>', async () => {
    const response = await inject({ method: 'GET', url: '/about?lang=mk' });
    const bootstrap = bootstrapOf(response.body);
    expect(bootstrap.locale).toBe('mk');
    expect(bootstrap.translations).toEqual(await json('/api/assets/translations?lang=mk'));
    expect(response.body).toContain('<html lang="mk">');
  });

  it.each(['br', 'gzip'])(
    'sends index.html %s-compressed when the browser accepts it',
    async (coding) => {
      const plain = await inject({ method: 'GET', url: '/' });
      const response = await inject({
        method: 'GET',
        url: '/',
        headers: { 'accept-encoding': `${coding}, deflate` },
      });
      expect(response.headers['content-encoding']).toBe(coding);
      expect(response.headers.vary).toMatch(/accept-encoding/i);
      const body =
        coding === 'br'
          ? brotliDecompressSync(response.rawPayload)
          : gunzipSync(response.rawPayload);
      expect(body.toString('utf8')).toBe(plain.body);
    },
  );

  it('serves a precompressed build file when there is one', async () => {
    const response = await inject({
      method: 'GET',
      url: '/assets/index-AbCd1234.js',
      headers: { 'accept-encoding': 'gzip' },
    });
    expect(response.statusCode).toBe(200);
    expect(response.headers['content-encoding']).toBe('gzip');
    expect(response.headers['cache-control']).toBe('public, max-age=31536000, immutable');
    const plain = await inject({ method: 'GET', url: '/assets/index-AbCd1234.js' });
    expect(gunzipSync(response.rawPayload).toString('utf8')).toBe(plain.body);
  });

  it('serves hashed build files with immutable caching', async () => {
    const response = await inject({ method: 'GET', url: '/assets/index-AbCd1234.js' });
    expect(response.statusCode).toBe(200);
    expect(response.headers['content-type']).toMatch(/javascript/);
    expect(response.headers['cache-control']).toBe('public, max-age=31536000, immutable');
  });

  it('serves other build files with a short cache', async () => {
    const response = await inject({ method: 'GET', url: '/robots.txt' });
    expect(response.statusCode).toBe(200);
    expect(response.headers['cache-control']).toBe('public, max-age=300');
  });

  it('never serves the raw index.html template', async () => {
    const response = await inject({ method: 'GET', url: '/index.html' });
    expect(response.body).not.toContain('Placeholder title');
  });

  it('does not answer /api routes with the app', async () => {
    const response = await inject({ method: 'GET', url: '/api/about' });
    expect(response.statusCode).toBe(404);
    expect(response.headers['content-type']).toMatch(/^application\/json/);
  });

  it('explains how to build when the web app is missing, while the API keeps working', async () => {
    const unbuilt = await buildTestApp({
      env: { WEB_DIST_DIR: '/nonexistent/web/dist' },
      database: testApp.database,
    });
    try {
      const html = await unbuilt.app.inject({
        method: 'GET',
        url: '/',
        headers: { accept: 'text/html' },
      });
      expect(html.statusCode).toBe(503);
      expect(html.headers['content-type']).toMatch(/^text\/html/);
      expect(html.body).toContain('npm run build');
      const json = await unbuilt.app.inject({ method: 'GET', url: '/about' });
      expect(json.statusCode).toBe(503);
      expect(json.json().error.code).toBe('SERVICE_UNAVAILABLE');
      expect(
        (await unbuilt.app.inject({ method: 'GET', url: '/api/config/terms' })).statusCode,
      ).toBe(200);
    } finally {
      await unbuilt.close();
    }
  });
});
