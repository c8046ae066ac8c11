import { z } from 'zod';
import { preparationStepSchema } from './preparation.ts';

const slug = z.string().regex(/^[a-z0-9]+(?:-[a-z0-9]+)*$/, 'must be a lowercase slug');

/** A modality (X-ray, CT, MRI, ...). */
export const modalitySchema = z.object({
  id: z.number().int(),
  slug,
  code: z.string(),
  name: z.string(),
});

/**
 * An exam (docs/product/booking.md#data), plus what the booking screens show. Lists are
 * sorted by priority.
 */
export const examSchema = z.object({
  slug,
  name: z.string(),
  /** "MRI Knee" style name for summaries (docs/product/booking.md#data). */
  nameWithModality: z.string(),
  modalityId: z.number().int(),
  modalityName: z.string(),
  modalitySlug: slug,
  priority: z.number().int(),
  examCode: z.string().nullable(),
  notes: z.string().nullable(),
  prepInstructions: z.string().nullable(),
  /** Steps timed from the appointment's start (docs/product/patient-portal.md#timed-preparation). */
  preparationSteps: z.array(preparationStepSchema),
  durationMinutes: z.number().int().positive(),
  walkIn: z.boolean(),
  /** Enquiry-only: never offered as a real slot, always becomes a booking request. */
  bookingRequestOnly: z.boolean(),
  showBookingRequestInfoModal: z.boolean(),
  bodyParts: z.array(slug),
});

export const examListQuerySchema = z.object({
  modalitySlug: slug.optional(),
  bodyPart: slug.optional(),
  /** Free-text search over names, case-insensitive. */
  q: z.string().trim().max(100).optional(),
  clinicSlug: slug.optional(),
});

/** A named set of exams booked together (procedureTab=multiple, groupName). */
export const examGroupSchema = z.object({
  slug,
  name: z.string(),
  examSlugs: z.array(slug),
});

/** A clickable part of the body figure and the exams it leads to. */
export const bodyPartSchema = z.object({
  slug,
  name: z.string(),
  /** Front or back view of the figure. */
  view: z.enum(['FRONT', 'BACK']),
  examSlugs: z.array(slug),
});

/** Walk-in exam (docs/product/booking.md#data). */
export const walkInExamSchema = z.object({
  slug,
  name: z.string(),
  prepTime: z.number().int().min(0),
  minutesPrior: z.number().int().min(0),
});

export type Modality = z.infer<typeof modalitySchema>;
export type Exam = z.infer<typeof examSchema>;
export type ExamListQuery = z.infer<typeof examListQuerySchema>;
export type ExamGroup = z.infer<typeof examGroupSchema>;
export type BodyPart = z.infer<typeof bodyPartSchema>;
export type WalkInExam = z.infer<typeof walkInExamSchema>;
export { slug as slugSchema };
