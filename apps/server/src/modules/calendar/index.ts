/** Calendar files (.ics) for appointments; no routes and no SQL of its own. */

export { CalendarFileError } from './calendar.errors.ts';
export {
  appointmentCalendarFile,
  type CalendarAppointment,
  calendarContentType,
  calendarMethod,
} from './calendar-file.ts';
