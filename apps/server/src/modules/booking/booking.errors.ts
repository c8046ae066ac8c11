import { bookingErrorCodes, patientPortalErrorCodes } from '@portal/contract';
import { DomainError } from '../../domain-error.ts';

/** Someone else got the slot first (a hold or an appointment overlaps it). */
export class SlotUnavailableError extends DomainError {
  readonly statusCode = 409;
  readonly code = bookingErrorCodes.slotUnavailable;
}

/** The clinic does not offer that time for that exam (not a slot at all). */
export class SlotNotOfferedError extends DomainError {
  readonly statusCode = 422;
  readonly code = bookingErrorCodes.slotNotOffered;
}

export class SlotInPastError extends DomainError {
  readonly statusCode = 422;
  readonly code = bookingErrorCodes.slotInPast;
}

/** A bookingRequestOnly exam: it takes a booking request, not an appointment. */
export class EnquiryOnlyExamError extends DomainError {
  readonly statusCode = 422;
  readonly code = bookingErrorCodes.enquiryOnlyExam;
}

/** One booking attempt may keep only a few slots at a time. */
export class TooManyHoldsError extends DomainError {
  readonly statusCode = 409;
  readonly code = bookingErrorCodes.tooManyHolds;
}

/** The key already names a booking: ask for a new key and try again. */
export class BookingKeyUsedError extends DomainError {
  readonly statusCode = 409;
  readonly code = bookingErrorCodes.bookingKeyUsed;
}

/** No such reserved key, or it expired. */
export class BookingKeyUnknownError extends DomainError {
  readonly statusCode = 422;
  readonly code = bookingErrorCodes.bookingKeyUnknown;
}

/** 409: the appointment is no longer booked or pending (cancelled, moved, attended). */
export class AppointmentNotActiveError extends DomainError {
  readonly statusCode = 409;
  readonly code = patientPortalErrorCodes.appointmentNotActive;
}

/** 409: the booking request was booked, closed or cancelled already. */
export class BookingRequestNotActiveError extends DomainError {
  readonly statusCode = 409;
  readonly code = patientPortalErrorCodes.bookingRequestNotActive;
}
