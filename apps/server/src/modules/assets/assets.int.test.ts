import { applicationAssetNames } from '@portal/contract';
import { readBundledDictionary } from '@portal/translations';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildTestApp, demoProvider, type TestApp } from '../../../test/build-test-app.ts';

let testApp: TestApp;
beforeAll(async () => {
  const provider = demoProvider();
  // Overrides on both layers, to see which one wins where.
  testApp = await buildTestApp({
    provider: {
      ...provider,
      translations: {
        'en-AU': { action: { home: 'Start' }, nav: { about: 'About us' } },
        mk: { nav: { about: 'За нас' } },
      },
    },
  });
});
afterAll(() => testApp?.close());

const get = (url: string, headers: Record<string, string> = {}) =>
  testApp.app.inject({ method: 'GET', url, headers });

describe('GET /api/assets/translations', () => {
  it('serves the bundled en-AU dictionary merged with the provider overrides', async () => {
    const response = await get('/api/assets/translations?lang=en-AU');
    expect(response.statusCode).toBe(200);
    expect(response.headers['content-language']).toBe('en-AU');
    const body = response.json();
    expect(body.message.loading).toBe(readBundledDictionary('en-AU').message && 'Loading…');
    expect(body.action.home).toBe('Start');
    expect(body.nav.about).toBe('About us');
  });

  it('lets a locale override beat the en-AU override, and en-AU overrides reach other locales', async () => {
    const mk = (await get('/api/assets/translations?lang=mk')).json();
    expect(mk.nav.about).toBe('За нас');
    expect(mk.action.home).toBe('Start');
    const nz = (await get('/api/assets/translations?lang=en-NZ')).json();
    expect(nz.nav.about).toBe('About us');
    // Keys nobody overrides still come from the reference dictionary.
    expect(nz.message.loading).toBeTypeOf('string');
  });

  it('defaults to the provider jsLocale when no lang is given', async () => {
    const response = await get('/api/assets/translations');
    expect(response.statusCode).toBe(200);
    expect(response.headers['content-language']).toBe('en-AU');
  });

  it.each(['fr', 'EN-AU', '', 'en-AU&lang=mk'])(
    'rejects lang=%s with a 400 JSON error',
    async (lang) => {
      const response = await get(`/api/assets/translations?lang=${lang}`);
      expect(response.statusCode).toBe(400);
      expect(response.json().error).toMatchObject({ code: 'VALIDATION_FAILED' });
      expect(response.json().error.fields[0].path).toBe('lang');
    },
  );
});

describe('GET /api/assets/application/:name', () => {
  it.each(applicationAssetNames)('serves %s as an image with caching headers', async (name) => {
    const response = await get(`/api/assets/application/${name}`);
    expect(response.statusCode).toBe(200);
    expect(response.headers['content-type']).toBe('image/svg+xml');
    expect(response.body).toMatch(/^<svg /);
    expect(response.headers['cache-control']).toBe('public, max-age=3600');
    expect(response.headers['x-content-type-options']).toBe('nosniff');
    // An SVG opened directly must not run script.
    expect(response.headers['content-security-policy']).toContain("default-src 'none'");
  });

  it('answers a matching If-None-Match with 304 and no body', async () => {
    const first = await get('/api/assets/application/header');
    const second = await get('/api/assets/application/header', {
      'if-none-match': String(first.headers.etag),
    });
    expect(second.statusCode).toBe(304);
    expect(second.body).toBe('');
  });

  it('serves visibly different header variants', async () => {
    const bodies = await Promise.all(
      ['header', 'header_tablet', 'confirmation_header', 'check_in_header'].map(
        async (name) => (await get(`/api/assets/application/${name}`)).body,
      ),
    );
    expect(new Set(bodies).size).toBe(4);
  });

  it.each(['logo', 'header.svg', '..%2Fradiology.json', '%00'])(
    'rejects the unknown name %s with a 400 JSON error',
    async (name) => {
      const response = await get(`/api/assets/application/${name}`);
      expect(response.statusCode).toBe(400);
      expect(response.json().error.code).toBe('VALIDATION_FAILED');
    },
  );
});
