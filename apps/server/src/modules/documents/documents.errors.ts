import { bookingErrorCodes } from '@portal/contract';
import { DomainError } from '../../domain-error.ts';

export class FileTooLargeError extends DomainError {
  readonly statusCode = 413;
  readonly code = bookingErrorCodes.fileTooLarge;
}

/** The bytes are not an allowed type, or do not match the file name's extension. */
export class FileTypeNotAllowedError extends DomainError {
  readonly statusCode = 415;
  readonly code = bookingErrorCodes.fileTypeNotAllowed;
}

export class InvalidUploadError extends DomainError {
  readonly statusCode = 400;
  readonly code = 'VALIDATION_FAILED';
}
