import { z } from 'zod';
import { instantSchema } from './availability.ts';
import { bookingKeySchema } from './booking.ts';
import {
  shareContactDetailsTypes,
  shareContactNameMaxLength,
  shareNoteDefaultMaxLength,
  shareTypes,
} from './results-codes.ts';

/**
 * Results, patient matching, history and sharing (docs/product/results-and-sharing.md).
 *
 * Patient (session of type APPOINTMENT_RESULTS for the key):
 *   GET    /api/secured/appointments/{bookingKey}/result                 → resultsResponseSchema
 *   POST   /api/secured/appointments/{bookingKey}/result/patient_match   patientMatchRequestSchema → patientMatchResponseSchema
 *   GET    /api/secured/appointments/{bookingKey}/result/history         → resultsResponseSchema (every booking of the patient)
 *   GET    /api/secured/appointments/{bookingKey}/result/shares          → sharedAccessListResponseSchema
 *   POST   /api/secured/appointments/{bookingKey}/result/shares          shareRequestSchema → 201 sharedAccessRecordSchema
 *   DELETE /api/secured/appointments/{bookingKey}/result/shares/{shareId} → 204 (idempotent)
 * Recipient (session signed in with shared: true on the share token):
 *   GET    /api/secured/shared/{shareToken}/result                       → resultsResponseSchema (shared: true)
 * Provider (integration API key):
 *   PUT    /api/integration/bookings/{bookingKey}/appointments/{appointmentId}/result  resultReleaseRequestSchema → resultReleaseResponseSchema
 */

export const shareTypeSchema = z.enum(shareTypes);
export const shareContactDetailsTypeSchema = z.enum(shareContactDetailsTypes);

/** Whether a result can be read yet: AVAILABLE once the provider released its report. */
export const resultStatuses = ['AVAILABLE', 'NOT_READY'] as const;
export const resultStatusSchema = z.enum(resultStatuses);

export const resultReportSchema = z.object({
  title: z.string(),
  /** Plain text (never HTML): the web shows it with white-space: pre-wrap. */
  text: z.string(),
});

/** One appointment's result. */
export const appointmentResultSchema = z.object({
  appointmentId: z.uuid(),
  startsAt: instantSchema,
  /** The clinic's IANA time zone, for showing startsAt. */
  timeZone: z.string(),
  exam: z.object({ name: z.string(), modalityName: z.string() }),
  clinic: z.object({ name: z.string() }),
  status: resultStatusSchema,
  releasedAt: instantSchema.nullable(),
  /** Null until released. */
  report: resultReportSchema.nullable(),
  /** True when the result is released and the PACS holds its study (docs/product/images.md). */
  imagesAvailable: z.boolean(),
  /**
   * The study's accession number, for POST /api/image_viewer/generate; null when the provider
   * gave none or the result is not released.
   */
  accessionNumber: z.string().nullable(),
});

/**
 * GET .../result, .../result/history and /api/secured/shared/{shareToken}/result. A 403 with
 * code RESULTS_EXPIRED when the access period has passed; a shared read of a revoked or expired
 * share answers 403 SHARE_REVOKED.
 */
export const resultsResponseSchema = z.object({
  /** The key the page was opened with (the share token on a shared read). */
  bookingKey: bookingKeySchema,
  patient: z.object({ firstName: z.string(), lastName: z.string() }),
  /** True on a shared read (a recipient's view: no actions, no share list). */
  shared: z.boolean(),
  /** The share's type on a shared read, else null. */
  shareType: shareTypeSchema.nullable(),
  /** On a shared read, when the share expires; else when the results' access period ends. */
  accessExpiresAt: instantSchema.nullable(),
  /** Newest first. */
  results: z.array(appointmentResultSchema),
});

/**
 * POST .../result/patient_match: the patient proves who they are once more to see the history
 * of every booking of theirs. email with otpType EMAIL, contactNumber with SMS.
 * No match → 422 PATIENT_MATCHING_FAILED (a failed attempt, counted with the sign-in limits).
 */
export const patientMatchRequestSchema = z
  .object({
    dateOfBirth: z.iso.date(),
    email: z.string().trim().max(254).optional(),
    contactNumber: z.string().trim().max(20).optional(),
    otpType: z.enum(['EMAIL', 'SMS']),
  })
  .refine((body) => (body.otpType === 'EMAIL' ? !!body.email : !!body.contactNumber), {
    message: 'email is required with otpType EMAIL, contactNumber with SMS',
    path: ['otpType'],
  });
export const patientMatchResponseSchema = z.object({
  /** The booking key the history page opens: /appointments/{historyAppointments}/result/patient. */
  historyAppointments: bookingKeySchema,
});

