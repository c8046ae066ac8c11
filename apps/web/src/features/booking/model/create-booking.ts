import type {
  AppointmentCreationItem,
  BookingRequestResponseItem,
  ClinicSummary,
  Exam,
  PatientDetails,
  TimeOfDay,
} from '@portal/contract';
import type { TFunction } from 'i18next';
import { isApiError } from '../../../lib/api-client.ts';
import { routedBookingRequest } from '../../questionnaires/index.ts';
import {
  createAppointments,
  createBookingRequests,
  newBookingKey,
  rekeyDocuments,
  sendPendingNotifications,
} from '../api/booking-api.ts';
import { type ChosenSlots, chosenStartOf, isBookingRequestChoice } from './booking-params.ts';
import { creationOutcome } from './booking-rules.ts';
import {
  type Completion,
  ensureBookingKey,
  type Holds,
  isPreferredWindow,
  type PreferredTime,
  setBookingKey,
} from './booking-session.ts';
import { serverErrorMessage } from './server-error-message.ts';

/** Someone else took a chosen slot (409): the error modal, cleared times and fresh slots follow. */
export class SlotLostError extends Error {
  override readonly name = 'SlotLostError';
}

/** Creation failed; the message is ready to show. */
export class BookingFailedError extends Error {
  override readonly name = 'BookingFailedError';
}

export interface BookingInput {
  exams: Exam[];
  clinic: ClinicSummary;
  chosen: ChosenSlots;
  holds: Holds;
  patientDetails: PatientDetails;
  patientNotes?: string | undefined;
  pending: boolean;
  staffBooking: boolean;
  /** The slot screen's time-of-day filter: a request's preference when no window is chosen. */
  timeOfDay?: TimeOfDay[];
}

/**
 * docs/product/booking.md#appointments: after an appointment error the attempt moves to a new
 * booking key, with its temporary documents (and questionnaire answers) re-keyed, so a retry starts
 * clean.
 */
async function moveToNewKey(oldKey: string): Promise<void> {
  try {
    const { bookingKey } = await newBookingKey();
    await rekeyDocuments(oldKey, bookingKey);
    setBookingKey(bookingKey);
  } catch {
    // The retry then reuses the old key; the server answers with a clear error if it cannot.
  }
}

/**
 * Creates the booking: real slots become appointments (pending when createPendingAppointment
 * is set, then pending notifications are sent), request-only exams and enquiry slots become a
 * booking request.
 */
