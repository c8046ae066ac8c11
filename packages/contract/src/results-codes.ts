/**
 * Results and sharing's plain values, without zod (patient-portal-codes.ts says why): error
 * codes, the share contact rules of spec 2 §5 and the limits the browser checks before sending.
 */

/** Error codes of the results and sharing calls (docs/product/results-and-sharing.md). */
export const resultsErrorCodes = {
  /** 403: the results' access period (resultsAccessDays) has passed → /deny?resultsExpired=true. */
  resultsExpired: 'RESULTS_EXPIRED',
  /** 422: no patient matched the date of birth and contact → message.patient_matching_error. */
  patientMatchingFailed: 'PATIENT_MATCHING_FAILED',
  /** 422: the share contact is neither a valid e-mail nor (with SMS sharing) a phone. */
  invalidContactDetails: 'INVALID_CONTACT_DETAILS',
  /** 403: a shared read whose share was revoked or has expired → /deny?revoked=true. */
  shareRevoked: 'SHARE_REVOKED',
  /** 404: no share of this booking key has that id. */
  shareNotFound: 'SHARE_NOT_FOUND',
  /** 422: a RESULT share names an appointment of another key, or none. */
  shareAppointmentInvalid: 'SHARE_APPOINTMENT_INVALID',
  /**
   * 429: too many failed identity checks (patient matches count with sign-ins) on the key or
   * from the address → /deny?maxAttempts=true&message=max_attempts_reached_results.
   */
  maxAttemptsReached: 'MAX_ATTEMPTS_REACHED',
  /** 409 (integration): a result is released only for a COMPLETED appointment. */
  appointmentNotCompleted: 'APPOINTMENT_NOT_COMPLETED',
} as const;

/** The translation keys the web shows for them (spec 2 §5, §8). */
export const resultsMessages = {
  patientMatchingError: 'message.patient_matching_error',
  invalidContactDetails: 'invalid_contact_details',
  resultsShared: 'message.results_shared',
  maxAttemptsReachedResults: 'max_attempts_reached_results',
  maxAttemptsReachedShared: 'max_attempts_reached_shared',
} as const;

/** Spec 2 §5, §9: an optional plus sign, then 9 to 15 digits. */
export const sharePhonePattern = /^\+?[0-9]{9,15}$/;
/** Spec 2 §5: a contact of exactly 10 digits is a phone number, not an e-mail. */
export const tenDigitPattern = /^[0-9]{10}$/;
/** A plain e-mail check for the browser; the server checks with zod's e-mail rule. */
export const shareEmailPattern = /^[^\s@]+@[^\s@]+\.[^\s@]+$/;

export const shareContactNameMaxLength = 100;
/** The default of shareNoteMaxLength (configurable in config/patient-portal.json, results). */
export const shareNoteDefaultMaxLength = 150;

export const shareTypes = ['RESULT', 'HISTORY'] as const;
export type ShareType = (typeof shareTypes)[number];
export const shareContactDetailsTypes = ['EMAIL', 'PHONE'] as const;
export type ShareContactDetailsType = (typeof shareContactDetailsTypes)[number];

/** Spaces, dots, dashes and brackets people type in phone numbers; removed before the check. */
export const normalizeSharePhone = (contact: string) => contact.trim().replace(/[\s().-]/g, '');

/**
 * The type a contact is sent as (spec 2 §5): an e-mail is EMAIL, anything else PHONE; null when
 * it is neither a valid e-mail nor (with SMS sharing enabled) a valid phone.
 */
export function shareContactType(
  contact: string,
  smsEnabled: boolean,
): ShareContactDetailsType | null {
  const trimmed = contact.trim();
  if (!tenDigitPattern.test(trimmed) && shareEmailPattern.test(trimmed)) return 'EMAIL';
  if (smsEnabled && sharePhonePattern.test(normalizeSharePhone(trimmed))) return 'PHONE';
  return null;
}
