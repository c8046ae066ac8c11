/**
 * Attachments' plain values, without zod (a page importing attachments.ts would get zod with it:
 * patient-portal-codes.ts says why).
 */

/** Error codes of refused attachment calls (docs/product/attachments.md). */
export const attachmentErrorCodes = {
  unknownDocumentType: 'UNKNOWN_DOCUMENT_TYPE',
  attachmentLimitReached: 'ATTACHMENT_LIMIT_REACHED',
  appointmentRequired: 'APPOINTMENT_REQUIRED',
  appointmentNotActive: 'APPOINTMENT_NOT_ACTIVE',
  bookingRequestNotActive: 'BOOKING_REQUEST_NOT_ACTIVE',
  notViewable: 'NOT_VIEWABLE',
  referralDownloadDisabled: 'REFERRAL_DOWNLOAD_DISABLED',
  imageNotReadable: 'IMAGE_NOT_READABLE',
} as const;

/**
 * The types a view link shows in the browser (docs/product/attachments.md): a PDF in the
 * browser's PDF viewer, JPEG and PNG as images. HEIC is not among them: browsers cannot show it.
 */
export const viewableContentTypes = ['application/pdf', 'image/jpeg', 'image/png'] as const;

/** The most documents one booking key may hold after booking. */
export const attachmentsPerKeyMax = 20;
