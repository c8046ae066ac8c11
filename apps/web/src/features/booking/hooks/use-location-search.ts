import type { GeoPoint } from '@portal/contract';
import { useEffect, useState } from 'react';

/** The cookie remembering the postal code a patient chose (spec 2 §3: path /, expires 2030-12-31). */
export const postalCodeCookie = 'postalCodeLocationId';

export function readPostalCodeCookie(): number | null {
  const match = document.cookie.match(/(?:^|;\s*)postalCodeLocationId=(\d+)/);
  return match ? Number(match[1]) : null;
}

export function writePostalCodeCookie(id: number): void {
  // biome-ignore lint/suspicious/noDocumentCookie: a plain first-party cookie the spec names.
  document.cookie = `${postalCodeCookie}=${id}; path=/; expires=Tue, 31 Dec 2030 23:59:59 GMT; SameSite=Lax`;
}

export type LocationState =
  | { status: 'locating' }
  | { status: 'located'; point: GeoPoint }
  | { status: 'postal-code'; id: number }
  | { status: 'failed' }
  | { status: 'default' };

/** Browser geolocation, unless a postal code was chosen before (the cookie). */
export function useUserLocation(): [LocationState, (state: LocationState) => void] {
  const [state, setState] = useState<LocationState>(() => {
    const id = readPostalCodeCookie();
    return id ? { status: 'postal-code', id } : { status: 'locating' };
  });
  const locating = state.status === 'locating';
  useEffect(() => {
    if (!locating) return;
    if (!('geolocation' in navigator)) {
      setState({ status: 'failed' });
      return;
    }
    let active = true;
    navigator.geolocation.getCurrentPosition(
      (position) => {
        if (active)
          setState({
            status: 'located',
            point: { latitude: position.coords.latitude, longitude: position.coords.longitude },
          });
      },
      () => {
        if (active) setState({ status: 'failed' });
      },
      { timeout: 8000, maximumAge: 600_000 },
    );
    return () => {
      active = false;
    };
  }, [locating]);
  return [state, setState];
}
