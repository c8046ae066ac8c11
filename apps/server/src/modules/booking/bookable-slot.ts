import { ExamNotAtClinicError, UnknownClinicError, UnknownExamError } from '../catalogue/index.ts';
import {
  EnquiryOnlyExamError,
  SlotInPastError,
  SlotNotOfferedError,
  SlotUnavailableError,
} from './booking.errors.ts';
import { clinicWallTime } from './booking-format.ts';
import type { OfferedSlot, OfferedSlotFinder } from './offered-slot.ts';

/** An offered slot and those of its resources that were free when looked up (a hint). */
export type BookableSlot = OfferedSlot & { freeResourceIds: number[] };

/** 409 SLOT_UNAVAILABLE for a slot someone else has (the same words before or in the transaction). */
export function slotTakenError(slot: OfferedSlot): SlotUnavailableError {
  return new SlotUnavailableError(
    `${slot.exam.name} at ${slot.clinic.name} at ${clinicWallTime(slot.start, slot.clinic.timeZone)} has just been taken. Please choose another time.`,
  );
}

/**
 * Checks one requested slot in the order a patient can act on: the exam, the
 * clinic, the exam at that clinic, enquiry-only, the past, then whether the
 * clinic offers that start at all, and last whether others already have it
 * (409 before any transaction: the cheap answer for most losers of a race).
 * Answered by availability's cached catalogue and one query. Read-only: run
 * it before any transaction.
 */
export async function requireBookableSlot(
  slots: OfferedSlotFinder,
  item: { examSlug: string; clinicSlug: string; start: string },
  now: Date,
  bookingKey: string,
): Promise<BookableSlot> {
  const start = new Date(item.start);
  const found = await slots.lookupBookableSlot({
    clinicSlug: item.clinicSlug,
    examSlug: item.examSlug,
    start,
    bookingKey,
  });
  const { exam, clinic } = found;
  if (!exam) throw new UnknownExamError(item.examSlug, 'writing');
  if (!clinic) throw new UnknownClinicError(item.clinicSlug, 'writing');
  if (!found.examAtClinic) {
    throw new ExamNotAtClinicError(exam.name, clinic.name, 'writing');
  }
  if (exam.bookingRequestOnly) {
    throw new EnquiryOnlyExamError(
      `${exam.name} is booked by a booking request, not an appointment.`,
    );
  }
  if (start.getTime() <= now.getTime()) {
    throw new SlotInPastError('That time has already passed. Please choose another time.');
  }
  const slot = found.slot;
  if (!slot || slot.resourceIds.length === 0) {
    throw new SlotNotOfferedError(`${clinic.name} does not offer ${exam.name} at that time.`);
  }
  if (found.taken) throw slotTakenError(slot);
  return { ...slot, freeResourceIds: found.freeResourceIds };
}
