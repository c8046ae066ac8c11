/**
 * Kiosk check-in's plain values, without zod (patient-portal-codes.ts says why): the kiosk's
 * identity cookies, the steps of /check-in and the reasons a kiosk sends a patient to the front
 * desk. The kiosk's pages import these; a value imported from kiosk-check-in.ts would bring its
 * schemas, the availability, booking and check-in schemas they use, and zod (about 28 KB gzip).
 */

/** The cookies a named kiosk carries (docs/product/kiosk.md#kiosk-identity). */
export const kioskIdentityCookieName = 'kioskIdentity';
export const kioskDeviceIdCookieName = 'patientKioskIdentity';
/** Longest kiosk name kept; a longer cookie is not a kiosk's. */
export const kioskNameMaxLength = 60;

/** The kiosk steps (spec 2 §2), the `step` query parameter of /check-in. */
export const kioskCheckInSteps = [
  'SUCCESS',
  'COMPLETE',
  'ERROR',
  'CONFIRM',
  'FEEDBACK',
  'VERIFY_OTP',
] as const;
export type KioskCheckInStep = (typeof kioskCheckInSteps)[number];

/**
 * Why the kiosk cannot check this patient in: each sends them to the front desk. The value is
 * the translation key the kiosk shows.
 */
export const kioskDisabledReasons = {
  /** More than one booking key (or more than one patient) matched today. */
  multipleBookings: 'kiosk_check_in.disabled.multiple_bookings',
  /** Nothing of this booking key is booked for today. */
  noAppointmentToday: 'kiosk_check_in.disabled.no_appointment_today',
  /** The provider has check-in off, or the appointment cannot be checked in. */
  checkInDisabled: 'kiosk_check_in.disabled.check_in_disabled',
  /** Check-in has not opened yet (before priorMinutes) or has closed. */
  outsideWindow: 'kiosk_check_in.disabled.outside_window',
  /** A required document (the referral) is missing; spec 2 §8 message.unknown_reason otherwise. */
  notReady: 'kiosk_check_in.disabled.not_ready',
  /** Every appointment of today is already checked in and no feedback is due. */
  alreadyCheckedIn: 'kiosk_check_in.disabled.already_checked_in',
} as const;
export type KioskDisabledReason = (typeof kioskDisabledReasons)[keyof typeof kioskDisabledReasons];

/** The refusal of an identity check from a browser that is not a named kiosk (403). */
export const kioskNotIdentifiedErrorCode = 'KIOSK_NOT_IDENTIFIED';
