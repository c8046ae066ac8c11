import type { SupportedLocale } from '@portal/contract';
import type { Clock } from '../../adapters/clock.ts';
import { NotFoundError } from '../../domain-error.ts';
import { bookingNoticeMessages, clinicRequestMessage } from '../notifications/index.ts';
import type { ManagedAppointment } from './appointment-changes.repository.ts';
import { requireBookableSlot, slotTakenError } from './bookable-slot.ts';
import { AppointmentNotActiveError, BookingRequestNotActiveError } from './booking.errors.ts';
import { clinicWallTime } from './booking-format.ts';
import type { AuditEvent, BookingStore, RequestContext } from './booking-store.ts';
import type { OfferedSlotFinder } from './offered-slot.ts';

/** What the patient said when cancelling (validated against the configuration by the caller). */
export interface CancelWords {
  reason: string | null;
  note: string | null;
}

/**
 * Re-checks a change on the appointment as locked in the transaction (the
 * caller's rules, e.g. the prior-minutes window): throws to refuse it.
 */
export type ChangeCheck = (appointment: ManagedAppointment, now: Date) => void;

export interface AppointmentChangesDeps {
  store: BookingStore;
  slots: OfferedSlotFinder;
  clock: Clock;
  publicUrl: string;
  providerName: string;
  /** The provider's default locale (jsLocale): messages of a patient whose locale is unknown. */
  defaultLocale: SupportedLocale;
}

const active = (appointment: ManagedAppointment) =>
  appointment.status === 'BOOKED' || appointment.status === 'PENDING';

/** An audit event of the patient's change to an appointment, in the change's transaction. */
function auditByPatient(
  tx: BookingStore,
  action: string,
  appointmentId: string,
  context: RequestContext,
  now: Date,
  details?: AuditEvent['details'],
) {
  return tx.insertAuditEvent(
    {
      actor: 'patient',
      action,
      subjectType: 'appointment',
      subjectId: appointmentId,
      ...context,
      ...(details ? { details } : {}),
    },
    now,
  );
}

/**
 * Changes to what a patient booked, each in one transaction with its audit
 * event and messages (docs/product/patient-portal.md#manage). Who may make
 * them, and when, is the caller's (the patient portal's change windows),
 * re-checked here on the locked appointment.
 */
