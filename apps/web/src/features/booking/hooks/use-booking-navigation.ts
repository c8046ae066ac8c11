import { useCallback } from 'react';
import { useLocation, useNavigate, useSearchParams } from 'react-router';
import { isIframePath, routeSegments } from '../../../lib/shell-mode.ts';

export type BookingScreen = 'home' | 'select-clinic' | 'booking';

/**
 * The path of a booking screen, keeping the iframe/ prefix and advanced-booking mode (whose
 * screens live under /advanced-booking so the shell keeps its logo link and hides the footer).
 */
export function bookingPath(screen: BookingScreen, pathname: string): string {
  const iframe = isIframePath(pathname) ? '/iframe' : '';
  const advanced = routeSegments(pathname)[0] === 'advanced-booking';
  const base = `${iframe}${advanced ? '/advanced-booking' : ''}`;
  if (screen === 'home') return base || '/';
  return `${base}/${screen}`;
}

/** Moves between booking screens carrying the whole query (the flow's state). */
export function useBookingNavigation() {
  const navigate = useNavigate();
  const { pathname } = useLocation();
  const [params] = useSearchParams();
  return useCallback(
    (
      screen: BookingScreen,
      next: URLSearchParams = params,
      options?: { replace?: boolean; state?: unknown },
    ) => {
      const query = next.toString();
      navigate(`${bookingPath(screen, pathname)}${query ? `?${query}` : ''}`, options);
    },
    [navigate, pathname, params],
  );
}

export function useStaffBooking(): boolean {
  const [params] = useSearchParams();
  return params.get('staffBooking') === 'true';
}
