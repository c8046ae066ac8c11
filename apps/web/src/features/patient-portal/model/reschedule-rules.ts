import type { AppointmentSummary, Slot } from '@portal/contract';

/**
 * The reschedule page's rules (docs/product/patient-portal.md#reschedule), apart from React:
 * which times it offers. What a refused move means is in move-failure.ts, with the move.
 */

/**
 * The times a patient may move to: real slots of the clinic in view (an enquiry window books a
 * request, not an appointment), never the appointment's own time at its own clinic.
 */
export function movableSlots(
  slots: readonly Slot[],
  clinicSlug: string,
  appointment: Pick<AppointmentSummary, 'startsAt' | 'clinic'>,
): Slot[] {
  const own = new Date(appointment.startsAt).getTime();
  return slots.filter(
    (slot) =>
      !slot.enquiry &&
      slot.clinicSlug === clinicSlug &&
      !(slot.clinicSlug === appointment.clinic.slug && new Date(slot.start).getTime() === own),
  );
}
