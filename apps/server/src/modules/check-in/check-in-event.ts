import { type CheckInEventData, checkInSubmittedEventType } from '@portal/contract';
import type { NewOutboxMessage } from '../notifications/index.ts';
import type { CheckInAppointment, CheckInRecordRow, NewCheckIn } from './check-in.repository.ts';

/**
 * What the provider's systems are told of a check-in (docs/product/check-in.md#webhook): enough
 * for a RIS to find the appointment, mark the patient arrived and bill the exam (referrer,
 * referral date, Medicare number and IRN); not the patient's contact details or notes, which
 * it has already.
 */
export function checkInEventData(
  checkIn: NewCheckIn | CheckInRecordRow,
  appointment: CheckInAppointment,
): CheckInEventData {
  return {
    checkInId: checkIn.id,
    appointmentId: appointment.id,
    bookingKey: appointment.bookingKey,
    submittedAt: checkIn.submittedAt.toISOString(),
    channel: checkIn.channel,
    kioskDeviceName: checkIn.kioskDeviceName,
    appointment: {
      start: appointment.startsAt.toISOString(),
      timeZone: appointment.timeZone,
      exam: {
        slug: appointment.examSlug,
        name: appointment.examName,
        examCode: appointment.examCode,
      },
      clinic: { slug: appointment.clinicSlug, name: appointment.clinicName },
    },
    patient: {
      firstName: appointment.patient.firstName,
      lastName: appointment.patient.lastName,
      dateOfBirth: appointment.patient.dateOfBirth,
    },
    referral:
      checkIn.referrer && checkIn.dateOfReferral
        ? { referrer: checkIn.referrer, dateOfReferral: checkIn.dateOfReferral }
        : null,
    medicare:
      checkIn.medicareNumber && checkIn.medicareIrn
        ? { number: checkIn.medicareNumber, irn: checkIn.medicareIrn }
        : null,
    gender: checkIn.gender,
  };
}

/**
 * The check-in's event as an outbox message: its data stored as submitted, so every retry sends
 * the same bytes. `recipient` names the endpoint (CHECK_IN_WEBHOOK_URL), not a person.
 */
export function checkInEventMessage(data: CheckInEventData): NewOutboxMessage {
  return {
    channel: 'WEBHOOK',
    template: 'CHECK_IN_SUBMITTED',
    recipient: 'check-in-webhook',
    subject: checkInSubmittedEventType,
    // Indented for the development outbox; the webhook's body is serialized again when sent.
    bodyText: JSON.stringify(data, null, 2),
    bodyHtml: null,
  };
}
