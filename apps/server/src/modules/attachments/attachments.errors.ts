import { attachmentErrorCodes } from '@portal/contract';
import { DomainError } from '../../domain-error.ts';

/** The booking key has as many attachments as it may (counted under the key's row lock). */
export class AttachmentLimitReachedError extends DomainError {
  readonly statusCode = 409;
  readonly code = attachmentErrorCodes.attachmentLimitReached;
}

/** The key has several appointments open to documents and the upload named none of them. */
export class AppointmentRequiredError extends DomainError {
  readonly statusCode = 400;
  readonly code = attachmentErrorCodes.appointmentRequired;
}

/** Documents change only on an appointment that is still to happen (booked or pending). */
export class AppointmentNotActiveError extends DomainError {
  readonly statusCode = 409;
  readonly code = attachmentErrorCodes.appointmentNotActive;
}

/** Documents change only on a booking request the clinic is still working on. */
export class BookingRequestNotActiveError extends DomainError {
  readonly statusCode = 409;
  readonly code = attachmentErrorCodes.bookingRequestNotActive;
}

/** Only a PDF, JPEG or PNG has a view link (shown inline); everything else is downloaded. */
export class NotViewableError extends DomainError {
  readonly statusCode = 404;
  readonly code = attachmentErrorCodes.notViewable;
}

/** The provider does not offer the booking request's referral download. */
export class ReferralDownloadDisabledError extends DomainError {
  readonly statusCode = 404;
  readonly code = attachmentErrorCodes.referralDownloadDisabled;
}

/**
 * A stored image that cannot be decoded (or has too many pixels) cannot be re-encoded without
 * its metadata, so it is not sent to anyone but its owner.
 */
export class ImageNotReadableError extends DomainError {
  readonly statusCode = 422;
  readonly code = attachmentErrorCodes.imageNotReadable;
}
