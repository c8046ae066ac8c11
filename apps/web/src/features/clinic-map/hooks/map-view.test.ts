import type { ClinicSummary, MobileLocation, Region } from '@portal/contract';
import { describe, expect, it } from 'vitest';
import {
  boundsOf,
  formatDistance,
  type MapInputs,
  mapStateFor,
  mapZoom,
  viewKey,
} from './map-view.ts';

const clinic = (slug: string, latitude: number, longitude: number): ClinicSummary => ({
  id: slug.length,
  slug,
  name: slug,
  regionSlug: 'sydney',
  address: '1 Main Street',
  suburb: 'Town',
  state: 'NSW',
  postalCode: '2000',
  phone: null,
  latitude,
  longitude,
  timeZone: 'Australia/Sydney',
  distanceKm: null,
  examSlugs: [],
});

const sydney: Region = {
  id: 1,
  slug: 'sydney',
  name: 'Sydney',
  location: { latitude: -33.87, longitude: 151.21 },
};
const clinics = [clinic('parramatta', -33.81, 151.0), clinic('chatswood', -33.79, 151.18)];
const van: MobileLocation = {
  id: 3,
  name: 'Van',
  regionSlug: 'sydney',
  address: 'Car park',
  latitude: -34.0,
  longitude: 150.8,
  startDate: '2031-05-01',
  endDate: '2031-05-20',
};

const inputs = (overrides: Partial<MapInputs> = {}): MapInputs => ({
  params: {},
  regions: [sydney],
  clinics,
  mobileLocations: [],
  userLocation: null,
  defaultLocation: { latitude: -33.87, longitude: 151.21 },
  ...overrides,
});

describe('mapStateFor (zoom levels, docs/product/clinic-map.md#zoom)', () => {
  it('zooms to 12 on the region centre after a region change', () => {
    const state = mapStateFor(inputs({ params: { regionSlug: 'sydney' } }));
    expect(state.zoom).toBe(mapZoom.region);
    expect(state.zoom).toBe(12);
    expect(state.center).toEqual(sydney.location);
    expect(state.bounds).toBeNull();
  });

  it('zooms to 13 on a searched place', () => {
    const location = { latitude: -33.815, longitude: 151.001 };
    const state = mapStateFor(inputs({ params: { regionSlug: 'sydney', location } }));
    expect(state).toMatchObject({ center: location, zoom: 13 });
  });

  it('zooms to the default 16 on a selected clinic, which wins over place and region', () => {
    const state = mapStateFor(
      inputs({
        params: {
          regionSlug: 'sydney',
          location: { latitude: -33, longitude: 151 },
          clinic: 'chatswood',
        },
      }),
    );
    expect(state.zoom).toBe(16);
    expect(state.center).toEqual({ latitude: -33.79, longitude: 151.18 });
    expect(state.selectedClinic?.slug).toBe('chatswood');
  });

  it('ignores a selected clinic that is not in the list', () => {
    const state = mapStateFor(inputs({ params: { regionSlug: 'sydney', clinic: 'nowhere' } }));
    expect(state.selectedClinic).toBeNull();
    expect(state.zoom).toBe(12);
  });

  it('fits every clinic and mobile unit when nothing is chosen', () => {
    const state = mapStateFor(inputs({ mobileLocations: [van] }));
    expect(state.center).toBeNull();
    expect(state.bounds).toEqual([
      [-34, 150.8],
      [-33.79, 151.18],
    ]);
    expect(state.mobileLocations).toEqual([van]);
  });

  it('falls back to the default location before anything has loaded', () => {
    const state = mapStateFor(inputs({ clinics: undefined, regions: undefined }));
    expect(state).toMatchObject({ center: { latitude: -33.87, longitude: 151.21 }, zoom: 12 });
  });

  it('keeps the user location for its marker', () => {
    const me = { latitude: -33.9, longitude: 151.1 };
    expect(mapStateFor(inputs({ userLocation: me })).userLocation).toEqual(me);
  });
});

describe('viewKey', () => {
  it('changes with the asked-for view only', () => {
    const a = mapStateFor(inputs({ params: { regionSlug: 'sydney' } }));
    const b = mapStateFor(inputs({ params: { regionSlug: 'sydney' }, clinics: [...clinics] }));
    expect(viewKey(a)).toBe(viewKey(b));
    const c = mapStateFor(inputs({ params: { regionSlug: 'sydney', clinic: 'parramatta' } }));
    expect(viewKey(c)).not.toBe(viewKey(a));
  });
});

describe('helpers', () => {
  it('boundsOf is null for no points', () => {
    expect(boundsOf([])).toBeNull();
  });

  it('formats distances with one decimal under 10 km', () => {
    expect(formatDistance(2.345, 'en-AU')).toBe('2.3');
    expect(formatDistance(12.6, 'en-AU')).toBe('13');
  });
});
