import type { ClinicForExam, ExamRow } from './availability.repository.ts';
import { type CatalogueSnapshot, groupBy } from './availability-catalogue.ts';
import { addLocalDays, localDayOf } from './local-time.ts';
import { type CandidateSlot, computeSlots, enquirySlots } from './slot-engine.ts';

/** Slots the schedules offer (bookings ignored): enquiry slots and what booking checks. */
export async function offeredSlotsFor(
  view: CatalogueSnapshot,
  exam: ExamRow,
  clinics: ClinicForExam[],
  range: { from: number; to: number; enquiry: boolean },
  options: { firstDayOnly: boolean; durationMinutes?: number },
): Promise<Map<number, CandidateSlot[]>> {
  const result = new Map<number, CandidateSlot[]>();
  const ids = clinics.map((clinic) => clinic.id);
  // Local days of every zone lie within a day either side of the UTC days.
  const firstDay = addLocalDays(new Date(range.from).toISOString().slice(0, 10), -1);
  const lastDay = addLocalDays(new Date(range.to).toISOString().slice(0, 10), 1);
  // A slot starting before range.to ends at most its duration later.
  const longest = Math.max(
    ...clinics.map((clinic) => options.durationMinutes ?? clinic.durationMinutes),
  );
  const from = range.from;
  const to = range.to + longest * 60_000;
  const schedules = view.catalogue.listSchedules(exam.id, ids, firstDay, lastDay);
  const closures = view.catalogue.listClosures(ids, from, to);
  const schedulesOf = groupBy(schedules, (window) => window.clinicId);
  const closuresOf = groupBy(closures, (period) => period.clinicId);
  for (const clinic of clinics) {
    const candidates = computeSlots({
      timeZone: clinic.timeZone,
      durationMinutes: options.durationMinutes ?? clinic.durationMinutes,
      fromDay: localDayOf(clinic.timeZone, range.from),
      toDay: localDayOf(clinic.timeZone, range.to - 1),
      schedules: schedulesOf.get(clinic.id) ?? [],
      closures: closuresOf.get(clinic.id) ?? [],
      bookings: [],
      earliest: range.from,
      latest: range.to,
      ignoreBookings: true,
      firstDayOnly: options.firstDayOnly,
    });
    result.set(clinic.id, range.enquiry ? enquirySlots(candidates) : candidates);
  }
  return result;
}
