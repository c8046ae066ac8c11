import { bookingErrorCodes, errorCodes, type FieldError } from '@portal/contract';
import { DomainError, NotFoundError } from '../../domain-error.ts';

export class UnknownExamError extends NotFoundError {
  override readonly code = bookingErrorCodes.unknownExam;
  constructor(slug: string) {
    super(`No exam is called '${slug}'.`);
  }
}

export class UnknownClinicError extends NotFoundError {
  override readonly code = bookingErrorCodes.unknownClinic;
  constructor(slug: string) {
    super(`No clinic is called '${slug}'.`);
  }
}

export class ExamNotAtClinicError extends NotFoundError {
  override readonly code = bookingErrorCodes.examNotAtClinic;
  constructor(examSlug: string, clinicSlug: string) {
    super(`The clinic '${clinicSlug}' does not perform the exam '${examSlug}'.`);
  }
}

/** A well-formed request asking for something the rules refuse (a range too long, from after to). */
export class InvalidAvailabilityQueryError extends DomainError {
  readonly statusCode = 400;
  readonly code = errorCodes.validation;
  constructor(message: string, fields: FieldError[]) {
    super(message, fields);
  }
}
