import type { Exam, WalkInExam } from '@portal/contract';
import type { ProcedureTab } from './booking-params.ts';

/**
 * Walk-in warning (docs/product/booking.md#exam-selection): two or more modalities with a walk-in
 * one among them. After the warning the tab becomes multiple when there are more than two
 * modalities, else single.
 */
export function walkInWarning(
  exams: readonly Pick<Exam, 'slug' | 'modalityId' | 'walkIn'>[],
  walkInExams: readonly Pick<WalkInExam, 'slug'>[] = [],
): { show: false } | { show: true; tab: ProcedureTab } {
  const modalities = new Set(exams.map((exam) => exam.modalityId));
  const walkInSlugs = new Set(walkInExams.map((exam) => exam.slug));
  const hasWalkIn = exams.some((exam) => exam.walkIn || walkInSlugs.has(exam.slug));
  if (modalities.size < 2 || !hasWalkIn) return { show: false };
  return { show: true, tab: modalities.size > 2 ? 'multiple' : 'single' };
}

/** Booking request info (docs/product/booking.md#exam-selection). */
export interface BookingRequestInfo {
  examNotes: string | null;
  examNames: string[];
  clinicalNotes: string | null;
  walkInExamName: string | null;
  isHomeComponent: boolean;
}

/** The walk-in exam that applies to a selection: the first selected exam that is walk-in. */
export function walkInExamNameOf(
  exams: readonly Pick<Exam, 'slug' | 'name' | 'walkIn'>[],
  walkInExams: readonly Pick<WalkInExam, 'slug' | 'name'>[] = [],
): string | null {
  const walkInSlugs = new Set(walkInExams.map((exam) => exam.slug));
  return exams.find((exam) => exam.walkIn || walkInSlugs.has(exam.slug))?.name ?? null;
}

export function bookingRequestInfoOf(
  exams: readonly Pick<
    Exam,
    'slug' | 'name' | 'walkIn' | 'notes' | 'showBookingRequestInfoModal'
  >[],
  walkInExams: readonly Pick<WalkInExam, 'slug' | 'name'>[] = [],
  isHomeComponent = true,
): BookingRequestInfo {
  const first = exams[0];
  return {
    examNotes: first?.showBookingRequestInfoModal ? (first.notes ?? null) : null,
    examNames: exams.map((exam) => exam.name),
    clinicalNotes: null,
    walkInExamName: walkInExamNameOf(exams, walkInExams),
    isHomeComponent,
  };
}

/**
 * Shown only when the first exam has showBookingRequestInfoModal and has notes, or a walk-in
 * exam name applies (docs/product/booking.md#exam-selection).
 */
export function showBookingRequestInfo(info: BookingRequestInfo): boolean {
  return Boolean(info.examNotes) || Boolean(info.walkInExamName);
}

/** Its three messages: the exams were mapped, could not be mapped, or everything is OK. */
export type BookingRequestInfoMessage = 'mapped' | 'not_mapped' | 'ok';

export function bookingRequestInfoMessage(info: BookingRequestInfo): BookingRequestInfoMessage {
  if (!info.examNames.length) return 'not_mapped';
  if (info.examNotes || info.walkInExamName || info.clinicalNotes) return 'mapped';
  return 'ok';
}

/** An item of either creation response (docs/product/booking.md#appointments). */
export interface CreationItem {
  success: boolean;
  errorMessage: string | null;
}

export type CreationOutcome<T extends CreationItem> =
  | { ok: true; items: T[] }
  | { ok: false; errorMessage: string; items: T[] };

/**
 * docs/product/booking.md#appointments: creation fails with the first error if every response
 * failed, or if the user is logged in, every response has an error message and the state flag
 * holds; otherwise it succeeds with all responses.
 */
export function creationOutcome<T extends CreationItem>(
  items: T[],
  options: { loggedIn?: boolean; stateFlag?: boolean } = {},
): CreationOutcome<T> {
  const firstError = () =>
    items.find((item) => item.errorMessage)?.errorMessage ?? 'error.booking_failed';
  if (items.length === 0) return { ok: false, errorMessage: 'error.booking_failed', items };
  if (items.every((item) => !item.success)) return { ok: false, errorMessage: firstError(), items };
  if (options.loggedIn && options.stateFlag && items.every((item) => item.errorMessage)) {
    return { ok: false, errorMessage: firstError(), items };
  }
  return { ok: true, items };
}

/**
 * A questionnaire outcome's walk-in guidance (docs/product/questionnaires.md#outcomes): the walk-in
 * exam it offers, and how long to prepare and how early to arrive (an answer can ask for those
 * without a walk-in).
 */
export interface WalkInGuidance {
  examName: string | null;
  prepTime: number | null;
  minutesPrior: number | null;
}

export function walkInGuidanceOf(
  outcome:
    | { walkInExamName: string | null; prepTime: number | null; minutesPrior: number | null }
    | null
    | undefined,
): WalkInGuidance | null {
  if (!outcome || (!outcome.walkInExamName && !outcome.prepTime && !outcome.minutesPrior))
    return null;
  return {
    examName: outcome.walkInExamName,
    prepTime: outcome.prepTime,
    minutesPrior: outcome.minutesPrior,
  };
}
