import { describe, expect, it } from 'vitest';
import type { CatalogueRows } from './availability.repository.ts';
import { createCatalogueCache, indexCatalogue } from './availability-catalogue.ts';

const clinic = {
  id: 1,
  slug: 'bondi',
  name: 'Bondi',
  timeZone: 'Australia/Sydney',
  latitude: -33.9,
  longitude: 151.3,
};
const rows = (version: string): CatalogueRows => ({
  version,
  exams: [
    {
      id: 7,
      slug: 'ct-head',
      name: 'CT head',
      modalityName: 'CT',
      modalitySlug: 'ct',
      bookingRequestOnly: false,
      durationMinutes: 15,
    },
  ],
  clinics: [clinic],
  clinicExams: [{ ...clinic, examId: 7, durationMinutes: 20 }],
  schedules: [
    {
      examId: 7,
      clinicId: 1,
      resourceId: 3,
      weekday: 1,
      startTime: '08:00:00',
      endTime: '12:00:00',
      validFrom: '2026-01-01',
      validTo: '2026-06-30',
    },
  ],
  closures: [{ clinicId: 1, resourceId: null, start: 1000, end: 2000 }],
});

describe('indexCatalogue', () => {
  it('answers the slot engine from memory', () => {
    const catalogue = indexCatalogue(rows('1'));
    expect(catalogue.findExamBySlug('ct-head')?.id).toBe(7);
    expect(catalogue.findClinicBySlug('nowhere')).toBeUndefined();
    expect(catalogue.listClinicsForExam(7).map((c) => c.durationMinutes)).toEqual([20]);
    expect(catalogue.listClinicsForExam(7, [2])).toEqual([]);
    expect(catalogue.listSchedules(7, [1], '2026-03-01', '2026-03-07')).toHaveLength(1);
    expect(catalogue.listSchedules(7, [1], '2026-07-01', '2026-07-07')).toEqual([]);
    expect(catalogue.listClosures([1], 1500, 1600)).toHaveLength(1);
    expect(catalogue.listClosures([1], 2000, 3000)).toEqual([]);
  });
});

describe('createCatalogueCache', () => {
  it('loads once, shares concurrent loads, and reloads after invalidate', async () => {
    let loads = 0;
    let version = '1';
    const cache = createCatalogueCache({
      load: async () => {
        loads++;
        return rows(version);
      },
    });
    const [a, b] = await Promise.all([cache.snapshot(), cache.snapshot()]);
    expect(loads).toBe(1);
    expect(a.confirmed && b.confirmed).toBe(true);
    const cached = await cache.snapshot();
    expect(cached).toMatchObject({ version: '1', confirmed: false });
    cache.invalidate('1'); // the same version: kept
    expect((await cache.snapshot()).confirmed).toBe(false);
    version = '2';
    cache.invalidate('2');
    expect(await cache.snapshot()).toMatchObject({ version: '2', confirmed: true });
    expect(loads).toBe(2);
  });
});
