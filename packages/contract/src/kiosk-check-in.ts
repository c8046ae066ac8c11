import { z } from 'zod';
import { instantSchema } from './availability.ts';
import { bookingKeySchema } from './booking.ts';
import { checkInStateSchema, checkInWindows } from './check-in.ts';
import { type KioskDisabledReason, kioskDisabledReasons } from './kiosk-check-in-codes.ts';

/**
 * Kiosk check-in (docs/product/kiosk.md#check-in, spec 2 §4): the patient at the clinic's
 * tablet gives their last name and date of birth, signs in with the usual booking-key sign-in
 * (an OTP on the kiosk's screen when required), and checks in today's appointment.
 *
 * Kiosk (the request carries the kiosk identity cookies, naming the device):
 *   POST /api/kiosk/identity_check                                   kioskIdentityCheckRequestSchema → kioskIdentityCheckResponseSchema
 * Patient (session of type APPOINTMENT for the booking key, opened at the kiosk):
 *   GET  /api/secured/appointments/{bookingKey}/kiosk_appointments   → kioskAppointmentsResponseSchema
 *
 * The plain values (identity cookies, steps, disabled reasons) are in kiosk-check-in-codes.ts,
 * re-exported here: a page importing one of them from the index gets that module alone, not this
 * one's schemas (the contract is sideEffects: false).
 */
export {
  type KioskCheckInStep,
  type KioskDisabledReason,
  kioskCheckInSteps,
  kioskDeviceIdCookieName,
  kioskDisabledReasons,
  kioskIdentityCookieName,
  kioskNameMaxLength,
  kioskNotIdentifiedErrorCode,
} from './kiosk-check-in-codes.ts';

// Here rather than beside the reasons: Object.values() is a call the bundler keeps, in every
// page that imports the plain values.
export const kioskDisabledReasonValues = Object.values(kioskDisabledReasons) as [
  KioskDisabledReason,
  ...KioskDisabledReason[],
];
export const kioskDisabledReasonSchema = z.enum(kioskDisabledReasonValues);

/** POST /api/kiosk/identity_check */
export const kioskIdentityCheckRequestSchema = z.object({
  /** Compared without regard to case, accents, spaces, hyphens and apostrophes. */
  lastName: z.string().trim().min(1).max(100),
  dateOfBirth: z.iso.date(),
});

/**
 * The answer. No match and a wrong date answer alike (no keys, no reason). With more than one
 * booking key, or more than one patient, no key is given out: the reason sends the patient to
 * the front desk.
 */
export const kioskIdentityCheckResponseSchema = z.object({
  /** The one booking key booked for today, or none. */
  appointmentBookingKeys: z.array(bookingKeySchema),
  /** Every appointment matched belongs to one patient record. */
  samePatient: z.boolean(),
  /** The feedback questionnaire of this booking is answered (or none applies). */
  feedbackQuestionnaireAnswered: z.boolean(),
  disabledReason: kioskDisabledReasonSchema.nullable(),
  /** Past the attempt limits (per kiosk device, per address): the kiosk says so and starts over. */
  maxAttemptsReached: z.boolean(),
});

/** One of today's appointments as the kiosk shows it. */
export const kioskAppointmentSchema = z.object({
  id: z.uuid(),
  startsAt: instantSchema,
  timeZone: z.string(),
  examName: z.string(),
  clinicName: z.string(),
  /** Whether this appointment can be checked in now (enabled, in its window, ready, not yet). */
  canCheckIn: z.boolean(),
  window: z.enum(checkInWindows),
  /** The check-in already made, if any. */
  checkInState: checkInStateSchema.nullable(),
});

/** GET /api/secured/appointments/{bookingKey}/kiosk_appointments (the reload of appointments). */
export const kioskAppointmentsResponseSchema = z.object({
  /** Today's (clinic-local) booked appointments of the key, earliest first. */
  appointments: z.array(kioskAppointmentSchema),
  feedbackQuestionnaireAnswered: z.boolean(),
  /** A FEEDBACK questionnaire applies and is unanswered (the FEEDBACK step). */
  feedbackDue: z.boolean(),
  /** Null when at least one appointment can be checked in, or feedback is due. */
  disabledReason: kioskDisabledReasonSchema.nullable(),
});

export const kioskBookingKeyParamsSchema = z.object({ bookingKey: bookingKeySchema });

export type KioskIdentityCheckRequest = z.infer<typeof kioskIdentityCheckRequestSchema>;
export type KioskIdentityCheckResponse = z.infer<typeof kioskIdentityCheckResponseSchema>;
export type KioskAppointment = z.infer<typeof kioskAppointmentSchema>;
export type KioskAppointmentsResponse = z.infer<typeof kioskAppointmentsResponseSchema>;
