import {
  EnquiryOnlyExamError,
  ExamNotAtClinicError,
  SlotInPastError,
  SlotNotOfferedError,
  UnknownClinicError,
  UnknownExamError,
} from './booking.errors.ts';
import type { BookingStore } from './booking-store.ts';
import type { OfferedSlot, OfferedSlotFinder } from './offered-slot.ts';

/**
 * Checks one requested slot in the order a patient can act on: the exam, the
 * clinic, the exam at that clinic, enquiry-only, the past, then whether the
 * clinic offers that start at all. Read-only: run it before any transaction.
 */
export async function requireBookableSlot(
  store: Pick<BookingStore, 'findExam' | 'findClinic' | 'clinicOffersExam'>,
  slots: OfferedSlotFinder,
  item: { examSlug: string; clinicSlug: string; start: string },
  now: Date,
): Promise<OfferedSlot> {
  const exam = await store.findExam(item.examSlug);
  if (!exam) throw new UnknownExamError(`There is no exam '${item.examSlug}'.`);
  const clinic = await store.findClinic(item.clinicSlug);
  if (!clinic) throw new UnknownClinicError(`There is no clinic '${item.clinicSlug}'.`);
  if (!(await store.clinicOffersExam(clinic.id, exam.id))) {
    throw new ExamNotAtClinicError(`${clinic.name} does not perform ${exam.name}.`);
  }
  if (exam.bookingRequestOnly) {
    throw new EnquiryOnlyExamError(
      `${exam.name} is booked by a booking request, not an appointment.`,
    );
  }
  const start = new Date(item.start);
  if (start.getTime() <= now.getTime()) {
    throw new SlotInPastError('That time has already passed. Please choose another time.');
  }
  const slot = await slots.offeredSlot({ clinicSlug: clinic.slug, examSlug: exam.slug, start });
  if (!slot || slot.resourceIds.length === 0) {
    throw new SlotNotOfferedError(`${clinic.name} does not offer ${exam.name} at that time.`);
  }
  return slot;
}
