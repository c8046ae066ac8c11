import type { ClinicSummary, GeoPoint, MobileLocation, Region } from '@portal/contract';
import type { MapParams } from './map-params.ts';

/**
 * docs/product/clinic-map.md#zoom: zoom after a region change, after a location search, default.
 */
export const mapZoom = {
  region: 12,
  locationSearch: 13,
  default: 16,
} as const;

/** South-west and north-east corners. */
export type Bounds = [[number, number], [number, number]];

/** What the map shows (docs/product/clinic-map.md#the-page). */
export interface MapState {
  center: GeoPoint | null;
  zoom: number | null;
  /** Set when the map should fit several places instead of a centre and zoom. */
  bounds: Bounds | null;
  selectedClinic: ClinicSummary | null;
  userLocation: GeoPoint | null;
  mobileLocations: MobileLocation[];
}

export interface MapInputs {
  params: MapParams;
  regions: Region[] | undefined;
  clinics: ClinicSummary[] | undefined;
  mobileLocations: MobileLocation[] | undefined;
  userLocation: GeoPoint | null;
  defaultLocation: GeoPoint | undefined;
}

export function boundsOf(points: GeoPoint[]): Bounds | null {
  if (points.length === 0) return null;
  let south = 90;
  let west = 180;
  let north = -90;
  let east = -180;
  for (const { latitude, longitude } of points) {
    south = Math.min(south, latitude);
    north = Math.max(north, latitude);
    west = Math.min(west, longitude);
    east = Math.max(east, longitude);
  }
  return [
    [south, west],
    [north, east],
  ];
}

export function regionOf(params: MapParams, regions: Region[] | undefined): Region | undefined {
  return params.regionSlug ? regions?.find((r) => r.slug === params.regionSlug) : undefined;
}

/**
 * Where the map looks, decided from the URL: a selected clinic at the default zoom (16); else
 * a searched or located place at 13; else the chosen region's centre at 12; else all listed
 * clinics fitted into view.
 */
export function mapStateFor(inputs: MapInputs): MapState {
  const { params, clinics = [], userLocation } = inputs;
  const mobileLocations = inputs.mobileLocations ?? [];
  const selectedClinic = clinics.find((clinic) => clinic.slug === params.clinic) ?? null;
  const base = { selectedClinic, userLocation, mobileLocations, bounds: null };
  if (selectedClinic) {
    const { latitude, longitude } = selectedClinic;
    return { ...base, center: { latitude, longitude }, zoom: mapZoom.default };
  }
  if (params.location) {
    return { ...base, center: params.location, zoom: mapZoom.locationSearch };
  }
  const region = regionOf(params, inputs.regions);
  if (region) return { ...base, center: region.location, zoom: mapZoom.region };
  const bounds = boundsOf([...clinics, ...mobileLocations]);
  if (bounds) return { ...base, center: null, zoom: null, bounds };
  return {
    ...base,
    center: inputs.defaultLocation ?? null,
    zoom: inputs.defaultLocation ? mapZoom.region : null,
  };
}

/** A key that changes only when the view the URL asks for changes (not on every refetch). */
export function viewKey(state: Pick<MapState, 'center' | 'zoom' | 'bounds'>): string {
  if (state.bounds) return `bounds:${state.bounds.flat().join(',')}`;
  if (state.center && state.zoom !== null)
    return `view:${state.center.latitude},${state.center.longitude},${state.zoom}`;
  return 'none';
}

/** Kilometres, one decimal under 10 km, whole numbers beyond. */
export function formatDistance(km: number, locale: string): string {
  return new Intl.NumberFormat(locale, {
    maximumFractionDigits: km < 10 ? 1 : 0,
    minimumFractionDigits: km < 10 ? 1 : 0,
  }).format(km);
}
