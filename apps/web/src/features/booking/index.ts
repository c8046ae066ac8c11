/**
 * The booking flow (spec 2 §2, §4): the home's exam choice, the clinic list, the calendar and
 * times, the patient form and the completion summary. Route modules load on demand.
 */
export const bookingRoutes = {
  home: async () => ({
    Component: (await import('./routes/booking-home-page.tsx')).BookingHomePage,
  }),
  selectClinic: async () => ({
    Component: (await import('./routes/select-clinic-page.tsx')).SelectClinicPage,
  }),
  booking: async () => ({
    Component: (await import('./routes/booking-page.tsx')).BookingPage,
  }),
};
