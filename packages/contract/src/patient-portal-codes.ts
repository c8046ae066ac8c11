/**
 * The patient portal's plain values, without zod: the web's appointment and booking request pages
 * import them, and a page that imports anything from patient-portal.ts gets its schemas and zod
 * with it (about 27 KB gzip; module-level z.object() calls are not dropped as unused).
 */

/** The longest note a patient may give with a cancel. */
export const cancelNoteMaxLength = 500;

/** Error codes of refused changes: the specification's message keys (docs/product/messages.md). */
export const patientPortalErrorCodes = {
  cancelNotAllowed: 'message.cancel_not_allowed',
  cancelPriorMinutes: 'message.cancel_prior_minutes',
  rescheduleNotAllowed: 'message.reschedule_not_allowed',
  reschedulePriorMinutes: 'message.reschedule_prior_minutes',
  rescheduleCancelled: 'message.reschedule_cancelled_appts',
  rescheduleWalkIn: 'message.reschedule_with_walk_in_not_allowed',
  unknownCancelReason: 'UNKNOWN_CANCEL_REASON',
  appointmentNotActive: 'APPOINTMENT_NOT_ACTIVE',
  bookingRequestNotActive: 'BOOKING_REQUEST_NOT_ACTIVE',
  linkNotUsable: 'LINK_NOT_USABLE',
} as const;
