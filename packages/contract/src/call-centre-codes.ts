/**
 * The call centre's plain values, without zod (patient-portal-codes.ts says why): the error
 * codes of messages and callback requests and the limits the browser checks before sending.
 */

/** Error codes of the call-centre calls (docs/product/contact-the-clinic.md). */
export const callCentreErrorCodes = {
  /** 429: the booking key's messages (or callback requests) of the last 24 hours reached the limit. */
  dailyLimitReached: 'CALL_CENTRE_DAILY_LIMIT_REACHED',
  /** 422: a topic the provider does not offer. */
  unknownTopic: 'CALL_CENTRE_UNKNOWN_TOPIC',
  /** 422: longer than the provider's messageMaxLength. */
  messageTooLong: 'CALL_CENTRE_MESSAGE_TOO_LONG',
  /** 422: a preferred window not within the clinic's opening hours, or already past. */
  windowOutsideOpeningHours: 'CALLBACK_WINDOW_OUTSIDE_OPENING_HOURS',
  /** 404 (integration): no callback request has that id. */
  callbackNotFound: 'CALLBACK_REQUEST_NOT_FOUND',
} as const;

/** The most any provider may allow (the configured messageMaxLength is at most this). */
export const callCentreMessageLengthCeiling = 5000;
/** The longest reason a patient may give with a callback request. */
export const callbackReasonMaxLength = 500;
/** How many preferred windows one callback request may name. */
export const callbackWindowsMax = 3;
