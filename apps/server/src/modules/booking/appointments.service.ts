import { randomUUID } from 'node:crypto';
import type {
  AppointmentItemRequest,
  BookingRequestResponseItem,
  CreateAppointmentsRequest,
  CreateAppointmentsResponse,
  CreateBookingRequest,
} from '@portal/contract';
import type { Clock } from '../../adapters/clock.ts';
import { NotFoundError } from '../../domain-error.ts';
import { bookingNoticeMessages } from '../notifications/index.ts';
import { requireBookableSlot, slotTakenError } from './bookable-slot.ts';
import {
  ExamNotAtClinicError,
  SlotInPastError,
  UnknownClinicError,
  UnknownExamError,
} from './booking.errors.ts';
import { assertKeyUsable } from './booking.service.ts';
import { clinicInstant, clinicWallTime, emailHash } from './booking-format.ts';
import type {
  AppointmentRecord,
  BookingStore,
  ClinicRow,
  ExamRow,
  RequestContext,
} from './booking-store.ts';
import type { OfferedSlot, OfferedSlotFinder } from './offered-slot.ts';
import type { QuestionnaireHooks } from './questionnaire-hooks.ts';
import { createSlotTurns, slotKey } from './slot-turns.ts';

export interface AppointmentsServiceDeps {
  store: BookingStore;
  slots: OfferedSlotFinder;
  clock: Clock;
  /** Links in messages: `${publicUrl}/appointments/{bookingKey}`. */
  publicUrl: string;
  providerName: string;
  /** Issue 5: stored questionnaire answers can refuse a booking (see questionnaire-hooks.ts). */
  questionnaires?: QuestionnaireHooks;
}

const pendingNoticeAction = 'appointment.pending-notice-queued';

type Offered = Array<{ item: AppointmentItemRequest; slot: OfferedSlot }>;

