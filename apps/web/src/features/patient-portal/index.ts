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
};
