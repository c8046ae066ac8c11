import { z } from 'zod';
import { attachmentSchema } from './attachments.ts';
import { bookingKeySchema } from './booking.ts';
import { slugSchema } from './catalogue.ts';

/**
 * The integration surface (docs/product/integration.md): what the provider's own systems (RIS,
 * front desk, chat desk) read and change under /api/integration, authorised by a provider API
 * key sent as `Authorization: Bearer pk_...`.
 */

/** Error codes of the integration surface. */
export const integrationErrorCodes = {
  /** No key, a malformed header, an unknown key or a revoked one: never which of them. */
  invalidApiKey: 'INVALID_API_KEY',
} as const;

/**
 * One document of a booking, as the provider's systems list it: the patient's attachment
 * without its update time, its exam named examSlug. contentType is as sniffed at upload; a
 * HEIC is downloaded as a JPEG (docs/product/attachments.md). appointmentId and examSlug are
 * null on the booking request.
 */
export const integrationAttachmentSchema = attachmentSchema
  .pick({
    id: true,
    fileName: true,
    contentType: true,
    size: true,
    documentType: true,
    appointmentId: true,
    createdAt: true,
  })
  .extend({ examSlug: slugSchema.nullable() });

/** GET /api/integration/bookings/{bookingKey}/attachments */
export const integrationAttachmentsResponseSchema = z.object({
  bookingKey: bookingKeySchema,
  attachments: z.array(integrationAttachmentSchema),
});

export const integrationAttachmentParamsSchema = z.object({
  attachmentId: z.uuid(),
});

export type IntegrationAttachment = z.infer<typeof integrationAttachmentSchema>;
export type IntegrationAttachmentsResponse = z.infer<typeof integrationAttachmentsResponseSchema>;
