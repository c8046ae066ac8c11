import { z } from 'zod';
import { supportedLocales } from './locales.ts';

/**
 * Every message the portal sends, by its outbox template name (docs/product/messages.md).
 * The e-mail preview renders each of them; the server's registry has one sample per name.
 */
export const messageTemplates = [
  'APPOINTMENT_CONFIRMATION',
  'PENDING_APPOINTMENT',
  'BOOKING_REQUEST_CONFIRMATION',
  'APPOINTMENT_CANCELED',
  'APPOINTMENT_RESCHEDULED',
  'APPOINTMENT_CHANGED',
  'APPOINTMENT_CANCEL_REQUESTED',
  'BOOKING_REQUEST_CANCELED',
  'CLINIC_REQUEST',
  'APPOINTMENT_REMINDER',
  'ACCESS_OTP',
  'RESULT_SHARE_LINK',
  'RESULT_SHARE_ACCESSED',
  'RESULT_RELEASED',
  'PATIENT_CHANGE_ACCEPTED',
  'PATIENT_CHANGE_REJECTED',
  'consent-form-signed',
  'CALL_CENTRE_MESSAGE',
  'CALL_CENTRE_MESSAGE_RECEIVED',
  'CALLBACK_REQUEST',
  'CALLBACK_REQUEST_RECEIVED',
] as const;
export type MessageTemplate = (typeof messageTemplates)[number];

/** GET /api/notifications/preview_translated_email (spec 1 §7). */
export const emailPreviewQuerySchema = z.object({
  template: z.enum(messageTemplates),
  lang: z.enum(supportedLocales),
  /** A booking key whose real data fill the template (outside production only). */
  referenceId: z.string().trim().min(1).max(200).optional(),
});
export type EmailPreviewQuery = z.infer<typeof emailPreviewQuerySchema>;

export const emailPreviewResponseSchema = z.object({
  /** The e-mail's HTML with its subject as a heading, then the SMS text when there is one. */
  content: z.string(),
});
export type EmailPreviewResponse = z.infer<typeof emailPreviewResponseSchema>;

export const emailPreviewErrorCodes = {
  /** Production without EMAIL_PREVIEW_ENABLED=true. */
  disabled: 'EMAIL_PREVIEW_DISABLED',
  /** A referenceId in production: real patient data are never previewed there. */
  referenceNotAllowed: 'EMAIL_PREVIEW_REFERENCE_NOT_ALLOWED',
  /** No booking has this key. */
  referenceNotFound: 'EMAIL_PREVIEW_REFERENCE_NOT_FOUND',
} as const;
