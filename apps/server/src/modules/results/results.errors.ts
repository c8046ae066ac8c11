import { errorCodes, resultsErrorCodes } from '@portal/contract';
import { DomainError } from '../../domain-error.ts';

/** The results' access period (resultsAccessDays) has passed: /deny?resultsExpired=true. */
export class ResultsExpiredError extends DomainError {
  readonly statusCode = 403;
  readonly code: string = resultsErrorCodes.resultsExpired;
}

/** The date of birth and contact matched no patient of the key (message.patient_matching_error). */
export class PatientMatchingFailedError extends DomainError {
  readonly statusCode = 422;
  readonly code: string = resultsErrorCodes.patientMatchingFailed;
}

/** Too many failed identity checks on the key or from the address. */
export class PatientMatchingBlockedError extends DomainError {
  readonly statusCode = 429;
  readonly code: string = resultsErrorCodes.maxAttemptsReached;
}

/** A share contact that is neither a valid e-mail nor (with SMS sharing) a phone number. */
export class InvalidContactDetailsError extends DomainError {
  readonly statusCode = 422;
  readonly code: string = resultsErrorCodes.invalidContactDetails;
}

/** A share request breaking another rule (note length, expiry, type and appointment). */
export class InvalidShareError extends DomainError {
  readonly statusCode = 422;
  readonly code: string = errorCodes.validation;
}

/** A RESULT share naming no appointment of this key. */
export class ShareAppointmentInvalidError extends DomainError {
  readonly statusCode = 422;
  readonly code: string = resultsErrorCodes.shareAppointmentInvalid;
}

export class ShareNotFoundError extends DomainError {
  readonly statusCode = 404;
  readonly code: string = resultsErrorCodes.shareNotFound;
}

/** A shared read whose share is revoked or has expired: /deny?revoked=true. */
export class ShareRevokedError extends DomainError {
  readonly statusCode = 403;
  readonly code: string = resultsErrorCodes.shareRevoked;
}

/** A release for an appointment that is not COMPLETED. */
export class ResultNotReleasableError extends DomainError {
  readonly statusCode = 409;
  readonly code: string = resultsErrorCodes.appointmentNotCompleted;
}
