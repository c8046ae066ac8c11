import { imageViewerErrorCodes, unauthenticatedErrorCode } from '@portal/contract';
import { DomainError } from '../../domain-error.ts';

export class ImageViewerTokenInvalidError extends DomainError {
  readonly statusCode = 400;
  readonly code = imageViewerErrorCodes.invalidToken;
}

export class ImageViewerTokenForbiddenError extends DomainError {
  readonly statusCode = 403;
  readonly code = imageViewerErrorCodes.forbiddenToken;
}

export class ImageViewerTokenExpiredError extends DomainError {
  readonly statusCode = 401;
  readonly code = imageViewerErrorCodes.expiredToken;
}

export class ImageStudyNotFoundError extends DomainError {
  readonly statusCode = 404;
  readonly code = imageViewerErrorCodes.studyNotFound;
}

export class ImageAccessionForbiddenError extends DomainError {
  readonly statusCode = 403;
  readonly code = imageViewerErrorCodes.accessionForbidden;
}

export class UserNotHaveAccessToImagesError extends DomainError {
  readonly statusCode = 403;
  readonly code = imageViewerErrorCodes.userNotHaveAccessToImages;
}

/** Who may make a viewer link: neither a patient's session nor the provider's key was given. */
export class ImageViewerUnauthenticatedError extends DomainError {
  readonly statusCode = 401;
  readonly code = unauthenticatedErrorCode;
}
