import { bookingErrorCodes, patientPortalErrorCodes } from '@portal/contract';
import { isApiError } from '../../../lib/api-client.ts';
import { isReadOnlyRefusal, readOnlyRefusal } from '../../../lib/read-only.ts';
import { type Refusal, walkInRefusal } from './manage-rules.ts';

/**
 * What a refused move means for the reschedule page (docs/product/patient-portal.md#reschedule),
 * apart from React and from the times it offers (reschedule-rules.ts): read by the confirm modal,
 * which makes the move. Refusals use the specification's message keys, as the appointment page's
 * "Change time" does (manage-rules.ts).
 */

/** What a failed move call means for the page. */
export type MoveFailure =
  /** Someone took the time first, or it is no longer offered: say so, list the times again. */
  | { kind: 'taken' }
  /** The appointment cannot be moved online now: say why, with a way back. */
  | { kind: 'refused'; refusal: Refusal }
  /** Anything else (network, 5xx): the patient may try again. */
  | { kind: 'failed' };

const lostTime = new Set<string>([
  bookingErrorCodes.slotUnavailable,
  bookingErrorCodes.slotNotOffered,
  bookingErrorCodes.slotInPast,
]);

/** The failure of POST .../reschedule or .../change; `priorMinutes` from the change-status answer. */
export function moveFailure(error: unknown, priorMinutes: number | undefined): MoveFailure {
  if (!isApiError(error)) return { kind: 'failed' };
  if (lostTime.has(error.code)) return { kind: 'taken' };
  if (isReadOnlyRefusal(error)) return { kind: 'refused', refusal: readOnlyRefusal };
  const title = patientPortalErrorCodes.rescheduleNotAllowed;
  switch (error.code) {
    case patientPortalErrorCodes.reschedulePriorMinutes:
      return {
        kind: 'refused',
        refusal: {
          title,
          message: error.code,
          ...(priorMinutes === undefined ? {} : { priorMinutes }),
        },
      };
    case patientPortalErrorCodes.rescheduleCancelled:
    case patientPortalErrorCodes.appointmentNotActive:
      return {
        kind: 'refused',
        refusal: { title, message: patientPortalErrorCodes.rescheduleCancelled },
      };
    case patientPortalErrorCodes.rescheduleWalkIn:
      return { kind: 'refused', refusal: walkInRefusal };
    case patientPortalErrorCodes.rescheduleNotAllowed:
      return {
        kind: 'refused',
        refusal: { title, message: 'message.reschedule_not_allowed_message' },
      };
    default:
      return { kind: 'failed' };
  }
}
