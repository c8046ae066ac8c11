import type {
  AuthenticationResponse,
  CheckInStatusResponse,
  KioskAppointmentsResponse,
  KioskDisabledReason,
  KioskIdentityCheckResponse,
} from '@portal/contract';
import { kioskCheckInErrors } from './kiosk-steps.ts';

/**
 * The step machine of the kiosk check-in's answers (spec 2 §4): what each server answer leads
 * to. It loads with the screens after the name (routes/check-in-later-steps.ts); the steps
 * themselves, which the first screen needs, are in kiosk-steps.ts.
 */
export {
  type KioskStep,
  kioskCheckInErrors,
  resultScreenSeconds,
  stepOf,
} from './kiosk-steps.ts';

/** What comes next, and with what. */
export type Next =
  | { step: 'ERROR'; reason: string; retry: boolean }
  | { step: 'SIGN_IN'; bookingKey: string }
  | { step: 'VERIFY_OTP' }
  | { step: 'RELOAD' }
  | { step: 'CONFIRM' }
  | { step: 'FEEDBACK' }
  | { step: 'SUCCESS'; delivered: boolean }
  | { step: 'POLL' };

const error = (reason: string, retry = false): Next => ({ step: 'ERROR', reason, retry });

/** Step 1 (identity check): one booking key signs in; none, several, or a reason is an error. */
export function afterIdentityCheck(answer: KioskIdentityCheckResponse): Next {
  if (answer.maxAttemptsReached) return error(kioskCheckInErrors.maxAttempts);
  if (answer.disabledReason) return error(answer.disabledReason);
  const [bookingKey, ...others] = answer.appointmentBookingKeys;
  if (bookingKey === undefined) return error(kioskCheckInErrors.notFound, true);
  // More than one booking key is an error (spec 2 §4); the server gives out none then.
  // The contract's key, checked by type only: its kioskDisabledReasons object would load with
  // the first screen (the contract module is shared with the kiosk identity).
  if (others.length > 0) {
    return error('kiosk_check_in.disabled.multiple_bookings' satisfies KioskDisabledReason);
  }
  return { step: 'SIGN_IN', bookingKey };
}

/** Step 2: the sign-in asks for the OTP when the provider requires it. */
export function afterSignIn(answer: AuthenticationResponse): Next {
  if (answer.maxAttemptsReached) return error(kioskCheckInErrors.maxAttempts);
  if (!answer.success) return error(kioskCheckInErrors.notFound, true);
  return answer.otpRequired ? { step: 'VERIFY_OTP' } : { step: 'RELOAD' };
}

/** Step 3: CONFIRM when something can be checked in, FEEDBACK when due, otherwise ERROR. */
export function afterReload(answer: KioskAppointmentsResponse): Next {
  if (answer.appointments.some((appointment) => appointment.canCheckIn)) return { step: 'CONFIRM' };
  if (answer.feedbackDue) return { step: 'FEEDBACK' };
  return error(answer.disabledReason ?? kioskCheckInErrors.unknown);
}

/** Step 4: delivered is SUCCESS, failed is ERROR, only sent (queued) is polled. */
export function afterCheckIn(status: CheckInStatusResponse): Next {
  const state = status.checkIn?.state;
  if (state === 'DELIVERED') return { step: 'SUCCESS', delivered: true };
  if (state === 'FAILED' || state === undefined) return error(kioskCheckInErrors.failed);
  return { step: 'POLL' };
}

/** Polling while only sent: at most this many reads, this far apart. */
export const pollAttempts = 8;
export const pollIntervalMs = 1500;

/**
 * Past the last poll a check-in still queued is stored and on its way to the clinic (the outbox
 * delivers it): the patient is told it was received rather than kept waiting.
 */
export function afterPolling(status: CheckInStatusResponse, attempt: number): Next {
  const next = afterCheckIn(status);
  if (next.step === 'POLL' && attempt >= pollAttempts) return { step: 'SUCCESS', delivered: false };
  return next;
}