/** POST .../result/shares (validated by spec 2 §5; a bad contact → 422 INVALID_CONTACT_DETAILS). */
export const shareRequestSchema = z.object({
  contactDetails: z.string().trim().min(1).max(254),
  contactDetailsType: shareContactDetailsTypeSchema,
  contactName: z.string().trim().max(shareContactNameMaxLength).optional(),
  /** At most shareNoteMaxLength characters (config; checked by the server, default 150). */
  note: z.string().trim().max(2000).optional(),
  type: shareTypeSchema,
  /** Required for RESULT: the appointment of this key whose result is shared. */
  appointmentId: z.uuid().optional(),
  /** Days until the share expires; shareExpiryDefaultDays when absent, at most shareExpiryMaxDays. */
  expiresInDays: z.number().int().min(1).max(3650).optional(),
});

/** One access by the recipient: a sign-in or a read. */
export const shareAccessSchema = z.object({
  at: instantSchema,
  clientAddress: z.string(),
  userAgent: z.string().nullable(),
});

export const sharedAccessRecordSchema = z.object({
  id: z.uuid(),
  contactDetails: z.string(),
  contactDetailsType: shareContactDetailsTypeSchema,
  contactName: z.string().nullable(),
  note: z.string().nullable(),
  type: shareTypeSchema,
  appointmentId: z.uuid().nullable(),
  dateCreatedUTC: instantSchema,
  expiresAt: instantSchema,
  dateRevoked: instantSchema.nullable(),
  /** Newest first. */
  accesses: z.array(shareAccessSchema),
});

/** GET .../result/shares: newest first. */
export const sharedAccessListResponseSchema = z.object({
  shares: z.array(sharedAccessRecordSchema),
});

export const shareParamsSchema = z.object({
  bookingKey: bookingKeySchema,
  shareId: z.uuid(),
});

/** GET /api/secured/shared/{shareToken}/result: the token is 256 random bits, base64url (43 chars). */
export const shareTokenParamsSchema = z.object({ shareToken: bookingKeySchema });

/** PUT /api/integration/bookings/{bookingKey}/appointments/{appointmentId}/result */
export const resultReleaseParamsSchema = z.object({
  bookingKey: bookingKeySchema,
  appointmentId: z.uuid(),
});
export const resultReportTitleMaxLength = 200;
export const resultReportTextMaxLength = 50_000;
export const resultReleaseRequestSchema = z.object({
  reportTitle: z.string().trim().min(1).max(resultReportTitleMaxLength),
  reportText: z.string().trim().min(1).max(resultReportTextMaxLength),
  /**
   * The study's accession number in the PACS (docs/product/images.md): the patient can then
   * open its images. Kept when a later release leaves it out.
   */
  accessionNumber: z.string().trim().min(1).max(64).optional(),
});
export const resultReleaseResponseSchema = z.object({
  appointmentId: z.uuid(),
  releasedAt: instantSchema,
});

/** config/patient-portal.json, block `results` (validated at start). */
export const resultsConfigSchema = z.object({
  /** Results released longer ago than this answer RESULTS_EXPIRED. */
  resultsAccessDays: z.number().int().min(1).max(36_500).default(365),
  shareExpiryDefaultDays: z.number().int().min(1).max(3650).default(14),
  shareExpiryMaxDays: z.number().int().min(1).max(3650).default(90),
  shareNoteMaxLength: z.number().int().min(1).max(2000).default(shareNoteDefaultMaxLength),
  /** Whether a share may go to a phone by SMS (spec 2 §5 "when SMS is enabled"). */
  shareBySmsEnabled: z.boolean().default(false),
  /** At most one access notice to the patient per share in this many minutes. */
  shareAccessNoticeMinutes: z.number().int().min(0).max(1440).default(60),
});

/** What the browser needs of it (part of GET /api/config/patient-portal, as `results`). */
export const resultsPublicConfigSchema = resultsConfigSchema.pick({
  shareExpiryDefaultDays: true,
  shareExpiryMaxDays: true,
  shareNoteMaxLength: true,
  shareBySmsEnabled: true,
});

export type ResultStatus = z.infer<typeof resultStatusSchema>;
export type AppointmentResult = z.infer<typeof appointmentResultSchema>;
export type ResultsResponse = z.infer<typeof resultsResponseSchema>;
export type PatientMatchRequest = z.infer<typeof patientMatchRequestSchema>;
export type PatientMatchResponse = z.infer<typeof patientMatchResponseSchema>;
export type ShareRequest = z.infer<typeof shareRequestSchema>;
export type ShareAccess = z.infer<typeof shareAccessSchema>;
export type SharedAccessRecord = z.infer<typeof sharedAccessRecordSchema>;
export type SharedAccessListResponse = z.infer<typeof sharedAccessListResponseSchema>;
export type ResultReleaseRequest = z.infer<typeof resultReleaseRequestSchema>;
export type ResultReleaseResponse = z.infer<typeof resultReleaseResponseSchema>;
export type ResultsConfig = z.infer<typeof resultsConfigSchema>;
export type ResultsPublicConfig = z.infer<typeof resultsPublicConfigSchema>;
