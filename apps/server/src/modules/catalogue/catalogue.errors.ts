import { bookingErrorCodes } from '@portal/contract';
import { DomainError } from '../../domain-error.ts';

/**
 * Why a name was looked up: to show something (a page, slots, a search), where an unknown
 * name means there is nothing there (404), or to write something (a hold, a booking, a
 * booking request), where the request refers to something that does not exist (422). The
 * same error either way, with the same code.
 */
export type LookupPurpose = 'reading' | 'writing';

const statusFor = (purpose: LookupPurpose) => (purpose === 'writing' ? 422 : 404);

/** Exams and clinics are the catalogue's nouns; every module names them with these errors. */
export class UnknownExamError extends DomainError {
  readonly statusCode: number;
  readonly code = bookingErrorCodes.unknownExam;
  constructor(slug: string, purpose: LookupPurpose = 'reading') {
    super(`No exam is called '${slug}'.`);
    this.statusCode = statusFor(purpose);
  }
}

export class UnknownClinicError extends DomainError {
  readonly statusCode: number;
  readonly code = bookingErrorCodes.unknownClinic;
  constructor(slug: string, purpose: LookupPurpose = 'reading') {
    super(`No clinic is called '${slug}'.`);
    this.statusCode = statusFor(purpose);
  }
}

export class ExamNotAtClinicError extends DomainError {
  readonly statusCode: number;
  readonly code = bookingErrorCodes.examNotAtClinic;
  /** Names as the patient reads them (exam and clinic names, or slugs where that is all there is). */
  constructor(exam: string, clinic: string, purpose: LookupPurpose = 'reading') {
    super(`${clinic} does not perform ${exam}.`);
    this.statusCode = statusFor(purpose);
  }
}
