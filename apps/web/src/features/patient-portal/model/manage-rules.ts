import type { AppointmentSummary, CanChangeStatusResponse } from '@portal/contract';
import { patientPortalErrorCodes } from '@portal/contract';
import { isApiError } from '../../../lib/api-client.ts';
import { isReadOnlyRefusal, readOnlyRefusal } from '../../../lib/read-only.ts';

/**
 * The rules of the appointment page's actions (docs/product/patient-portal.md#manage), apart
 * from React so they read, and are tested, in one place.
 */

/** Appointments the patient may still act on. */
const actionable = new Set(['BOOKED', 'PENDING']);

/** An appointment another one replaced (RESCHEDULED, CHANGED) is history, not shown as current. */
export const currentAppointments = <T extends Pick<AppointmentSummary, 'replacedBy'>>(
  appointments: readonly T[],
): T[] => appointments.filter((appointment) => !appointment.replacedBy);

export const hasActions = (appointment: Pick<AppointmentSummary, 'status'>) =>
  actionable.has(appointment.status);

/** Confirm attendance: a BOOKED appointment not confirmed yet. */
export const mayConfirm = (appointment: Pick<AppointmentSummary, 'status' | 'confirmedAt'>) =>
  appointment.status === 'BOOKED' && !appointment.confirmedAt;

/**
 * A length of time as the patient reads it: whole days from two days up ("14 days"), whole
 * hours from two hours up ("24 hours", "36 hours"), else minutes. Written with the
 * `patient_portal.period.*` plurals.
 */
export function periodOf(minutes: number): { key: 'days' | 'hours' | 'minutes'; count: number } {
  if (minutes >= 2880 && minutes % 1440 === 0) return { key: 'days', count: minutes / 1440 };
  if (minutes >= 120 && minutes % 60 === 0) return { key: 'hours', count: minutes / 60 };
  return { key: 'minutes', count: minutes };
}

/** A refusal the page explains: its message key and, for a window, the window's length. */
export interface Refusal {
  title: string;
  message: string;
  priorMinutes?: number;
}

/** Why "Change time" is refused (docs/product/patient-portal.md#manage): the reason's own message, else the default. */
export function rescheduleRefusal(status: CanChangeStatusResponse): Refusal {
  const title = patientPortalErrorCodes.rescheduleNotAllowed;
  if (status.reason === 'APPOINTMENT_CANCELLED') {
    return { title, message: patientPortalErrorCodes.rescheduleCancelled };
  }
  if (status.reason === 'PRIOR_MINUTES') {
    return {
      title,
      message: patientPortalErrorCodes.reschedulePriorMinutes,
      priorMinutes: status.priorMinutes,
    };
  }
  return { title, message: 'message.reschedule_not_allowed_message' };
}

/** A walk-in exam is not moved online unless the provider allows it. */
export const walkInRefusal: Refusal = {
  title: patientPortalErrorCodes.rescheduleNotAllowed,
  message: patientPortalErrorCodes.rescheduleWalkIn,
};

/** The title of a refused cancel's error modal. */
export const cancelRefusalTitle = 'patient_portal.cancel.refused_title';

/** Why a cancel is refused, before the modal (change-status) or by the cancel call (409). */
export function cancelRefusal(status: CanChangeStatusResponse): Refusal {
  return status.reason === 'PRIOR_MINUTES'
    ? {
        title: cancelRefusalTitle,
        message: patientPortalErrorCodes.cancelPriorMinutes,
        priorMinutes: status.priorMinutes,
      }
    : { title: cancelRefusalTitle, message: patientPortalErrorCodes.cancelNotAllowed };
}

/** The modal opens when the change is allowed, or is a request to the clinic (ENQUIRE_ONLY). */
export const mayOpenCancel = (status: CanChangeStatusResponse) =>
  status.canChange || status.reason === 'ENQUIRE_ONLY';

/**
 * The refusal of a failed cancel call: the server's 409 codes are the specification's keys;
 * the window's length comes from the change-status answer the modal opened on; read-only mode
 * says so (decision 036). Anything else is a generic failure (null).
 */
export function cancelErrorRefusal(error: unknown, priorMinutes: number): Refusal | null {
  if (!isApiError(error)) return null;
  if (isReadOnlyRefusal(error)) return readOnlyRefusal;
  if (error.code === patientPortalErrorCodes.cancelPriorMinutes) {
    return { title: cancelRefusalTitle, message: error.code, priorMinutes };
  }
  if (
    error.code === patientPortalErrorCodes.cancelNotAllowed ||
    error.code === patientPortalErrorCodes.appointmentNotActive
  ) {
    return { title: cancelRefusalTitle, message: patientPortalErrorCodes.cancelNotAllowed };
  }
  return null;
}

/** Google Maps directions to a point (no key needed); null without coordinates. */
export function directionsUrl(clinic: {
  latitude?: number | null | undefined;
  longitude?: number | null | undefined;
}): string | null {
  if (typeof clinic.latitude !== 'number' || typeof clinic.longitude !== 'number') return null;
  return `https://www.google.com/maps/dir/?api=1&destination=${clinic.latitude}%2C${clinic.longitude}`;
}

/** A tel: link for a written phone number: digits and a leading +. */
export const telHref = (phone: string) => `tel:${phone.replace(/(?!^\+)[^\d]/g, '')}`;

/**
 * The CANCEL_APPOINTMENT_PATIENT questionnaire for one appointment; saving it cancels the
 * appointment, and both saving and closing come back to the appointment page (docs/product/patient-portal.md#manage).
 */
export function cancelQuestionnairePath(bookingKey: string, appointmentId: string): string {
  const query = new URLSearchParams({
    bookingKey,
    type: 'CANCEL_APPOINTMENT_PATIENT',
    appointmentId,
    redirectUrl: `/appointments/${bookingKey}`,
  });
  return `/questionnaires?${query.toString()}`;
}

/** The reschedule page (docs/product/patient-portal.md#manage). */
export const reschedulePath = (bookingKey: string, appointmentId: string) =>
  `/appointments/${encodeURIComponent(bookingKey)}/reschedule/${encodeURIComponent(appointmentId)}`;
