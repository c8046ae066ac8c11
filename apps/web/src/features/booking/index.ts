/**
 * The booking flow (docs/product/booking.md): the home's exam choice, the clinic list, the calendar
 * and times, the patient form and the completion summary. Route modules load on demand. The
 * home's too, so no other page downloads it with the entry; opened on the home, app/boot.ts
 * loads it before the router starts (the server preloads it there beside the entry), so the
 * router renders it at once instead of a fallback (the booking home's speed budget in
 * docs/benchmarks.md). It lends the patient portal's reschedule page the clinic
 * list, the slot search, the calendar, the slot times and the day arithmetic (their code goes to
 * that page's lazy chunk, not the entry), and the appointment page's upload modal the booking
 * config and its file type check.
 */
export { useClinicSlots, useClinics, useNextAvailable } from './api/availability-api.ts';
export {
  useBodyParts,
  useBookingConfig,
  useExamGroups,
  useExams,
  useWalkInExams,
} from './api/catalogue-api.ts';
export { Calendar } from './components/calendar.tsx';
export { isAllowedReferral } from './components/referral-upload.tsx';
export { SlotTime } from './components/slot-time.tsx';
export type { CalendarView } from './model/booking-params.ts';
export { addDays, addMonths, dayInZone, visibleRange } from './model/calendar-dates.ts';

/** The booking home's route module: its page and its start-up requests (app/boot.ts). */
export const loadBookingHome = () => import('./routes/booking-home-route.ts');
export type LoadedBookingHome = Awaited<ReturnType<typeof loadBookingHome>>;

export const bookingRoutes = {
  home: async () => ({ Component: (await loadBookingHome()).BookingHomePage }),
  selectClinic: async () => ({
    Component: (await import('./routes/select-clinic-page.tsx')).SelectClinicPage,
  }),
  booking: async () => ({
    Component: (await import('./routes/booking-page.tsx')).BookingPage,
  }),
};
