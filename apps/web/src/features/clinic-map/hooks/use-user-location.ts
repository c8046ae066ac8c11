import type { GeoPoint } from '@portal/contract';
import { useCallback, useState } from 'react';

export type LocateStatus = 'idle' | 'locating' | 'located' | 'failed';

/** The browser's geolocation, asked for only when the person presses "Use my location". */
export function useUserLocation() {
  const [status, setStatus] = useState<LocateStatus>('idle');
  const [userLocation, setUserLocation] = useState<GeoPoint | null>(null);

  const locate = useCallback((): Promise<GeoPoint | null> => {
    const geolocation = typeof navigator === 'undefined' ? undefined : navigator.geolocation;
    if (!geolocation) {
      setStatus('failed');
      return Promise.resolve(null);
    }
    setStatus('locating');
    return new Promise((resolve) => {
      geolocation.getCurrentPosition(
        (position) => {
          const point = {
            latitude: position.coords.latitude,
            longitude: position.coords.longitude,
          };
          setUserLocation(point);
          setStatus('located');
          resolve(point);
        },
        () => {
          setStatus('failed');
          resolve(null);
        },
        { enableHighAccuracy: false, timeout: 10_000, maximumAge: 5 * 60_000 },
      );
    });
  }, []);

  return { status, userLocation, locate };
}
