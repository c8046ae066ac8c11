export { resultsPagePrefetches, summaryPagePrefetches } from './api/page-prefetch.ts';

/**
 * The patient portal (spec 2): read-only summaries of an appointment and of a booking request,
 * behind the authenticated check. The next issue adds the actions. Route modules load on demand.
 */
export const patientPortalRoutes = {
  appointment: async () => ({
    Component: (await import('./routes/appointment-summary-page.tsx')).AppointmentSummaryPage,
  }),
  bookingRequest: async () => ({
    Component: (await import('./routes/booking-request-summary-page.tsx'))
      .BookingRequestSummaryPage,
  }),
  /** /appointments/:bookingKey/reschedule/:appointmentId: another time (or clinic). */
  reschedule: async () => ({
    Component: (await import('./routes/reschedule-page.tsx')).ReschedulePage,
  }),
  /** /appointments/:bookingKey/result: the results (a shared link's with ?shared=true). */
  results: async () => ({
    Component: (await import('./routes/results-page.tsx')).ResultsPage,
  }),
  /** /appointments/:bookingKey/result/patient: every result of the patient (after a match). */
  resultsHistory: async () => ({
    Component: (await import('./routes/results-history-page.tsx')).ResultsHistoryPage,
  }),
  /** /appointment-links/:token: a reminder's confirm or cancel link (no sign-in). */
  appointmentLink: async () => ({
    Component: (await import('./routes/appointment-link-page.tsx')).AppointmentLinkPage,
  }),
};
