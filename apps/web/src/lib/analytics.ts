/**
 * The booking funnel (docs/product/booking.md#analytics): events pushed to the tag manager's
 * `window.dataLayer`. Step numbers run 0 to 7 with the fractional steps 3.1, 4.1, 4.2, 4.3.
 * A completed event carries the SHA-256 of the patient's e-mail, never the e-mail itself.
 */
export const bookingFunnel = {
  page_view: 0,
  procedure_type: 1,
  scan_type: 2,
  body_part: 3,
  questionnaire_completed: 3.1,
  search_availability: 4,
  location: 4.1,
  clinic: 4.2,
  time_slot: 4.3,
  form_start: 5,
  form_submitted: 6,
  booking_completed: 7,
} as const;

export type BookingFunnelEvent = keyof typeof bookingFunnel;

export interface BookingFunnelPush {
  event: 'booking_funnel';
  funnelEvent: BookingFunnelEvent;
  funnelStep: (typeof bookingFunnel)[BookingFunnelEvent];
  [key: string]: unknown;
}

declare global {
  interface Window {
    dataLayer?: unknown[];
  }
}

/** Data that may go with an event: identifiers and labels only, never patient details. */
export type FunnelData = Record<string, string | number | boolean | string[] | null | undefined>;

export function pushBookingEvent(event: BookingFunnelEvent, data: FunnelData = {}): void {
  if (typeof window === 'undefined') return;
  window.dataLayer = window.dataLayer ?? [];
  const push: BookingFunnelPush = {
    ...data,
    event: 'booking_funnel',
    funnelEvent: event,
    funnelStep: bookingFunnel[event],
  };
  window.dataLayer.push(push);
}

/** Lowercase hex SHA-256 of the trimmed, lowercased e-mail (crypto.subtle). */
export async function hashEmail(email: string): Promise<string> {
  const bytes = new TextEncoder().encode(email.trim().toLowerCase());
  const digest = await crypto.subtle.digest('SHA-256', bytes);
  return Array.from(new Uint8Array(digest), (byte) => byte.toString(16).padStart(2, '0')).join('');
}

/** The completed event: `booking_completed` with the patient e-mail hashed. */
export async function pushBookingCompleted(
  email: string,
  data: FunnelData & { kind: 'APPOINTMENT' | 'PENDING_APPOINTMENT' | 'BOOKING_REQUEST' },
): Promise<void> {
  const patientEmailHash = await hashEmail(email);
  pushBookingEvent('booking_completed', { ...data, patientEmailHash });
}
