import type { CancelBookingRequestResponse, CancelRequest } from '@portal/contract';
import type { QueryClient } from '@tanstack/react-query';
import { apiRequest } from '../../../lib/api-client.ts';
import { bookingRequestSummaryKey } from './summary-api.ts';

/**
 * Cancels a booking request (docs/product/patient-portal.md#manage), then refetches its summary
 * so the page shows the server's word. A plain call, not a useMutation hook: the booking
 * request page shows the Cancel button at once, and react-query's mutation code (1 KB gzip) and
 * the appointment actions would count in its initial JavaScript (docs/benchmarks.md).
 */
export async function cancelBookingRequest(
  queryClient: QueryClient,
  bookingKey: string,
  request: CancelRequest,
): Promise<CancelBookingRequestResponse> {
  const answer = await apiRequest<CancelBookingRequestResponse>(
    `/api/secured/booking_requests/${encodeURIComponent(bookingKey)}/cancel`,
    { method: 'POST', body: request },
  );
  await queryClient.invalidateQueries({ queryKey: bookingRequestSummaryKey(bookingKey) });
  return answer;
}
