import type { AppointmentsSummaryResponse, BookingRequestSummaryResponse } from '@portal/contract';
import { NotFoundError } from '../../domain-error.ts';
import { formatClinicTime, timedPreparation } from '../availability/index.ts';
import type { AppointmentOfKey } from '../booking/index.ts';
import type { QuestionnaireApplies } from './appointment-actions.service.ts';
import { clinicAddressLine } from './clinic-address.ts';
import type { PatientPortalStore } from './patient-portal-store.ts';

/** BOOKED while any appointment is booked, else PENDING while any waits, else the first one's. */
function overallStatus(statuses: string[]): string {
  if (statuses.includes('BOOKED')) return 'BOOKED';
  if (statuses.includes('PENDING')) return 'PENDING';
  return statuses[0] ?? 'UNKNOWN';
}

/**
 * Read-only summaries of what a booking key names (docs/product/patient-portal.md; actions
 * are planned).
 */
export function createPatientPortalService(deps: {
  store: Pick<PatientPortalStore, 'listAppointmentsOfKey' | 'findBookingRequestOfKey'>;
  /** Whether an unanswered questionnaire of the type applies (createAppointmentQuestionnaireCheck). */
  questionnaireApplies: QuestionnaireApplies;
}) {
  const { store } = deps;
  /** An offer (pending, or booked by staff) that a DECLINE_APPOINTMENT questionnaire applies to. */
  const declinable = async (bookingKey: string, appointment: AppointmentOfKey) =>
    (appointment.status === 'PENDING' ||
      (appointment.status === 'BOOKED' && appointment.staffBooking)) &&
    (await deps.questionnaireApplies(bookingKey, appointment.id, 'DECLINE_APPOINTMENT'));
  return {
    async appointments(bookingKey: string): Promise<AppointmentsSummaryResponse> {
      const appointments = await store.listAppointmentsOfKey(bookingKey);
      const first = appointments[0];
      if (!first) throw new NotFoundError('There are no appointments for this booking.');
      return {
        bookingKey,
        status: overallStatus(appointments.map((appointment) => appointment.status)),
        patient: first.patient,
        appointments: await Promise.all(
          appointments.map(async (appointment) => {
            const { id, status, startsAt, endsAt, exam, clinic } = appointment;
            return {
              id,
              status,
              startsAt: formatClinicTime(startsAt, clinic.timeZone),
              endsAt: formatClinicTime(endsAt, clinic.timeZone),
              timeZone: clinic.timeZone,
              exam: {
                slug: exam.slug,
                name: exam.name,
                modalityName: exam.modalityName,
                ...(exam.prepInstructions ? { prepInstructions: exam.prepInstructions } : {}),
                walkIn: exam.walkIn,
              },
              clinic: {
                id: clinic.id,
                slug: clinic.slug,
                name: clinic.name,
                address: clinicAddressLine(clinic),
                timeZone: clinic.timeZone,
                latitude: clinic.latitude,
                longitude: clinic.longitude,
                phone: clinic.phone,
              },
              confirmedAt: appointment.confirmedAt?.toISOString() ?? null,
              replacedBy: appointment.replacedBy,
              preparation: timedPreparation(exam.preparationSteps, startsAt, clinic.timeZone),
              declinable: await declinable(bookingKey, appointment),
            };
          }),
        ),
      };
    },

    async bookingRequest(bookingKey: string): Promise<BookingRequestSummaryResponse> {
      const request = await store.findBookingRequestOfKey(bookingKey);
      if (!request) throw new NotFoundError('There is no booking request for this booking.');
      const { clinic, preferredStart } = request;
      return {
        bookingKey,
        status: request.status,
        createdAt: request.createdAt.toISOString(),
        preferredStart: preferredStart
          ? clinic
            ? formatClinicTime(preferredStart, clinic.timeZone)
            : preferredStart.toISOString()
          : null,
        patient: request.patient,
        exams: request.exams.map(({ slug, name, modalityName }) => ({ slug, name, modalityName })),
        clinic: clinic
          ? {
              id: clinic.id,
              name: clinic.name,
              address: clinicAddressLine(clinic),
              timeZone: clinic.timeZone,
            }
          : null,
        patientNotes: request.patientNotes,
        cancellable: request.status === 'RECEIVED' || request.status === 'CONTACTED',
      };
    },
  };
}

export type PatientPortalService = ReturnType<typeof createPatientPortalService>;
