import {
  clinicListResponseSchema,
  mobileLocationSchema,
  postalCodeLocationSchema,
  regionSchema,
} from '@portal/contract';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { z } from 'zod';
import { buildTestApp, demoProvider, type TestApp } from '../../../test/build-test-app.ts';

let testApp: TestApp;
let farApp: TestApp;
beforeAll(async () => {
  testApp = await buildTestApp();
  // The same data with a 50 km maximum distance from the default location (Sydney).
  const provider = demoProvider();
  farApp = await buildTestApp({
    database: testApp.database,
    provider: { ...provider, booking: { ...provider.booking, maximumDistanceKm: 50 } },
  });
});
afterAll(async () => {
  await farApp?.app.close();
  await testApp?.close();
});

async function get<T extends z.ZodType>(url: string, schema: T, app = testApp) {
  const response = await app.app.inject({ method: 'GET', url });
  expect(response.statusCode, `${url}: ${response.body}`).toBe(200);
  return schema.parse(response.json()) as z.infer<T>;
}

async function error(url: string) {
  const response = await testApp.app.inject({ method: 'GET', url });
  return { status: response.statusCode, code: response.json().error?.code as string };
}

describe('regions', () => {
  it('lists the regions in order with their map centres', async () => {
    const regions = await get('/api/regions', z.array(regionSchema));
    expect(regions.map((region) => region.slug)).toEqual([
      'sydney',
      'melbourne',
      'brisbane-gold-coast',
      'perth',
    ]);
    expect(regions[0]!.location).toEqual({ latitude: -33.8688, longitude: 151.2093 });
  });
});

describe('GET /api/clinics', () => {
  it('lists active clinics by region without a location, with the default location', async () => {
    const body = await get('/api/clinics', clinicListResponseSchema);
    expect(body.clinics).toHaveLength(12);
    expect(body.clinics.every((clinic) => clinic.distanceKm === null)).toBe(true);
    expect(body.clinics[0]!.regionSlug).toBe('sydney');
    expect(body.defaultLocation).toEqual({ latitude: -33.8688, longitude: 151.2093 });
    expect(body.pcl).toBeNull();
  });

  it('orders by distance from a location and filters by exams (all of them) and region', async () => {
    const fremantle = '?latitude=-32.0569&longitude=115.7439';
    const near = await get(`/api/clinics${fremantle}`, clinicListResponseSchema);
    expect(near.clinics.slice(0, 2).map((clinic) => clinic.slug)).toEqual(['fremantle', 'murdoch']);
    const distances = near.clinics.map((clinic) => clinic.distanceKm!);
    expect(distances).toEqual([...distances].sort((a, b) => a - b));
    const mri = await get(
      `/api/clinics${fremantle}&examSlugs=mri-knee,chest-x-ray`,
      clinicListResponseSchema,
    );
    expect(mri.clinics.map((clinic) => clinic.slug)).not.toContain('fremantle');
    expect(mri.clinics[0]!.examSlugs).toEqual(['mri-knee', 'chest-x-ray']);
    const sydney = await get(
      '/api/clinics?regionSlug=sydney&examSlugs=chest-x-ray',
      clinicListResponseSchema,
    );
    expect(sydney.clinics.every((clinic) => clinic.regionSlug === 'sydney')).toBe(true);
    expect(sydney.clinics.map((clinic) => clinic.slug)).not.toContain('hurstville');
  });

  it('uses a postal code location and returns it as pcl', async () => {
    const [place] = await get('/api/postal-codes?q=6027', z.array(postalCodeLocationSchema));
    const body = await get(
      `/api/clinics?postalCodeLocationId=${place!.id}`,
      clinicListResponseSchema,
    );
    expect(body.pcl).toMatchObject({ code: '6027', suburb: 'Joondalup' });
    expect(body.clinics[0]!.slug).toBe('joondalup');
  });

  it('replaces a location farther than the maximum distance by the default location', async () => {
    const perth = '/api/clinics?latitude=-31.9523&longitude=115.8613';
    expect((await get(perth, clinicListResponseSchema)).clinics[0]!.state).toBe('WA');
    const replaced = await get(perth, clinicListResponseSchema, farApp);
    expect(replaced.clinics[0]!.state).toBe('NSW');
    // Within 50 km the location is kept.
    const chatswood = await get(
      '/api/clinics?latitude=-33.7969&longitude=151.1803',
      clinicListResponseSchema,
      farApp,
    );
    expect(chatswood.clinics[0]!.slug).toBe('chatswood');
  });

  it('answers bad input with 4xx codes', async () => {
    expect(await error('/api/clinics?examSlugs=no-such-exam')).toEqual({
      status: 404,
      code: 'UNKNOWN_EXAM',
    });
    expect(await error('/api/clinics?examSlugs=Bad%20Slug')).toEqual({
      status: 400,
      code: 'VALIDATION_FAILED',
    });
    expect(await error('/api/clinics?latitude=-33')).toEqual({
      status: 400,
      code: 'VALIDATION_FAILED',
    });
    expect(await error('/api/clinics?latitude=abc&longitude=1')).toEqual({
      status: 400,
      code: 'VALIDATION_FAILED',
    });
    expect(await error('/api/clinics?latitude=91&longitude=1')).toEqual({
      status: 400,
      code: 'VALIDATION_FAILED',
    });
    expect(await error('/api/clinics?postalCodeLocationId=999999')).toEqual({
      status: 404,
      code: 'UNKNOWN_POSTAL_CODE_LOCATION',
    });
  });
});

