import { callCentreErrorCodes } from '@portal/contract';
import { DomainError } from '../../domain-error.ts';

/** 429: the key's messages (or callback requests) of the last 24 hours reached the limit. */
export class CallCentreLimitReachedError extends DomainError {
  readonly statusCode = 429;
  readonly code: string = callCentreErrorCodes.dailyLimitReached;
}

/** 422: a topic the provider does not offer. */
export class UnknownTopicError extends DomainError {
  readonly statusCode = 422;
  readonly code: string = callCentreErrorCodes.unknownTopic;
}

/** 422: longer than the provider's messageMaxLength. */
export class MessageTooLongError extends DomainError {
  readonly statusCode = 422;
  readonly code: string = callCentreErrorCodes.messageTooLong;
}

/** 422: a preferred window outside the clinic's opening hours (or past, or none known). */
export class WindowOutsideOpeningHoursError extends DomainError {
  readonly statusCode = 422;
  readonly code: string = callCentreErrorCodes.windowOutsideOpeningHours;
}

/** 404 (integration): no callback request has that id. */
export class CallbackNotFoundError extends DomainError {
  readonly statusCode = 404;
  readonly code: string = callCentreErrorCodes.callbackNotFound;
}
