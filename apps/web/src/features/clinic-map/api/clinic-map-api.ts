import type {
  ClinicListResponse,
  GeoPoint,
  MobileLocation,
  PostalCodeLocation,
  Region,
} from '@portal/contract';
import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { apiGet } from '../../../lib/api-client.ts';

const fiveMinutes = 5 * 60_000;

export function useRegions() {
  return useQuery({
    queryKey: ['regions'],
    queryFn: ({ signal }) => apiGet<Region[]>('/api/regions', { signal }),
    staleTime: fiveMinutes,
  });
}

export interface ClinicSearch {
  regionSlug?: string | undefined;
  /** The point the list is ordered from (nearest first). */
  origin?: GeoPoint | undefined;
}

export function useClinics(search: ClinicSearch, enabled = true) {
  return useQuery({
    queryKey: ['clinics', search.regionSlug ?? null, search.origin ?? null],
    queryFn: ({ signal }) =>
      apiGet<ClinicListResponse>('/api/clinics', {
        signal,
        query: {
          regionSlug: search.regionSlug,
          latitude: search.origin?.latitude,
          longitude: search.origin?.longitude,
        },
      }),
    enabled,
    staleTime: fiveMinutes,
    // The old list stays on screen while the next one loads (no layout jump).
    placeholderData: keepPreviousData,
  });
}

export function useMobileLocations(regionSlug: string | undefined) {
  return useQuery({
    queryKey: ['mobile-locations', regionSlug ?? null],
    queryFn: ({ signal }) =>
      apiGet<MobileLocation[]>('/api/mobile-locations', { signal, query: { regionSlug } }),
    staleTime: fiveMinutes,
  });
}

/** The postcode or suburb nearest a point, to name the place the list is ordered from. */
export function useNearestPostalCode(point: GeoPoint | undefined) {
  return useQuery({
    queryKey: ['postal-codes', 'nearest', point ?? null],
    queryFn: ({ signal }) =>
      apiGet<PostalCodeLocation>('/api/postal-codes/nearest', {
        signal,
        query: { latitude: point?.latitude, longitude: point?.longitude },
      }),
    enabled: point !== undefined,
    staleTime: fiveMinutes,
  });
}

export function searchPostalCodes(q: string, signal?: AbortSignal) {
  return apiGet<PostalCodeLocation[]>('/api/postal-codes', { signal, query: { q } });
}