describe('postal codes', () => {
  const list = z.array(postalCodeLocationSchema);

  it('searches by code prefix and by suburb', async () => {
    expect((await get('/api/postal-codes?q=215', list)).map((place) => place.code)).toEqual([
      '2150',
    ]);
    const west = await get('/api/postal-codes?q=west', list);
    expect(west.map((place) => place.suburb)).toEqual(['Westmead', 'West End']);
    expect(await get('/api/postal-codes?q=paradise', list)).toHaveLength(1);
    expect(await get('/api/postal-codes?q=%25%25', list)).toEqual([]);
    expect((await error('/api/postal-codes?q=a')).status).toBe(400);
    expect((await error('/api/postal-codes')).status).toBe(400);
  });

  it('finds one by id and the nearest to a point', async () => {
    const one = await get('/api/postal-codes/1', postalCodeLocationSchema);
    expect(one.id).toBe(1);
    const nearest = await get(
      '/api/postal-codes/nearest?latitude=-33.80&longitude=150.99',
      postalCodeLocationSchema,
    );
    expect(nearest.suburb).toBe('Westmead');
    expect(await error('/api/postal-codes/999999')).toEqual({
      status: 404,
      code: 'UNKNOWN_POSTAL_CODE_LOCATION',
    });
    expect((await error('/api/postal-codes/abc')).status).toBe(400);
    expect((await error('/api/postal-codes/nearest?latitude=-33.8')).status).toBe(400);
  });
});

describe('GET /api/mobile-locations', () => {
  it('lists current and coming units, soonest first, by region', async () => {
    const all = await get('/api/mobile-locations', z.array(mobileLocationSchema));
    expect(all.length).toBeGreaterThanOrEqual(3);
    const starts = all.map((unit) => unit.startDate);
    expect(starts).toEqual([...starts].sort());
    const melbourne = await get(
      '/api/mobile-locations?regionSlug=melbourne',
      z.array(mobileLocationSchema),
    );
    expect(melbourne.map((unit) => unit.name)).toEqual(['Mobile mammography van: Ballarat']);
    expect(
      await get('/api/mobile-locations?regionSlug=atlantis', z.array(mobileLocationSchema)),
    ).toEqual([]);
  });

  it('leaves out units whose dates have passed', async () => {
    const later = await buildTestApp({
      database: testApp.database,
      clock: { now: () => new Date('2099-01-01T00:00:00Z') },
    });
    try {
      expect(await get('/api/mobile-locations', z.array(mobileLocationSchema), later)).toEqual([]);
    } finally {
      await later.app.close();
    }
  });
});
