import type { AppointmentOfKey, BookingRequestOfKey } from '../booking/index.ts';
import type { AttachmentRecord } from './attachments.repository.ts';

/**
 * Which appointment or booking request a document belongs to, and whether it may still change
 * (docs/product/attachments.md). A rescheduled or changed appointment is replaced by a new one
 * under the same key; its documents follow it to the appointment that replaced it.
 */
export type AttachmentOwner = 'appointment' | 'bookingRequest';

const openStatuses = new Set(['BOOKED', 'PENDING']);
const openRequestStatuses = new Set(['RECEIVED', 'CONTACTED']);

export const isOpenAppointment = (appointment: AppointmentOfKey) =>
  appointment.replacedBy === null && openStatuses.has(appointment.status);

export const isOpenBookingRequest = (request: BookingRequestOfKey) =>
  openRequestStatuses.has(request.status);

/** The appointment each of a key's appointments ended up as (itself unless replaced). */
export function currentAppointmentIds(appointments: AppointmentOfKey[]): Map<string, string> {
  const byId = new Map(appointments.map((appointment) => [appointment.id, appointment]));
  const current = new Map<string, string>();
  for (const appointment of appointments) {
    let at = appointment;
    // A chain of replacements is short; the bound guards against a cycle in bad data.
    for (let step = 0; at.replacedBy !== null && step < 50; step += 1) {
      const next = byId.get(at.replacedBy);
      if (!next) break;
      at = next;
    }
    current.set(appointment.id, at.id);
  }
  return current;
}

/** Whether an attachment is filed where the route asked (an appointment's, or the request's). */
export const belongsTo = (attachment: AttachmentRecord, owner: AttachmentOwner) =>
  owner === 'appointment'
    ? attachment.appointmentId !== null
    : attachment.bookingRequestId !== null;
