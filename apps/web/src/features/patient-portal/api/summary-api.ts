import type { AppointmentsSummaryResponse, BookingRequestSummaryResponse } from '@portal/contract';
import { useQuery } from '@tanstack/react-query';
import { apiGet } from '../../../lib/api-client.ts';
import { patientQueryKey } from '../../../lib/patient-access.ts';
import { refetchOnMount, useStartupAnswerOnce } from './startup-answers.ts';

/** The cached summaries, so a change can refetch the one it altered. */
export const appointmentsSummaryKey = (bookingKey: string) =>
  [...patientQueryKey, 'appointments', bookingKey] as const;
export const bookingRequestSummaryKey = (bookingKey: string) =>
  [...patientQueryKey, 'booking-request', bookingKey] as const;

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
