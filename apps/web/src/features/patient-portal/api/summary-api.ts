import type { AppointmentsSummaryResponse, BookingRequestSummaryResponse } from '@portal/contract';
import { hashKey, type Query, useQuery } from '@tanstack/react-query';
import { useEffect } from 'react';
import { apiGet } from '../../../lib/api-client.ts';
import { patientQueryKey } from '../../../lib/patient-access.ts';

/** The cached summaries, so a change can refetch the one it altered. */
export const appointmentsSummaryKey = (bookingKey: string) =>
  [...patientQueryKey, 'appointments', bookingKey] as const;
export const bookingRequestSummaryKey = (bookingKey: string) =>
  [...patientQueryKey, 'booking-request', bookingKey] as const;

/**
 * Answers fetched before the page first rendered (api/page-prefetch.ts), by query hash, with the
 * time each arrived. The page's first mount takes such an answer as it is, instead of asking the
 * server again at once (each summary read is audited); the mark goes when that page unmounts, so
 * every later mount refetches (the summaries are never fresh, see below).
 */
const startupAnswers = new Map<string, number>();

/** Marks a summary the app fetched before any page used it. */
export function markStartupAnswer(query: Query | undefined): void {
  if (query?.state.status !== 'success' || query.getObserversCount() > 0) return;
  startupAnswers.set(query.queryHash, query.state.dataUpdatedAt);
}

function refetchOnMount(query: { queryHash: string; state: { dataUpdatedAt: number } }): boolean {
  return startupAnswers.get(query.queryHash) !== query.state.dataUpdatedAt;
}

function useStartupAnswerOnce(queryKey: readonly unknown[]) {
  const hash = hashKey(queryKey);
  useEffect(() => () => void startupAnswers.delete(hash), [hash]);
}

// No retries: a 401 is the answer (the app's 401 rule takes over), not a glitch to repeat.
// Never fresh: coming back from a page that changed the booking (the cancel questionnaire, the
// reschedule page) shows the cached summary only until the server's answer arrives.
export const appointmentsSummaryQuery = (bookingKey: string) => ({
  queryKey: appointmentsSummaryKey(bookingKey),
  queryFn: ({ signal }: { signal: AbortSignal }) =>
    apiGet<AppointmentsSummaryResponse>(
      `/api/secured/appointments/${encodeURIComponent(bookingKey)}`,
      { signal },
    ),
  retry: false,
  staleTime: 0,
});

export const bookingRequestSummaryQuery = (bookingKey: string) => ({
  queryKey: bookingRequestSummaryKey(bookingKey),
  queryFn: ({ signal }: { signal: AbortSignal }) =>
    apiGet<BookingRequestSummaryResponse>(
      `/api/secured/booking_requests/${encodeURIComponent(bookingKey)}`,
      { signal },
    ),
  retry: false,
  staleTime: 0,
});

export function useAppointmentsSummary(bookingKey: string, enabled: boolean) {
  useStartupAnswerOnce(appointmentsSummaryKey(bookingKey));
  return useQuery({ ...appointmentsSummaryQuery(bookingKey), enabled, refetchOnMount });
}

export function useBookingRequestSummary(bookingKey: string, enabled: boolean) {
  useStartupAnswerOnce(bookingRequestSummaryKey(bookingKey));
  return useQuery({ ...bookingRequestSummaryQuery(bookingKey), enabled, refetchOnMount });
}