export async function createBooking(input: BookingInput, t: TFunction): Promise<Completion> {
  const bookingKey = await ensureBookingKey();
  // The questionnaire answers (docs/product/questionnaires.md#outcomes) may route the whole booking
  // to a request (with the apiKey that proves the server decided so).
  const routed = await routedBookingRequest(
    bookingKey,
    input.exams.map((exam) => exam.slug),
  );
  const isBookingRequest = (exam: Exam) =>
    routed !== null ||
    exam.bookingRequestOnly ||
    isBookingRequestChoice(input.chosen[exam.slug]) ||
    isPreferredWindow(input.holds[exam.slug]);
  const appointmentExams = input.exams.filter((exam) => !isBookingRequest(exam));
  const requestExams = input.exams.filter(isBookingRequest);

  let appointments: AppointmentCreationItem[] = [];
  let status: 'BOOKED' | 'PENDING' = 'BOOKED';
  if (appointmentExams.length) {
    let response: Awaited<ReturnType<typeof createAppointments>>;
    try {
      response = await createAppointments({
        bookingKey,
        pending: input.pending,
        staffBooking: input.staffBooking,
        items: appointmentExams.map((exam) => {
          const hold = input.holds[exam.slug];
          const start = chosenStartOf(input.chosen[exam.slug]) ?? '';
          return {
            examSlug: exam.slug,
            clinicSlug: input.clinic.slug,
            start,
            ...(hold?.holdId && hold.start === start ? { holdId: hold.holdId } : {}),
          };
        }),
        patientDetails: input.patientDetails,
        ...(input.patientNotes ? { patientNotes: input.patientNotes } : {}),
      });
    } catch (error) {
      if (isApiError(error) && error.status === 409) {
        throw new SlotLostError(t('booking.error_modal.slot_taken'));
      }
      await moveToNewKey(bookingKey);
      throw new BookingFailedError(serverErrorMessage(error, t));
    }
    const outcome = creationOutcome(response.items);
    if (!outcome.ok) {
      await moveToNewKey(bookingKey);
      throw new BookingFailedError(
        outcome.errorMessage.startsWith('error.') ? t(outcome.errorMessage) : outcome.errorMessage,
      );
    }
    appointments = response.items;
    status = response.status;
    if (status === 'PENDING') await sendPendingNotifications(bookingKey).catch(() => undefined);
  }

  let bookingRequests: BookingRequestResponseItem[] = [];
  let requestBookingKey: string | null = null;
  let preferredTime: PreferredTime | null = null;
  if (requestExams.length) {
    // A request made beside appointments gets its own key (one key names one group).
    requestBookingKey = appointmentExams.length ? (await newBookingKey()).bookingKey : bookingKey;
    const preferredExam = requestExams.find((exam) => chosenStartOf(input.chosen[exam.slug]));
    const preferred = preferredExam ? chosenStartOf(input.chosen[preferredExam.slug]) : undefined;
    preferredTime = preferredTimeOf(
      preferred ? input.holds[preferredExam?.slug ?? ''] : undefined,
      preferred,
      input.timeOfDay ?? [],
      input.clinic.timeZone,
    );
    try {
      bookingRequests = await createBookingRequests({
        bookingKey: requestBookingKey,
        examSlugs: requestExams.map((exam) => exam.slug),
        clinicSlug: input.clinic.slug,
        ...(preferred ? { preferredStart: preferred } : {}),
        staffBooking: input.staffBooking,
        patientDetails: input.patientDetails,
        ...(input.patientNotes ? { patientNotes: input.patientNotes } : {}),
        ...(routed ? { apiKey: routed.apiKey } : {}),
      });
    } catch (error) {
      throw new BookingFailedError(serverErrorMessage(error, t));
    }
    const outcome = creationOutcome(bookingRequests);
    if (!outcome.ok) {
      throw new BookingFailedError(
        outcome.errorMessage.startsWith('error.') ? t(outcome.errorMessage) : outcome.errorMessage,
      );
    }
  }

  return {
    bookingKey: appointmentExams.length ? bookingKey : (requestBookingKey ?? bookingKey),
    kind: !appointmentExams.length
      ? 'BOOKING_REQUEST'
      : status === 'PENDING'
        ? 'PENDING_APPOINTMENT'
        : 'APPOINTMENT',
    appointments,
    bookingRequests,
    requestBookingKey,
    preferred: preferredTime,
    staffBooking: input.staffBooking,
    confirmationMessage:
      bookingRequests.find((item) => item.confirmationMessage)?.confirmationMessage ??
      routed?.confirmationMessage ??
      null,
  };
}

/**
 * What the completion shows as a request's preferred time: the chosen window (its end is
 * remembered with the choice), else the time-of-day filter, else none.
 */
export function preferredTimeOf(
  hold: Holds[string] | undefined,
  start: string | undefined,
  timeOfDay: TimeOfDay[],
  clinicTimeZone: string,
): PreferredTime | null {
  if (start) {
    const chosen = hold?.start === start ? hold : undefined;
    return {
      kind: 'window',
      start,
      end: chosen?.end ?? null,
      timeZone: chosen?.timeZone ?? clinicTimeZone,
    };
  }
  return timeOfDay.length ? { kind: 'time_of_day', timeOfDay, timeZone: clinicTimeZone } : null;
}
