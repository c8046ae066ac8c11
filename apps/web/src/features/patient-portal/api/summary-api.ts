import type { AppointmentsSummaryResponse, BookingRequestSummaryResponse } from '@portal/contract';
import { useQuery } from '@tanstack/react-query';
import { apiGet } from '../../../lib/api-client.ts';
import { patientQueryKey } from '../../../lib/patient-access.ts';

/** The cached summaries, so a change can refetch the one it altered. */
export const appointmentsSummaryKey = (bookingKey: string) =>
  [...patientQueryKey, 'appointments', bookingKey] as const;
export const bookingRequestSummaryKey = (bookingKey: string) =>
  [...patientQueryKey, 'booking-request', bookingKey] as const;

// No retries: a 401 is the answer (the app's 401 rule takes over), not a glitch to repeat.
// Never fresh: coming back from a page that changed the booking (the cancel questionnaire, the
// reschedule page) shows the cached summary only until the server's answer arrives.
export function useAppointmentsSummary(bookingKey: string, enabled: boolean) {
  return useQuery({
    queryKey: appointmentsSummaryKey(bookingKey),
    queryFn: ({ signal }) =>
      apiGet<AppointmentsSummaryResponse>(
        `/api/secured/appointments/${encodeURIComponent(bookingKey)}`,
        { signal },
      ),
    enabled,
    retry: false,
    staleTime: 0,
  });
}

export function useBookingRequestSummary(bookingKey: string, enabled: boolean) {
  return useQuery({
    queryKey: bookingRequestSummaryKey(bookingKey),
    queryFn: ({ signal }) =>
      apiGet<BookingRequestSummaryResponse>(
        `/api/secured/booking_requests/${encodeURIComponent(bookingKey)}`,
        { signal },
      ),
    enabled,
    retry: false,
    staleTime: 0,
  });
}
