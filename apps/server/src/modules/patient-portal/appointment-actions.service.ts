import type {
  AppointmentChange,
  CanChangeStatusResponse,
  CancelAppointmentResponse,
  CancelRequest,
  ChangeAppointmentRequest,
  ConfirmAppointmentResponse,
  PatientPortalConfig,
} from '@portal/contract';
import { patientPortalErrorCodes } from '@portal/contract';
import type { Clock } from '../../adapters/clock.ts';
import { DomainError } from '../../domain-error.ts';
import type { RequestContext } from '../audit/index.ts';
import type { AppointmentChangesService, ManagedAppointment } from '../booking/index.ts';
import { appointmentCalendar } from './calendar-files.ts';
import { assertMayCancel, assertMayMove, changeStatus } from './change-windows.ts';

/** 422: a cancel reason the provider does not offer. */
export class UnknownCancelReasonError extends DomainError {
  readonly statusCode = 422;
  readonly code = patientPortalErrorCodes.unknownCancelReason;
}

export type QuestionnaireApplies = (
  bookingKey: string,
  appointmentId: string,
  type: 'CANCEL_APPOINTMENT_PATIENT' | 'DECLINE_APPOINTMENT',
) => Promise<boolean>;

export interface AppointmentActionsDeps {
  changes: AppointmentChangesService;
  settings: PatientPortalConfig;
  clock: Clock;
  /** Whether an unanswered questionnaire of the type applies (createAppointmentQuestionnaireCheck). */
  questionnaireApplies: QuestionnaireApplies;
  publicUrl: string;
  providerName: string;
}

/**
 * What a signed-in patient may do with an appointment of their key
 * (docs/product/patient-portal.md#manage): the change windows are decided
 * here (change-windows.ts) and re-checked by booking on the locked row.
 */
export function createAppointmentActionsService(deps: AppointmentActionsDeps) {
  const { changes, settings, clock } = deps;

  function words(request: CancelRequest) {
    if (request.reason !== null && !settings.cancelReasons.includes(request.reason)) {
      throw new UnknownCancelReasonError(`"${request.reason}" is not one of the cancel reasons.`);
    }
    return { reason: request.reason, note: request.note || null };
  }

  /** The rules on the appointment as read, then again on it locked (booking's move). */
  function move(
    appointment: ManagedAppointment,
    change: 'RESCHEDULE' | 'CHANGE',
    target: ChangeAppointmentRequest,
    context: RequestContext,
  ) {
    assertMayMove(settings, appointment, change, clock.now());
    return changes.move({
      bookingKey: appointment.bookingKey,
      appointmentId: appointment.id,
      ...target,
      check: (locked, now) => assertMayMove(settings, locked, change, now),
      context,
    });
  }

  return {
    async canChange(
      bookingKey: string,
      appointmentId: string,
      change: AppointmentChange,
    ): Promise<CanChangeStatusResponse> {
      const appointment = await changes.find(bookingKey, appointmentId);
      return changeStatus(settings, appointment, change, clock.now());
    },

    /** docs/product/patient-portal.md#the-rules-of-change (cancel), after the patient confirmed the reason modal. */
    async cancel(
      bookingKey: string,
      appointmentId: string,
      request: CancelRequest,
      context: RequestContext,
    ): Promise<CancelAppointmentResponse> {
      const said = words(request);
      const appointment = await changes.find(bookingKey, appointmentId);
      const now = clock.now();
      assertMayCancel(settings, appointment, now);
      const wish = { bookingKey, appointmentId, words: said, context };
      if (changeStatus(settings, appointment, 'CANCEL', now).reason === 'ENQUIRE_ONLY') {
        await changes.recordCancelWish({ ...wish, askClinic: true });
        return {
          outcome: 'REQUESTED',
          appointmentStatus: appointment.status,
          questionnaireType: null,
        };
      }
      if (
        await deps.questionnaireApplies(bookingKey, appointmentId, 'CANCEL_APPOINTMENT_PATIENT')
      ) {
        await changes.recordCancelWish({ ...wish, askClinic: false });
        return {
          outcome: 'QUESTIONNAIRE_REQUIRED',
          appointmentStatus: appointment.status,
          questionnaireType: 'CANCEL_APPOINTMENT_PATIENT',
        };
      }
      await changes.cancel({
        ...wish,
        check: (locked, at) => assertMayCancel(settings, locked, at),
      });
      return { outcome: 'CANCELED', appointmentStatus: 'CANCELED', questionnaireType: null };
    },

    async confirm(
      bookingKey: string,
      appointmentId: string,
      context: RequestContext,
    ): Promise<ConfirmAppointmentResponse> {
      const confirmedAt = await changes.confirm({ bookingKey, appointmentId, context });
      return { appointmentStatus: 'BOOKED', confirmedAt: confirmedAt.toISOString() };
    },

    /** Another time for the same exam at the same clinic. */
    async reschedule(
      bookingKey: string,
      appointmentId: string,
      start: string,
      context: RequestContext,
    ) {
      const appointment = await changes.find(bookingKey, appointmentId);
      return move(
        appointment,
        'RESCHEDULE',
        { examSlug: appointment.exam.slug, clinicSlug: appointment.clinic.slug, start },
        context,
      );
    },

    /** Another exam and/or clinic. */
    async change(
      bookingKey: string,
      appointmentId: string,
      target: ChangeAppointmentRequest,
      context: RequestContext,
    ) {
      return move(await changes.find(bookingKey, appointmentId), 'CHANGE', target, context);
    },

    async cancelBookingRequest(
      bookingKey: string,
      request: CancelRequest,
      context: RequestContext,
    ) {
      await changes.cancelBookingRequest({ bookingKey, words: words(request), context });
      return { status: 'CANCELED' as const };
    },

    /**
     * The appointment's calendar file; a moved one gives its replacement's
     * (same UID, later SEQUENCE), so a stale link still updates the calendar.
     */
    async calendarFile(bookingKey: string, appointmentId: string): Promise<string> {
      let appointment: ManagedAppointment = await changes.find(bookingKey, appointmentId);
      for (let hops = 0; appointment.replacedBy && hops < 20; hops++) {
        appointment = await changes.find(bookingKey, appointment.replacedBy);
      }
      return appointmentCalendar(appointment, deps, clock.now());
    },
  };
}

export type AppointmentActionsService = ReturnType<typeof createAppointmentActionsService>;
