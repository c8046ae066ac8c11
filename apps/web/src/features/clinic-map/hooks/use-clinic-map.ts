import type { GeoPoint } from '@portal/contract';
import { useCallback, useMemo, useState } from 'react';
import { useSearchParams } from 'react-router';
import {
  useClinics,
  useMobileLocations,
  useNearestPostalCode,
  useRegions,
} from '../api/clinic-map-api.ts';
import { applyMapChange, type MapChange, readMapParams } from './map-params.ts';
import { mapStateFor, regionOf } from './map-view.ts';
import { useUserLocation } from './use-user-location.ts';

/** A clinic chosen on the map, for the list to bring into view and focus (seq: each time anew). */
export interface FocusRequest {
  slug: string;
  seq: number;
}

/**
 * The clinic map page's state: the URL holds region, place and selected clinic (so reload and
 * share work); the queries and the map state follow from it.
 */
export function useClinicMap() {
  const [searchParams, setSearchParams] = useSearchParams();
  const params = useMemo(() => readMapParams(searchParams), [searchParams]);
  const { status: locateStatus, userLocation, locate } = useUserLocation();
  const [focusRequest, setFocusRequest] = useState<FocusRequest | null>(null);

  const regions = useRegions();
  const region = regionOf(params, regions.data);
  // A region alone orders its clinics from the region's centre, so the list is nearest first.
  const waitingForRegion = params.regionSlug !== undefined && !params.location && regions.isPending;
  const origin = params.location ?? region?.location;
  const clinics = useClinics({ regionSlug: params.regionSlug, origin }, !waitingForRegion);
  const mobileLocations = useMobileLocations(params.regionSlug);
  const place = useNearestPostalCode(params.location);

  const change = useCallback(
    (next: MapChange, options: { replace?: boolean } = {}) =>
      setSearchParams((current) => applyMapChange(current, next), options),
    [setSearchParams],
  );

  const state = mapStateFor({
    params,
    regions: regions.data,
    clinics: clinics.data?.clinics,
    mobileLocations: mobileLocations.data,
    userLocation,
    defaultLocation: clinics.data?.defaultLocation,
  });

  return {
    params,
    region,
    regions,
    clinics,
    mobileLocations,
    place,
    state,
    locateStatus,
    focusRequest,
    selectRegion: (regionSlug: string | undefined) => change({ kind: 'region', regionSlug }),
    selectLocation: (location: GeoPoint) => change({ kind: 'location', location }),
    /** From the list: selection only (replace: each click is not a new history entry). */
    selectClinic: (slug: string) => change({ kind: 'clinic', clinic: slug }, { replace: true }),
    /** From a marker: select, then bring the list entry into view and focus. */
    selectClinicOnMap: (slug: string) => {
      change({ kind: 'clinic', clinic: slug }, { replace: true });
      setFocusRequest((last) => ({ slug, seq: (last?.seq ?? 0) + 1 }));
    },
    locateMe: async () => {
      const point = await locate();
      if (point) change({ kind: 'location', location: point });
    },
  };
}
