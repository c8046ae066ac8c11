import { consentFormErrorCodes } from '@portal/contract';
import { DomainError } from '../../domain-error.ts';

/** 400: incomplete, forged or malformed answers; nothing was stored. */
export class InvalidConsentAnswersError extends DomainError {
  readonly statusCode = 400;
  readonly code = consentFormErrorCodes.invalidAnswers;
  constructor() {
    // The reason stays in the server log; the answers never leave it.
    super('The consent form could not be signed. Please check your answers and try again.');
  }
}

/** 404: no such form, or not one this appointment needs (the same answer for both). */
export class UnknownConsentFormError extends DomainError {
  readonly statusCode = 404;
  readonly code = consentFormErrorCodes.unknownConsentForm;
  constructor() {
    super('This appointment has no such consent form.');
  }
}

/** 409: the form changed since the page loaded it; the patient signs the current version. */
export class ConsentFormVersionChangedError extends DomainError {
  readonly statusCode = 409;
  readonly code = consentFormErrorCodes.versionChanged;
  constructor() {
    super('This consent form has changed. Please read it again before signing.');
  }
}

/** 409: a signature is never replaced (docs/product/consent-forms.md#signatures). */
export class ConsentFormAlreadySignedError extends DomainError {
  readonly statusCode = 409;
  readonly code = consentFormErrorCodes.alreadySigned;
  constructor() {
    super('This consent form is already signed.');
  }
}

/** 409: only a BOOKED or PENDING appointment's forms can be signed. */
export class ConsentAppointmentNotActiveError extends DomainError {
  readonly statusCode = 409;
  readonly code = consentFormErrorCodes.appointmentNotActive;
  constructor() {
    super('This appointment is no longer booked, so its consent forms cannot be signed.');
  }
}
