import { errorCodes, type FieldError } from '@portal/contract';
import { DomainError } from '../../domain-error.ts';

/** A well-formed request asking for something the rules refuse (a range too long, from after to). */
export class InvalidAvailabilityQueryError extends DomainError {
  readonly statusCode = 400;
  readonly code = errorCodes.validation;
  constructor(message: string, fields: FieldError[]) {
    super(message, fields);
  }
}
