import { z } from 'zod';
import { instantSchema } from './availability.ts';
import { slugSchema } from './catalogue.ts';
import { supportedLocales } from './locales.ts';

/**
 * A booking key: an unguessable capability naming one appointment group or
 * booking request (>= 128 random bits, base64url). It alone grants nothing.
 */
export const bookingKeySchema = z.string().regex(/^[A-Za-z0-9_-]{22,64}$/, 'is not a booking key');

export const sexValues = ['FEMALE', 'MALE', 'INDETERMINATE'] as const;

/**
 * Booking request patientDetails (docs/product/booking.md#patient-form), plus the sex the
 * exam needs.
 */
export const patientDetailsSchema = z.object({
  title: z.string().trim().max(20).optional(),
  firstName: z.string().trim().min(1).max(80),
  lastName: z.string().trim().min(1).max(80),
  dateOfBirth: z.iso.date(),
  sex: z.enum(sexValues),
  email: z.email().max(254),
  /** Digits, optionally a leading +; spaces are removed before validation. */
  contactNumber: z
    .string()
    .transform((value) => value.replace(/[\s()-]/g, ''))
    .pipe(z.string().regex(/^\+?\d{8,15}$/, 'must be a phone number')),
  postalCode: z.string().trim().min(3).max(10),
  medicareNumber: z.string().trim().max(20).optional(),
});

/** POST /api/booking-keys: a fresh key reserved for one booking attempt. */
export const newBookingKeyResponseSchema = z.object({
  bookingKey: bookingKeySchema,
  expiresAt: instantSchema,
});

/** POST /api/booking-keys/{bookingKey}/rekey: move temporary documents and answers to a new key. */
export const rekeyRequestSchema = z.object({ newBookingKey: bookingKeySchema });
export const rekeyResponseSchema = z.object({
  documents: z.number().int().min(0),
  questionnaireAnswers: z.number().int().min(0),
});

/** POST /api/slot-holds: keep a slot for a few minutes while the patient fills the form. */
export const slotHoldRequestSchema = z.object({
  clinicSlug: slugSchema,
  examSlug: slugSchema,
  start: instantSchema,
  bookingKey: bookingKeySchema,
});
export const slotHoldResponseSchema = z.object({
  holdId: z.uuid(),
  start: instantSchema,
  end: instantSchema,
  expiresAt: instantSchema,
});
/**
 * POST /api/slot-holds/{holdId}/release: give a held slot back (the patient
 * chose another time or left). Only the booking key that made the hold may;
 * 204 when released, 404 NOT_FOUND for an unknown hold or another key's.
 * A POST so that navigator.sendBeacon can send it as the page closes.
 */
export const slotHoldReleaseRequestSchema = z.object({
  bookingKey: bookingKeySchema,
});

export const appointmentItemRequestSchema = z.object({
  examSlug: slugSchema,
  clinicSlug: slugSchema,
  start: instantSchema,
  /** The hold taken for this slot, if any; it becomes the appointment. */
  holdId: z.uuid().optional(),
});

/** POST /api/appointments (docs/product/booking.md#appointments). */
export const createAppointmentsRequestSchema = z.object({
  bookingKey: bookingKeySchema,
  /** createPendingAppointment: the clinic confirms before it is final. */
  pending: z.boolean().default(false),
  staffBooking: z.boolean().default(false),
  items: z.array(appointmentItemRequestSchema).min(1).max(10),
  patientDetails: patientDetailsSchema,
  patientNotes: z.string().trim().max(1000).optional(),
  /** The web's language when the patient booked: their messages are written in it (en-AU if absent). */
  locale: z.enum(supportedLocales).optional(),
});

