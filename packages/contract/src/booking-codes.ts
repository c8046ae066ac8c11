/**
 * Booking's plain values, without zod: a web page that imports a value from booking.ts gets its
 * schemas and zod with it (about 26 KB gzip; module-level z.object() calls are not dropped as
 * unused), as patient-portal-codes.ts says. The reschedule page reads these codes.
 */

/** Booking error codes (409 for a lost race; 400/404/422 for the rest). */
export const bookingErrorCodes = {
  slotUnavailable: 'SLOT_UNAVAILABLE',
  slotNotOffered: 'SLOT_NOT_OFFERED',
  slotInPast: 'SLOT_IN_PAST',
  unknownExam: 'UNKNOWN_EXAM',
  unknownClinic: 'UNKNOWN_CLINIC',
  examNotAtClinic: 'EXAM_NOT_AT_CLINIC',
  enquiryOnlyExam: 'ENQUIRY_ONLY_EXAM',
  bookingKeyUsed: 'BOOKING_KEY_USED',
  bookingKeyUnknown: 'BOOKING_KEY_UNKNOWN',
  holdExpired: 'HOLD_EXPIRED',
  tooManyHolds: 'TOO_MANY_HOLDS',
  fileTooLarge: 'FILE_TOO_LARGE',
  fileTypeNotAllowed: 'FILE_TYPE_NOT_ALLOWED',
  documentLimitReached: 'DOCUMENT_LIMIT_REACHED',
} as const;
