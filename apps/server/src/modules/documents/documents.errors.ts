import { attachmentErrorCodes, bookingErrorCodes } from '@portal/contract';
import { DomainError } from '../../domain-error.ts';

/** The bytes are not an allowed type, or do not match the file name's extension. */
export class FileTypeNotAllowedError extends DomainError {
  readonly statusCode = 415;
  readonly code = bookingErrorCodes.fileTypeNotAllowed;
}

export class InvalidUploadError extends DomainError {
  readonly statusCode = 400;
  readonly code = 'VALIDATION_FAILED';
}

/** The booking key already has as many documents as it may (checked under the key's row lock). */
export class DocumentLimitReachedError extends DomainError {
  readonly statusCode = 409;
  readonly code = bookingErrorCodes.documentLimitReached;
}

/** A documentTypeId that names no document type (the database's foreign key decides). */
export class UnknownDocumentTypeError extends DomainError {
  readonly statusCode = 422;
  readonly code = attachmentErrorCodes.unknownDocumentType;
}
