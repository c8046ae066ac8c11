import { randomUUID } from 'node:crypto';
import type {
  AppointmentItemRequest,
  CreateAppointmentsRequest,
  CreateAppointmentsResponse,
  SupportedLocale,
} from '@portal/contract';
import type { WriteCondition } from '../../db/statement-parts.ts';
import { bookingNoticeMessages } from '../notifications/index.ts';
import { type BookableSlot, slotTakenError } from './bookable-slot.ts';
import { clinicInstant, clinicWallTime, emailHash } from './booking-format.ts';
import { assertKeyUsable } from './booking-keys.service.ts';
import {
  type AppointmentRecord,
  type AppointmentRecordsInput,
  type BookingStore,
  type RequestContext,
  staffDetails,
} from './booking-store.ts';
import type { SlotClaim } from './slot-turns.ts';

/** The requested items with the slots checked for them just now. */
export type Offered = Array<{ item: AppointmentItemRequest; slot: BookableSlot }>;

type BookingWrites = AppointmentRecordsInput;

/**
 * The writes of an appointment creation, for slots checked just now. Without
 * holds, ONE statement books everything on the resources found free (one
 * round trip, no transaction); when that finds a resource taken (or the
 * request turns its own holds into appointments) one transaction does it
 * step by step: consume the key, store the patient, turn each item's own
 * live hold into the appointment or store the appointment, audit, queue the
 * confirmation, and LAST book the first free resource of each slot (expired
 * holds in the way are deleted first), so a racing request waits on this one
 * for one round trip. Any failure (every resource taken: 409
 * SLOT_UNAVAILABLE) leaves nothing behind. Answers what was booked, on which
 * resources.
 */
