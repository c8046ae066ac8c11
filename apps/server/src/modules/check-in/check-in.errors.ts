import { type CheckInReadiness, checkInErrorCodes, errorCodes } from '@portal/contract';
import { DomainError } from '../../domain-error.ts';

/** Check-in is off for the provider, or the appointment is not BOOKED. */
export class CheckInDisabledError extends DomainError {
  readonly statusCode = 409;
  readonly code: string = checkInErrorCodes.disabled;
}

/** Before the window opens or after it closes: the spec's message, with priorMinutes. */
export class CheckInWindowError extends DomainError {
  readonly statusCode = 422;
  readonly code: string = checkInErrorCodes.window;
  constructor(message: string, priorMinutes: number) {
    super(message, undefined, { priorMinutes });
  }
}

/** A document the exam requires is missing; params carry the readiness. */
export class CheckInNotReadyError extends DomainError {
  readonly statusCode = 422;
  readonly code: string = checkInErrorCodes.notReady;
  constructor(message: string, readiness: CheckInReadiness) {
    super(message, undefined, { ...readiness });
  }
}

/** The form breaks a rule the schema cannot check (referrer, referral date, gender, missing). */
export class CheckInFormError extends DomainError {
  readonly statusCode = 400;
  readonly code: string = errorCodes.validation;
}
