import type { KioskAppointment, KioskCheckInStep } from '@portal/contract';
import { kioskCheckInSteps } from '@portal/contract';

/**
 * The kiosk check-in's steps (docs/product/kiosk.md#check-in, spec 2 §4). The spec's six live
 * in the URL's `step`; before them the patient answers two questions, one per screen
 * (LAST_NAME, DATE_OF_BIRTH). What the patient typed and what the server answered stay in the
 * page's memory only, never in the URL or storage.
 */
export type KioskStep = 'LAST_NAME' | 'DATE_OF_BIRTH' | KioskCheckInStep;

const allSteps: readonly string[] = ['LAST_NAME', 'DATE_OF_BIRTH', ...kioskCheckInSteps];

/** The step of a `step` query value; the first question when absent or unknown. */
export function stepOf(value: string | null): KioskStep {
  return value !== null && allSteps.includes(value) ? (value as KioskStep) : 'LAST_NAME';
}

/** Why the kiosk shows the ERROR step: a translation key. */
export const kioskCheckInErrors = {
  notFound: 'kiosk_check_in.error.not_found',
  maxAttempts: 'kiosk_check_in.error.max_attempts',
  failed: 'kiosk_check_in.error.failed',
  unknown: 'kiosk_check_in.error.unknown',
} as const;

/** How long SUCCESS and ERROR stay before the kiosk returns to its start (COMPLETE). */
export const resultScreenSeconds = 20;

/** What the kiosk check-in page holds in memory only (never in the URL or storage). */
export interface KioskCheckInState {
  step: KioskStep;
  lastName: string;
  bookingKey: string | null;
  otpChannel: 'EMAIL' | 'SMS' | null;
  otpWrong: boolean;
  appointments: KioskAppointment[];
  /** The ERROR step's reason (a translation key) and whether the patient may try again. */
  reason: string | null;
  retry: boolean;
  /** SUCCESS: delivered to the clinic, or stored and on its way. */
  delivered: boolean;
  busy: boolean;
}
