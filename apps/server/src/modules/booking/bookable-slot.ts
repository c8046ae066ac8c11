import {
  EnquiryOnlyExamError,
  ExamNotAtClinicError,
  SlotInPastError,
  SlotNotOfferedError,
  UnknownClinicError,
  UnknownExamError,
} from './booking.errors.ts';
import type { OfferedSlot, OfferedSlotFinder } from './offered-slot.ts';

/**
 * Checks one requested slot in the order a patient can act on: the exam, the
 * clinic, the exam at that clinic, enquiry-only, the past, then whether the
 * clinic offers that start at all. Answered by availability's cached
 * catalogue (one version check, no catalogue query). Read-only: run it
 * before any transaction.
 */
export async function requireBookableSlot(
  slots: OfferedSlotFinder,
  item: { examSlug: string; clinicSlug: string; start: string },
  now: Date,
): Promise<OfferedSlot> {
  const start = new Date(item.start);
  const found = await slots.lookupBookableSlot({
    clinicSlug: item.clinicSlug,
    examSlug: item.examSlug,
    start,
  });
  const { exam, clinic } = found;
  if (!exam) throw new UnknownExamError(`There is no exam '${item.examSlug}'.`);
  if (!clinic) throw new UnknownClinicError(`There is no clinic '${item.clinicSlug}'.`);
  if (!found.examAtClinic) {
    throw new ExamNotAtClinicError(`${clinic.name} does not perform ${exam.name}.`);
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
  return slot;
}
