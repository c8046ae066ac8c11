import type { GeoPoint } from '@portal/contract';

/**
 * docs/product/clinic-map.md#query-parameters: the query parameters that make a map view shareable.
 */
export interface MapParams {
  regionSlug?: string | undefined;
  /** The searched or located point (lat and lng together, or neither). */
  location?: GeoPoint | undefined;
  /** Slug of the selected clinic. */
  clinic?: string | undefined;
}

const slugPattern = /^[a-z0-9]+(?:-[a-z0-9]+)*$/;

function slugOrUndefined(value: string | null): string | undefined {
  return value && slugPattern.test(value) ? value : undefined;
}

function coordinate(value: string | null, limit: number): number | undefined {
  if (value === null || value.trim() === '') return undefined;
  const number = Number(value);
  return Number.isFinite(number) && Math.abs(number) <= limit ? number : undefined;
}

/** Reads the map parameters; a malformed value is ignored rather than breaking the page. */
export function readMapParams(search: URLSearchParams): MapParams {
  const latitude = coordinate(search.get('lat'), 90);
  const longitude = coordinate(search.get('lng'), 180);
  return {
    regionSlug: slugOrUndefined(search.get('regionSlug')),
    location:
      latitude !== undefined && longitude !== undefined ? { latitude, longitude } : undefined,
    clinic: slugOrUndefined(search.get('clinic')),
  };
}

/** Coordinates in the URL: 5 decimals (about a metre) keep it short. */
const round = (value: number) => String(Math.round(value * 1e5) / 1e5);

/**
 * The next query string for a change. Other parameters (kioskMode and the like) are kept;
 * the rules follow what a person expects:
 * - a new region starts afresh in that region (no searched place, no selected clinic);
 * - a searched or located place orders every clinic from there (region and selection cleared);
 * - selecting a clinic keeps the rest.
 */
export type MapChange =
  | { kind: 'region'; regionSlug: string | undefined }
  | { kind: 'location'; location: GeoPoint }
  | { kind: 'clinic'; clinic: string | undefined };

export function applyMapChange(current: URLSearchParams, change: MapChange): URLSearchParams {
  const next = new URLSearchParams(current);
  const set = (key: string, value: string | undefined) => {
    if (value === undefined) next.delete(key);
    else next.set(key, value);
  };
  switch (change.kind) {
    case 'region':
      set('regionSlug', change.regionSlug);
      set('lat', undefined);
      set('lng', undefined);
      set('clinic', undefined);
      break;
    case 'location':
      set('regionSlug', undefined);
      set('lat', round(change.location.latitude));
      set('lng', round(change.location.longitude));
      set('clinic', undefined);
      break;
    case 'clinic':
      set('clinic', change.clinic);
      break;
  }
  return next;
}