/** Appointment creation response item (docs/product/booking.md#appointments). */
export const appointmentCreationItemSchema = z.object({
  success: z.boolean(),
  errorMessage: z.string().nullable(),
  errorCode: z.string().nullable(),
  modalityName: z.string(),
  examName: z.string(),
  clinicName: z.string(),
  /** Clinic-local start as an instant with offset. */
  date: instantSchema,
  endTime: instantSchema,
  timeZone: z.string(),
  patientEmailHash: z.string().regex(/^[0-9a-f]{64}$/),
  /** The booked appointment (a success): the confirmation's check-in QR code names it. */
  appointmentId: z.uuid().optional(),
});
export const createAppointmentsResponseSchema = z.object({
  bookingKey: bookingKeySchema,
  status: z.enum(['BOOKED', 'PENDING']),
  items: z.array(appointmentCreationItemSchema),
});

/** POST /api/booking-requests: an enquiry for exams (docs/product/booking.md#booking-requests). */
export const createBookingRequestSchema = z.object({
  bookingKey: bookingKeySchema,
  examSlugs: z.array(slugSchema).min(1).max(10),
  clinicSlug: slugSchema.optional(),
  /** The enquiry slot the patient chose, if any: a preferred time, not a booking. */
  preferredStart: instantSchema.optional(),
  staffBooking: z.boolean().default(false),
  patientDetails: patientDetailsSchema,
  patientNotes: z.string().trim().max(1000).optional(),
  /** The web's language when the patient booked: their messages are written in it (en-AU if absent). */
  locale: z.enum(supportedLocales).optional(),
  /**
   * From a CREATE_BOOKING_REQUEST outcome: proves the server routed this booking
   * (docs/product/questionnaires.md#outcomes).
   */
  apiKey: z.string().min(16).max(128).optional(),
});

/** Booking request response item (docs/product/booking.md#booking-requests). */
export const bookingRequestResponseItemSchema = z.object({
  modalityName: z.string(),
  examName: z.string(),
  clinicName: z.string().nullable(),
  patientEmailHash: z.string().regex(/^[0-9a-f]{64}$/),
  bookingKey: bookingKeySchema,
  success: z.boolean(),
  errorMessage: z.string().nullable(),
  /** The routing outcome's confirmation message, when created with its apiKey. */
  confirmationMessage: z.string().nullable().optional(),
});
export const createBookingRequestResponseSchema = z.array(bookingRequestResponseItemSchema);

/** POST /api/appointments/pending/{bookingKey}/notifications */
export const pendingNotificationsResponseSchema = z.object({ queued: z.number().int().min(0) });

/** A temporary document (referral) uploaded before the booking exists. */
export const temporaryDocumentSchema = z.object({
  id: z.uuid(),
  fileName: z.string(),
  contentType: z.string(),
  size: z.number().int(),
  examSlug: slugSchema.nullable(),
  groupName: z.string().nullable(),
  /** The document type it was uploaded as (docs/product/attachments.md), if any. */
  documentTypeId: z.number().int().nullable(),
});

export type PatientDetails = z.infer<typeof patientDetailsSchema>;
export type NewBookingKeyResponse = z.infer<typeof newBookingKeyResponseSchema>;
export type SlotHoldRequest = z.infer<typeof slotHoldRequestSchema>;
export type SlotHoldResponse = z.infer<typeof slotHoldResponseSchema>;
export type SlotHoldReleaseRequest = z.infer<typeof slotHoldReleaseRequestSchema>;
export type AppointmentItemRequest = z.infer<typeof appointmentItemRequestSchema>;
export type CreateAppointmentsRequest = z.infer<typeof createAppointmentsRequestSchema>;
export type AppointmentCreationItem = z.infer<typeof appointmentCreationItemSchema>;
export type CreateAppointmentsResponse = z.infer<typeof createAppointmentsResponseSchema>;
export type CreateBookingRequest = z.infer<typeof createBookingRequestSchema>;
export type BookingRequestResponseItem = z.infer<typeof bookingRequestResponseItemSchema>;
export type TemporaryDocument = z.infer<typeof temporaryDocumentSchema>;
