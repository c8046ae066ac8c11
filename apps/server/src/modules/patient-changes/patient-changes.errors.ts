import { errorCodes, patientChangeErrorCodes } from '@portal/contract';
import { DomainError } from '../../domain-error.ts';

/** Every asked-for value equals the record's: there is nothing to request. */
export class NoChangesError extends DomainError {
  readonly statusCode = 422;
  readonly code = patientChangeErrorCodes.noChanges;
}

/** A field this provider does not let patients change online (config/patient-details.json). */
export class FieldNotChangeableError extends DomainError {
  readonly statusCode = 422;
  readonly code = patientChangeErrorCodes.fieldNotChangeable;
}

/** An ethnicity or insurance type id that is not one of the provider's options. */
export class UnknownOptionError extends DomainError {
  readonly statusCode = 422;
  readonly code = patientChangeErrorCodes.unknownOption;
}

/** A field the record must keep (a required one, or one an outcome requires) would be empty. */
export class FieldRequiredError extends DomainError {
  readonly statusCode = 422;
  readonly code = patientChangeErrorCodes.fieldRequired;
}

/** The record already has a pending request: withdraw it first (decision 025). */
export class RequestPendingError extends DomainError {
  readonly statusCode = 409;
  readonly code = patientChangeErrorCodes.requestPending;
}

/** The request was already accepted, rejected or withdrawn. */
export class RequestNotPendingError extends DomainError {
  readonly statusCode = 409;
  readonly code = patientChangeErrorCodes.notPending;
}

/**
 * The provider's accept: the record no longer holds a field's old value (changed since the
 * request was made), so applying it would overwrite a change nobody looked at. Nothing changes.
 */
export class StaleRequestError extends DomainError {
  readonly statusCode = 409;
  readonly code = errorCodes.conflict;
}