export function createAppointmentChangesService(deps: AppointmentChangesDeps) {
  const { store, slots, clock, publicUrl, providerName, defaultLocale } = deps;
  const link = (bookingKey: string) => `${publicUrl}/appointments/${bookingKey}`;
  const line = (exam: string, clinic: string, start: Date, timeZone: string) =>
    `${exam}, ${clinic}, ${clinicWallTime(start, timeZone)}`;

  async function lockActive(
    tx: BookingStore,
    bookingKey: string,
    appointmentId: string,
    check: ChangeCheck | undefined,
    now: Date,
  ): Promise<ManagedAppointment> {
    const appointment = await tx.findManagedAppointment(bookingKey, appointmentId, true);
    if (!appointment) throw new NotFoundError('There is no such appointment for this booking.');
    if (!active(appointment)) {
      throw new AppointmentNotActiveError('This appointment can no longer be changed.');
    }
    check?.(appointment, now);
    return appointment;
  }

  function notice(
    appointment: ManagedAppointment,
    kind: 'APPOINTMENT_CANCELED' | 'APPOINTMENT_RESCHEDULED' | 'APPOINTMENT_CHANGED',
    lines: string[],
  ) {
    return bookingNoticeMessages(appointment.patient.locale ?? defaultLocale, {
      kind,
      providerName,
      firstName: appointment.patient.firstName,
      email: appointment.patient.email,
      contactNumber: appointment.patient.contactNumber,
      link: link(appointment.bookingKey),
      lines,
      calendarBookingKey: appointment.bookingKey,
    });
  }

  return {
    /** Every appointment of the key, earliest first (whatever its status). */
    listOfKey(bookingKey: string): Promise<ManagedAppointment[]> {
      return store.listManagedAppointments(bookingKey);
    },

    /** The appointment of this key (404 for an id of another key: ids are not secrets). */
    async find(bookingKey: string, appointmentId: string): Promise<ManagedAppointment> {
      const appointment = await store.findManagedAppointment(bookingKey, appointmentId);
      if (!appointment) throw new NotFoundError('There is no such appointment for this booking.');
      return appointment;
    },

    /** Cancels it now: the slot is offered again at once; the patient is told. */
    async cancel(input: {
      bookingKey: string;
      appointmentId: string;
      words: CancelWords;
      check?: ChangeCheck;
      context: RequestContext;
    }): Promise<void> {
      const now = clock.now();
      await store.transaction(async (tx) => {
        const appointment = await lockActive(
          tx,
          input.bookingKey,
          input.appointmentId,
          input.check,
          now,
        );
        await tx.recordCancelReason(appointment.id, input.words);
        await tx.endAppointment(appointment.id, 'CANCELED', now);
        await auditByPatient(
          tx,
          'appointment.canceled-by-patient',
          appointment.id,
          input.context,
          now,
          { reason: input.words.reason },
        );
        const { exam, clinic } = appointment;
        await tx.enqueueMessages(
          notice(appointment, 'APPOINTMENT_CANCELED', [
            line(exam.name, clinic.name, appointment.startsAt, clinic.timeZone),
          ]),
          now,
        );
      });
    },

    /**
     * Keeps what the patient said without cancelling: a questionnaire must be
     * answered first, or (`askClinic`) the clinic makes the change and is sent
     * the request.
     */
    async recordCancelWish(input: {
      bookingKey: string;
      appointmentId: string;
      words: CancelWords;
      askClinic: boolean;
      context: RequestContext;
    }): Promise<void> {
      const now = clock.now();
      await store.transaction(async (tx) => {
        const appointment = await lockActive(
          tx,
          input.bookingKey,
          input.appointmentId,
          undefined,
          now,
        );
        await tx.recordCancelReason(appointment.id, input.words);
        await auditByPatient(
          tx,
          input.askClinic
            ? 'appointment.cancel-requested'
            : 'appointment.cancel-awaits-questionnaire',
          appointment.id,
          input.context,
          now,
          { reason: input.words.reason },
        );
        if (!input.askClinic) return;
        const { exam, clinic } = appointment;
        const what = line(exam.name, clinic.name, appointment.startsAt, clinic.timeZone);
        const toPatient = bookingNoticeMessages(appointment.patient.locale ?? defaultLocale, {
          kind: 'APPOINTMENT_CANCEL_REQUESTED',
          providerName,
          firstName: appointment.patient.firstName,
          email: appointment.patient.email,
          contactNumber: appointment.patient.contactNumber,
          link: link(appointment.bookingKey),
          lines: [what],
        });
        const toClinic = clinic.email
          ? [
              // To the clinic's staff, not the patient: the provider's own language (jsLocale).
              clinicRequestMessage(defaultLocale, {
                providerName,
                clinicEmail: clinic.email,
                what,
                reason: input.words.reason ?? null,
                note: input.words.note ?? null,
                link: link(appointment.bookingKey),
              }),
            ]
          : [];
        await tx.enqueueMessages([...toPatient, ...toClinic], now);
      });
    },

    /** The patient will attend: recorded once (a repeat keeps the first time). */
    async confirm(input: {
      bookingKey: string;
      appointmentId: string;
      context: RequestContext;
    }): Promise<Date> {
      const now = clock.now();
      return store.transaction(async (tx) => {
        const appointment = await tx.findManagedAppointment(
          input.bookingKey,
          input.appointmentId,
          true,
        );
        if (!appointment) throw new NotFoundError('There is no such appointment for this booking.');
        if (!(await tx.markConfirmed(appointment.id, now))) {
          throw new AppointmentNotActiveError('Only a booked appointment can be confirmed.');
        }
        if (!appointment.confirmedAt) {
          await auditByPatient(
            tx,
            'appointment.confirmed-by-patient',
            appointment.id,
            input.context,
            now,
          );
        }
        return appointment.confirmedAt ?? now;
      });
    },

    /**
     * Moves the appointment to another slot (RESCHEDULED) or another exam or
     * clinic (CHANGED): in one transaction the new appointment is stored under
     * the same booking key and takes its slot, and the old one gives way and
     * frees its own. Either both happen or neither: a slot taken meanwhile is
     * a 409 and the old appointment stays as it was. Answers the new id.
     */
    async move(input: {
      bookingKey: string;
      appointmentId: string;
      examSlug: string;
      clinicSlug: string;
      start: string;
      check?: ChangeCheck;
      context: RequestContext;
    }): Promise<{ status: 'RESCHEDULED' | 'CHANGED'; replacementId: string }> {
      const now = clock.now();
      const slot = await requireBookableSlot(slots, input, now, input.bookingKey);
      return store.transaction(async (tx) => {
        const old = await lockActive(tx, input.bookingKey, input.appointmentId, input.check, now);
        const status =
          old.exam.id === slot.exam.id && old.clinic.id === slot.clinic.id
            ? 'RESCHEDULED'
            : 'CHANGED';
        const replacementId = await tx.insertAppointment(
          {
            bookingKey: old.bookingKey,
            examId: slot.exam.id,
            clinicId: slot.clinic.id,
            start: slot.start,
            end: slot.end,
            status: old.status === 'PENDING' ? 'PENDING' : 'BOOKED',
            patientId: old.patient.id,
            staffBooking: old.staffBooking,
            patientNotes: old.patientNotes,
          },
          slot.freeResourceIds[0] ?? slot.resourceIds[0]!,
        );
        // The old slot first: a move to an overlapping time of the same resource is then free.
        await tx.markReplaced(old.id, replacementId, status, now);
        await tx.continueCalendarEvent(replacementId, old);
        const claim = {
          appointmentId: replacementId,
          tentativeResourceId: slot.freeResourceIds[0] ?? slot.resourceIds[0]!,
          resourceIds: slot.resourceIds,
          start: slot.start,
          end: slot.end,
        };
        let resourceId = await tx.claimFirstFreeResource(claim);
        if (
          resourceId === null &&
          (await tx.deleteExpiredHolds(slot.resourceIds, slot.start, slot.end, now)) > 0
        ) {
          resourceId = await tx.claimFirstFreeResource(claim);
        }
        if (resourceId === null) throw slotTakenError(slot);
        await auditByPatient(
          tx,
          status === 'RESCHEDULED'
            ? 'appointment.rescheduled-by-patient'
            : 'appointment.changed-by-patient',
          old.id,
          input.context,
          now,
          { replacementId, examId: slot.exam.id, clinicId: slot.clinic.id },
        );
        await tx.enqueueMessages(
          notice(
            old,
            status === 'RESCHEDULED' ? 'APPOINTMENT_RESCHEDULED' : 'APPOINTMENT_CHANGED',
            [
              `Now: ${line(slot.exam.name, slot.clinic.name, slot.start, slot.clinic.timeZone)}`,
              `Was: ${line(old.exam.name, old.clinic.name, old.startsAt, old.clinic.timeZone)}`,
            ],
          ),
          now,
        );
        return { status, replacementId };
      });
    },

    /** A RECEIVED or CONTACTED booking request becomes CANCELED; the patient is told. */
    async cancelBookingRequest(input: {
      bookingKey: string;
      words: CancelWords;
      context: RequestContext;
    }): Promise<void> {
      const now = clock.now();
      await store.transaction(async (tx) => {
        const request = await tx.lockBookingRequestOfKey(input.bookingKey);
        if (!request) throw new NotFoundError('There is no booking request for this booking.');
        if (!(await tx.markBookingRequestCanceled(request.id, input.words, now))) {
          throw new BookingRequestNotActiveError(
            'This booking request can no longer be cancelled.',
          );
        }
        await tx.insertAuditEvent(
          {
            actor: 'patient',
            action: 'booking-request.canceled-by-patient',
            subjectType: 'booking_request',
            subjectId: request.id,
            ...input.context,
            details: { reason: input.words.reason },
          },
          now,
        );
        await tx.enqueueMessages(
          bookingNoticeMessages(request.patient.locale ?? defaultLocale, {
            kind: 'BOOKING_REQUEST_CANCELED',
            providerName,
            firstName: request.patient.firstName,
            email: request.patient.email,
            contactNumber: request.patient.contactNumber,
            link: `${publicUrl}/booking-requests/${input.bookingKey}`,
            lines: [],
          }),
          now,
        );
      });
    },
  };
}

export type AppointmentChangesService = ReturnType<typeof createAppointmentChangesService>;