/** Appointments (booked or pending), booking requests and pending notices. */
export function createAppointmentsService(deps: AppointmentsServiceDeps) {
  const { store, slots, clock, publicUrl, providerName } = deps;
  const turns = createSlotTurns();

  /** The transaction of createAppointments, for slots checked just now (see its comment). */
  async function book(
    request: CreateAppointmentsRequest,
    context: RequestContext,
    now: Date,
    offered: Offered,
  ): Promise<CreateAppointmentsResponse> {
    await deps.questionnaires?.checkAppointments(
      request.bookingKey,
      offered.map(({ slot }) => ({
        examSlug: slot.exam.slug,
        start: slot.start,
        timeZone: slot.clinic.timeZone,
      })),
      request.patientDetails,
    );
    const status = request.pending ? 'PENDING' : 'BOOKED';
    const patient = request.patientDetails;
    await store.transaction(async (tx) => {
      const patientId = randomUUID();
      const appointments: AppointmentRecord[] = [];
      for (const { item, slot } of offered) {
        // The caller's own live hold (locked), turned into the appointment's resource booking.
        const hold = item.holdId
          ? await tx.findLiveHold({
              holdId: item.holdId,
              bookingKey: request.bookingKey,
              resourceIds: slot.resourceIds,
              start: slot.start,
              end: slot.end,
              now,
            })
          : undefined;
        appointments.push({
          id: randomUUID(),
          bookingKey: request.bookingKey,
          examId: slot.exam.id,
          clinicId: slot.clinic.id,
          start: slot.start,
          end: slot.end,
          status,
          patientId,
          staffBooking: request.staffBooking,
          patientNotes: request.patientNotes ?? null,
          holdId: hold?.id ?? null,
          resourceId: hold?.resourceId ?? slot.resourceIds[0]!,
        });
      }
      const audits = appointments.map((appointment) => ({
        actor: request.staffBooking ? 'staff' : 'public',
        action: status === 'PENDING' ? 'appointment.created-pending' : 'appointment.created',
        subjectType: 'appointment',
        subjectId: appointment.id,
        ...context,
        details: { patientId, examId: appointment.examId, clinicId: appointment.clinicId },
      }));
      // A pending appointment is announced by POST .../pending/{key}/notifications instead.
      const outbox =
        status === 'BOOKED'
          ? bookingNoticeMessages({
              kind: 'APPOINTMENT_CONFIRMATION',
              providerName,
              firstName: patient.firstName,
              email: patient.email,
              contactNumber: patient.contactNumber,
              link: `${publicUrl}/appointments/${request.bookingKey}`,
              lines: offered.map(
                ({ slot }) =>
                  `${slot.exam.name}, ${slot.clinic.name}, ${clinicWallTime(slot.start, slot.clinic.timeZone)}`,
              ),
            })
          : [];
      // One statement: key consumed, patient, appointments, holds turned, audit, outbox.
      const consumed = await tx.createAppointmentRecords({
        bookingKey: request.bookingKey,
        now,
        patient: { id: patientId, details: patient },
        appointments,
        audits,
        outbox,
      });
      if (!consumed) assertKeyUsable(await tx.bookingKeyState(request.bookingKey, now));
      // Last, just before COMMIT: the resource bookings others may be waiting on.
      for (const [index, { slot }] of offered.entries()) {
        const appointment = appointments[index]!;
        if (appointment.holdId !== null) continue;
        const claim = {
          appointmentId: appointment.id,
          tentativeResourceId: appointment.resourceId,
          resourceIds: slot.resourceIds,
          start: slot.start,
          end: slot.end,
        };
        let resourceId = await tx.claimFirstFreeResource(claim);
        // Expired holds no longer count: delete those in the way, then try once more.
        if (
          resourceId === null &&
          (await tx.deleteExpiredHolds(slot.resourceIds, slot.start, slot.end, now)) > 0
        ) {
          resourceId = await tx.claimFirstFreeResource(claim);
        }
        if (resourceId === null) throw slotTakenError(slot);
      }
    });
    const hash = emailHash(patient.email);
    return {
      bookingKey: request.bookingKey,
      status,
      items: offered.map(({ slot }) => ({
        success: true,
        errorMessage: null,
        errorCode: null,
        modalityName: slot.exam.modalityName,
        examName: slot.exam.name,
        clinicName: slot.clinic.name,
        date: clinicInstant(slot.start, slot.clinic.timeZone),
        endTime: clinicInstant(slot.end, slot.clinic.timeZone),
        timeZone: slot.clinic.timeZone,
        patientEmailHash: hash,
      })),
    };
  }

  return {
    /**
     * One transaction: consume the key, store the patient, turn each item's
     * own live hold into the appointment or store the appointment, audit, queue
     * the confirmation, and LAST book the first free resource of each slot
     * (expired holds in the way are deleted first), so a racing request waits
     * on this one for one round trip, not the whole transaction. Any failure
     * (every resource taken: 409 SLOT_UNAVAILABLE) rolls everything back.
     * Before it: a slot others already have is a 409 at once (requireBookableSlot),
     * and requests of this instance for the same slot take turns (slot-turns.ts).
     */
    async createAppointments(
      request: CreateAppointmentsRequest,
      context: RequestContext,
    ): Promise<CreateAppointmentsResponse> {
      const now = clock.now();
      assertKeyUsable(await store.bookingKeyState(request.bookingKey, now));
      const offer = async () => {
        const found: Offered = [];
        for (const item of request.items) {
          found.push({
            item,
            slot: await requireBookableSlot(slots, item, now, request.bookingKey),
          });
        }
        return found;
      };
      let offered = await offer();
      const keysOf = () => offered.map(({ slot }) => slotKey(slot.resourceIds, slot.start));
      // Another request of this instance is booking one of these slots: wait, then look
      // again (usually a 409 now, without opening a transaction).
      for (let turn = turns.busy(keysOf()); turn; turn = turns.busy(keysOf())) {
        await turn;
        offered = await offer();
      }
      return turns.take(keysOf(), () => book(request, context, now, offered));
    },

    /** Queues the pending-appointment notice once per booking key. */
    async sendPendingNotifications(bookingKey: string, context: RequestContext) {
      const now = clock.now();
      return store.transaction(async (tx) => {
        const pending = await tx.listPendingAppointments(bookingKey);
        const first = pending[0];
        if (!first)
          throw new NotFoundError('There is no pending appointment for this booking key.');
        if (await tx.hasAuditEvent(pendingNoticeAction, first.id)) return { queued: 0 };
        const queued = await tx.enqueueNotice(
          {
            kind: 'PENDING_APPOINTMENT',
            providerName,
            firstName: first.firstName,
            email: first.email,
            contactNumber: first.contactNumber,
            link: `${publicUrl}/appointments/${bookingKey}`,
            lines: pending.map(
              (row) =>
                `${row.examName}, ${row.clinicName}, ${clinicWallTime(row.start, row.timeZone)}`,
            ),
          },
          now,
        );
        await tx.insertAuditEvent(
          {
            actor: 'public',
            action: pendingNoticeAction,
            subjectType: 'appointment',
            subjectId: first.id,
            ...context,
          },
          now,
        );
        return { queued };
      });
    },

    /** An enquiry: one booking request row for all exams, the key consumed, a confirmation queued. */
    async createBookingRequest(
      request: CreateBookingRequest,
      context: RequestContext,
    ): Promise<BookingRequestResponseItem[]> {
      const now = clock.now();
      assertKeyUsable(await store.bookingKeyState(request.bookingKey, now));
      const exams: ExamRow[] = [];
      for (const slug of [...new Set(request.examSlugs)]) {
        const exam = await store.findExam(slug);
        if (!exam) throw new UnknownExamError(`There is no exam '${slug}'.`);
        exams.push(exam);
      }
      let clinic: ClinicRow | null = null;
      if (request.clinicSlug) {
        clinic = (await store.findClinic(request.clinicSlug)) ?? null;
        if (!clinic) throw new UnknownClinicError(`There is no clinic '${request.clinicSlug}'.`);
        for (const exam of exams) {
          if (!(await store.clinicOffersExam(clinic.id, exam.id))) {
            throw new ExamNotAtClinicError(`${clinic.name} does not perform ${exam.name}.`);
          }
        }
      }
      const preferredStart = request.preferredStart ? new Date(request.preferredStart) : null;
      if (preferredStart && preferredStart <= now) {
        throw new SlotInPastError('That time has already passed. Please choose another time.');
      }
      // An apiKey proves a questionnaire outcome routed this booking here (issue 5).
      const routed = await deps.questionnaires?.checkBookingRequest(
        request.bookingKey,
        exams.map((exam) => exam.slug),
        request.apiKey,
        request.patientDetails,
      );
      const patient = request.patientDetails;
      const bookingRequestId = await store.transaction(async (tx) => {
        assertKeyUsable(await tx.consumeBookingKey(request.bookingKey, now));
        const patientId = await tx.insertPatient(patient);
        const id = await tx.insertBookingRequest({
          bookingKey: request.bookingKey,
          clinicId: clinic?.id ?? null,
          preferredStart,
          patientId,
          staffBooking: request.staffBooking,
          patientNotes: request.patientNotes ?? null,
          examIds: exams.map((exam) => exam.id),
        });
        await tx.insertAuditEvent(
          {
            actor: request.staffBooking ? 'staff' : 'public',
            action: 'booking-request.created',
            subjectType: 'booking_request',
            subjectId: id,
            ...context,
            details: {
              patientId,
              examIds: exams.map((exam) => String(exam.id)),
              clinicId: clinic?.id ?? null,
            },
          },
          now,
        );
        const where = clinic ? `, ${clinic.name}` : '';
        const when =
          clinic && preferredStart
            ? `, preferred ${clinicWallTime(preferredStart, clinic.timeZone)}`
            : '';
        await tx.enqueueNotice(
          {
            kind: 'BOOKING_REQUEST_CONFIRMATION',
            providerName,
            firstName: patient.firstName,
            email: patient.email,
            contactNumber: patient.contactNumber,
            link: `${publicUrl}/booking-requests/${request.bookingKey}`,
            lines: exams.map((exam) => `${exam.name}${where}${when}`),
          },
          now,
        );
        return id;
      });
      if (request.apiKey)
        await deps.questionnaires?.markApiKeyUsed(request.apiKey, bookingRequestId);
      const hash = emailHash(patient.email);
      return exams.map((exam) => ({
        modalityName: exam.modalityName,
        examName: exam.name,
        clinicName: clinic?.name ?? null,
        patientEmailHash: hash,
        bookingKey: request.bookingKey,
        success: true,
        errorMessage: null,
        ...(request.apiKey ? { confirmationMessage: routed?.confirmationMessage ?? null } : {}),
      }));
    },
  };
}

export type AppointmentsService = ReturnType<typeof createAppointmentsService>;
