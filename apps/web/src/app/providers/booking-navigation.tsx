import { type Query, useQueryClient } from '@tanstack/react-query';
import { useEffect, useRef } from 'react';
import { useLocation } from 'react-router';
import { patientQueryKey } from '../../lib/patient-access.ts';
import { routeSegments } from '../../lib/shell-mode.ts';

/**
 * The booking flow's routes (spec 2 §2: the home, /advanced-booking, select-clinic, booking), in
 * both shells.
 */
export function isBookingRoute(pathname: string): boolean {
  const segments = routeSegments(pathname);
  const rest = segments[0] === 'advanced-booking' ? segments.slice(1) : segments;
  return (
    rest.length === 0 || (rest.length === 1 && ['select-clinic', 'booking'].includes(rest[0] ?? ''))
  );
}

/**
 * Clinic and appointment reads: clinic lists (booking and map), slot and next-available searches
 * (features/booking/api/availability-api.ts), the patient's appointment summaries
 * (features/patient-portal/api/summary-api.ts).
 */
export function isClinicOrAppointmentQuery(queryKey: readonly unknown[]): boolean {
  const [first, second] = queryKey;
  return (
    first === 'clinics' ||
    first === 'slots' ||
    (first === patientQueryKey[0] && second === 'appointments')
  );
}

/** In flight, and no page on screen reads it (a previous page's or a prefetch nobody used). */
const isAbandoned = (query: Query) =>
  query.state.fetchStatus !== 'idle' &&
  query.getObserversCount() === 0 &&
  isClinicOrAppointmentQuery(query.queryKey);

/**
 * docs/product/README.md#http-layer (spec 1 §7, spec 2 §7): going to a booking route cancels the
 * clinic and appointment requests still pending, so a slow answer for the page just left neither
 * loads the server nor lands in the cache after the patient moved on. Every such query passes
 * its AbortSignal to fetch, so cancelling aborts the request. Runs after the new page's queries
 * subscribed (a parent's effect runs after its children's), so what the new page reads keeps
 * loading; writes are never cancelled (decision 038).
 */
export function CancelOnBookingNavigation() {
  const queryClient = useQueryClient();
  const { pathname, search } = useLocation();
  const first = useRef(true);
  // biome-ignore lint/correctness/useExhaustiveDependencies: runs on each navigation (pathname, search).
  useEffect(() => {
    if (first.current) {
      // The page the app opened on: nothing was left behind, its own prefetches are its data.
      first.current = false;
      return;
    }
    if (!isBookingRoute(pathname)) return;
    void queryClient.cancelQueries({ predicate: isAbandoned });
  }, [pathname, search, queryClient]);
  return null;
}
