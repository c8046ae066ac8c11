import type { GeoPoint } from '@portal/contract';
import { useEffect, useState } from 'react';
import { lastingCookieExpires, readCookie, writeCookie } from '../../../lib/cookies.ts';

/**
 * The cookie remembering the postal code a patient chose (docs/product/booking.md#clinic-selection:
 * path /, expires 2030-12-31).
 */
export const postalCodeCookie = 'postalCodeLocationId';

export function readPostalCodeCookie(): number | null {
  const value = readCookie(postalCodeCookie);
  return value && /^\d+$/.test(value) ? Number(value) : null;
}

export function writePostalCodeCookie(id: number): void {
  writeCookie(postalCodeCookie, String(id), lastingCookieExpires);
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