export function createAppointmentBooker(deps: {
  store: BookingStore;
  publicUrl: string;
  providerName: string;
  /** The provider's default locale (jsLocale): messages of a patient whose locale is unknown. */
  defaultLocale: SupportedLocale;
  /** config/patient-portal.json checkIn.priorMinutes, or null: check-in is off (no invitation). */
  checkInPriorMinutes?: number | null;
}) {
  const { store, publicUrl, providerName, defaultLocale, checkInPriorMinutes = null } = deps;

  function writesFor(
    request: CreateAppointmentsRequest,
    context: RequestContext,
    now: Date,
    offered: Offered,
  ): BookingWrites {
    const status = request.pending ? 'PENDING' : 'BOOKED';
    const patient = request.patientDetails;
    // Stored as sent (NULL: none named, migration 029); the confirmation needs one now.
    const locale = request.locale ?? null;
    const patientId = randomUUID();
    const appointments: AppointmentRecord[] = offered.map(({ slot }) => ({
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
      holdId: null,
      resourceId: slot.freeResourceIds[0] ?? slot.resourceIds[0]!,
    }));
    const audits = appointments.map((appointment) => ({
      actor: request.staffBooking ? 'staff' : 'public',
      action: status === 'PENDING' ? 'appointment.created-pending' : 'appointment.created',
      subjectType: 'appointment',
      subjectId: appointment.id,
      ...context,
      details: {
        patientId,
        examId: appointment.examId,
        clinicId: appointment.clinicId,
        ...staffDetails(context),
      },
    }));
    const lines = offered.map(
      ({ slot }) =>
        `${slot.exam.name}, ${slot.clinic.name}, ${clinicWallTime(slot.start, slot.clinic.timeZone)}`,
    );
    // The confirmation invites to check in from home (docs/product/check-in.md#qr-codes).
    const checkIn =
      checkInPriorMinutes === null
        ? {}
        : {
            checkIn: {
              priorMinutes: checkInPriorMinutes,
              appointments: appointments.map(({ id }, index) => ({ id, line: lines[index]! })),
            },
          };
    // A pending appointment is announced by POST .../pending/{key}/notifications instead.
    const outbox =
      status === 'BOOKED'
        ? bookingNoticeMessages(locale ?? defaultLocale, {
            kind: 'APPOINTMENT_CONFIRMATION',
            providerName,
            firstName: patient.firstName,
            email: patient.email,
            contactNumber: patient.contactNumber,
            link: `${publicUrl}/appointments/${request.bookingKey}`,
            lines,
            calendarBookingKey: request.bookingKey,
            ...checkIn,
          })
        : [];
    return {
      bookingKey: request.bookingKey,
      now,
      patient: { id: patientId, details: patient, locale },
      appointments,
      audits,
      outbox,
    };
  }

  const claimsOf = (writes: BookingWrites) =>
    writes.appointments.map((appointment) => ({
      appointmentId: appointment.id,
      resourceId: appointment.resourceId,
      start: appointment.start,
      end: appointment.end,
    }));

  /** All at once: true when booked; false when a resource was taken (nothing written). */
  async function bookAtOnce(writes: BookingWrites): Promise<boolean> {
    const outcome = await store.bookAppointmentsAtOnce({ ...writes, claims: claimsOf(writes) });
    if (outcome === 'KEY_UNUSABLE') {
      assertKeyUsable(await store.bookingKeyState(writes.bookingKey, writes.now));
    }
    return outcome === 'BOOKED';
  }

  async function bookStepByStep(
    writes: BookingWrites,
    offered: Offered,
    request: CreateAppointmentsRequest,
  ): Promise<void> {
    const { now } = writes;
    await store.transaction(async (tx) => {
      for (const [index, { item, slot }] of offered.entries()) {
        const appointment = writes.appointments[index]!;
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
        appointment.holdId = hold?.id ?? null;
        if (hold) appointment.resourceId = hold.resourceId;
      }
      // One statement: key consumed, patient, appointments, holds turned, audit, outbox.
      const consumed = await tx.createAppointmentRecords(writes);
      if (!consumed) assertKeyUsable(await tx.bookingKeyState(request.bookingKey, now));
      // Last, just before COMMIT: the resource bookings others may be waiting on.
      for (const [index, { slot }] of offered.entries()) {
        const appointment = writes.appointments[index]!;
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
        appointment.resourceId = resourceId;
      }
    });
  }

  type Booked = { result: CreateAppointmentsResponse; claims: SlotClaim[] };

  /**
   * Books every item after the full checks (see above): in one statement when
   * it can, else step by step.
   */
  async function book(
    request: CreateAppointmentsRequest,
    context: RequestContext,
    now: Date,
    offered: Offered,
  ): Promise<Booked> {
    const writes = writesFor(request, context, now, offered);
    // A resource found taken may be another free one, or an expired hold in the way.
    const withHolds = offered.some(({ item }) => item.holdId);
    if (withHolds || !(await bookAtOnce(writes))) await bookStepByStep(writes, offered, request);
    return booked(request, offered, writes);
  }

  /**
   * Books items without holds in ONE statement under `conditions`, which
   * stand for the checks the caller has not read (a catalogue version, no
   * stored questionnaire answers). When anything was not as assumed nothing
   * was written: 'TAKEN' when a resource was already booked (so the key was
   * usable and every condition held, since the bookings are written only
   * through the consumed key), null otherwise (a condition false, the key
   * unusable); the caller then runs the full checks.
   */
  async function bookUnderConditions(
    request: CreateAppointmentsRequest,
    context: RequestContext,
    now: Date,
    offered: Offered,
    conditions: WriteCondition[],
  ): Promise<Booked | 'TAKEN' | null> {
    const writes = writesFor(request, context, now, offered);
    const outcome = await store.bookAppointmentsAtOnce({
      ...writes,
      claims: claimsOf(writes),
      conditions,
    });
    if (outcome === 'BOOKED') return booked(request, offered, writes);
    return outcome === 'TAKEN' ? outcome : null;
  }

  function booked(
    request: CreateAppointmentsRequest,
    offered: Offered,
    writes: BookingWrites,
  ): Booked {
    const claims = offered.map(({ slot }, index) => ({
      resourceId: writes.appointments[index]!.resourceId,
      start: slot.start.getTime(),
      end: slot.end.getTime(),
      catalogueVersion: slot.catalogueVersion,
      bookingKey: request.bookingKey,
    }));
    const hash = emailHash(request.patientDetails.email);
    const status = request.pending ? 'PENDING' : 'BOOKED';
    const result: CreateAppointmentsResponse = {
      bookingKey: request.bookingKey,
      status,
      items: offered.map(({ slot }, index) => ({
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
        appointmentId: writes.appointments[index]!.id,
      })),
    };
    return { result, claims };
  }

  return { book, bookUnderConditions };
}
