import { z } from 'zod';
import { instantSchema } from './availability.ts';
import { bookingKeySchema } from './booking.ts';
import { slugSchema } from './catalogue.ts';

/**
 * Attachments after booking (docs/product/attachments.md): the documents on a booking key's
 * appointments and booking request, what each exam needs (examDocumentTypes), and the
 * upload, replace, delete, download and view calls under /api/secured.
 */

/** A kind of document a provider asks for (the referral and others). */
export const documentTypeSchema = z.object({
  id: z.number().int(),
  slug: slugSchema,
  title: z.string(),
  description: z.string(),
});

/** One document: what the page lists, the carousel shows and the links fetch. */
export const attachmentSchema = z.object({
  id: z.uuid(),
  fileName: z.string(),
  contentType: z.string(),
  size: z.number().int(),
  documentType: documentTypeSchema.nullable(),
  /** The appointment it belongs to (null on a booking request). */
  appointmentId: z.uuid().nullable(),
  /** The exam of that appointment (null on a booking request). */
  slug: slugSchema.nullable(),
  createdAt: instantSchema,
  updatedAt: instantSchema,
});

/** A document an exam needs, and whether one of that type is there yet. */
export const examDocumentTypeSchema = z.object({
  documentTypeId: z.number().int(),
  slug: slugSchema,
  title: z.string(),
  description: z.string(),
  required: z.boolean(),
  hasUploadedDocument: z.boolean(),
  /** The newest document of this type, if any. */
  uploadedDocument: z.object({ id: z.uuid(), fileName: z.string() }).nullable(),
});

/** GET /api/secured/appointments/{bookingKey}/attachments/response */
export const appointmentAttachmentsResponseSchema = z.object({
  bookingKey: bookingKeySchema,
  appointments: z.array(
    z.object({
      appointmentId: z.uuid(),
      examSlug: slugSchema,
      examName: z.string(),
      examDocumentTypes: z.array(examDocumentTypeSchema),
      attachments: z.array(attachmentSchema),
    }),
  ),
  /** Documents uploaded while booking that are not on an appointment yet (attachments/imported). */
  importable: z.number().int(),
});

/** GET /api/secured/booking_requests/{bookingKey}/attachments/response */
export const bookingRequestAttachmentsResponseSchema = z.object({
  bookingKey: bookingKeySchema,
  examGroupName: z.string().nullable(),
  /** The exams the documents are for: the request's, or changedExamSlugs when given. */
  exams: z.array(
    z.object({
      examSlug: slugSchema,
      examName: z.string(),
      examDocumentTypes: z.array(examDocumentTypeSchema),
    }),
  ),
  attachments: z.array(attachmentSchema),
  importable: z.number().int(),
});

export const bookingRequestAttachmentsQuerySchema = z.object({
  examGroupName: z.string().max(100).optional(),
  /** Comma-separated exam slugs the request was changed to (by a questionnaire outcome). */
  changedExamSlugs: z
    .string()
    .max(1000)
    .optional()
    .transform((value) => (value ? value.split(',').filter(Boolean) : []))
    .pipe(z.array(slugSchema).max(20)),
});

export const attachmentParamsSchema = z.object({
  bookingKey: bookingKeySchema,
  attachmentId: z.uuid(),
});

/** POST .../attachments/imported: how many documents were taken onto the booking. */
export const importedAttachmentsResponseSchema = z.object({
  imported: z.number().int(),
  attachments: z.array(attachmentSchema),
});

export type DocumentType = z.infer<typeof documentTypeSchema>;
export type Attachment = z.infer<typeof attachmentSchema>;
export type ExamDocumentType = z.infer<typeof examDocumentTypeSchema>;
export type AppointmentAttachmentsResponse = z.infer<typeof appointmentAttachmentsResponseSchema>;
export type BookingRequestAttachmentsResponse = z.infer<
  typeof bookingRequestAttachmentsResponseSchema
>;
export type ImportedAttachmentsResponse = z.infer<typeof importedAttachmentsResponseSchema>;
