import { z } from 'zod';
import { instantSchema } from './availability.ts';
import { bookingKeySchema } from './booking.ts';
import { callCentreConfigSchema } from './call-centre.ts';
import { slugSchema } from './catalogue.ts';
import { checkInConfigSchema } from './check-in.ts';
import { cancelNoteMaxLength } from './patient-portal-codes.ts';
import { timedPreparationStepSchema } from './preparation.ts';
import { resultsConfigSchema, resultsPublicConfigSchema } from './results.ts';

/**
 * The patient portal (docs/product/patient-portal.md): what a signed-in patient reads about
 * their booking key, and the changes they may make to it (cancel, confirm, reschedule,
 * change, cancel a booking request).
 */

const summaryPatientSchema = z.object({ firstName: z.string(), lastName: z.string() });
const summaryClinicSchema = z.object({
  id: z.number().int(),
  slug: slugSchema.optional(),
  name: z.string(),
  /** One line: street, suburb, state and postcode. */
  address: z.string(),
  timeZone: z.string(),
  /** For directions: a maps link needs no key (docs/product/patient-portal.md#directions). */
  latitude: z.number().nullable().optional(),
  longitude: z.number().nullable().optional(),
  phone: z.string().nullable().optional(),
});

/** GET /api/secured/appointments/{bookingKey}: the appointments of one booking key. */
export const appointmentSummarySchema = z.object({
  id: z.uuid(),
  status: z.string(),
  startsAt: instantSchema,
  endsAt: instantSchema,
  timeZone: z.string(),
  exam: z.object({
    slug: slugSchema,
    name: z.string(),
    modalityName: z.string(),
    prepInstructions: z.string().optional(),
    /** A walk-in exam: rescheduling it online follows rescheduleWalkInAllowed. */
    walkIn: z.boolean().optional(),
  }),
  clinic: summaryClinicSchema,
  /** When the patient confirmed they will attend; null until then. */
  confirmedAt: instantSchema.nullable().optional(),
  /** The appointment that took this one's place (RESCHEDULED, CHANGED). */
  replacedBy: z.uuid().nullable().optional(),
  /**
   * An offer the patient may decline with the DECLINE_APPOINTMENT questionnaire: a pending
   * or staff-booked appointment to which an unanswered one applies.
   */
  declinable: z.boolean().optional(),
  /** The exam's preparation steps at this appointment's clinic-local times, earliest first. */
  preparation: z.array(timedPreparationStepSchema).optional(),
});
export const appointmentsSummaryResponseSchema = z.object({
  bookingKey: bookingKeySchema,
  /** BOOKED, or PENDING while the clinic has not confirmed. */
  status: z.string(),
  patient: summaryPatientSchema,
  appointments: z.array(appointmentSummarySchema),
});

/** GET /api/secured/booking_requests/{bookingKey}: one booking request (enquiry). */
export const bookingRequestSummaryResponseSchema = z.object({
  bookingKey: bookingKeySchema,
  status: z.string(),
  createdAt: instantSchema,
  preferredStart: instantSchema.nullable(),
  patient: summaryPatientSchema,
  exams: z.array(z.object({ slug: slugSchema, name: z.string(), modalityName: z.string() })),
  clinic: summaryClinicSchema.omit({ slug: true }).nullable(),
  patientNotes: z.string().nullable(),
  /** RECEIVED and CONTACTED requests may be cancelled by the patient. */
  cancellable: z.boolean().optional(),
});

/** Path parameters of /api/secured/appointments/{bookingKey}/items/{appointmentId}/... */
export const appointmentItemParamsSchema = z.object({
  bookingKey: bookingKeySchema,
  appointmentId: z.uuid(),
});

/** The changes whose windows the server decides (spec: can-change-status). */
export const appointmentChanges = ['CANCEL', 'RESCHEDULE', 'CHANGE'] as const;
export const appointmentChangeSchema = z.enum(appointmentChanges);
export const canChangeQuerySchema = z.object({ change: appointmentChangeSchema.default('CANCEL') });

/** Why a change is not made online (docs/product/patient-portal.md#the-rules-of-change). */
export const cannotChangeReasons = [
  'APPOINTMENT_CANCELLED',
  'PRIOR_MINUTES',
  'ENQUIRE_ONLY',
] as const;
export const canChangeStatusResponseSchema = z.object({
  canChange: z.boolean(),
  reason: z.enum(cannotChangeReasons).nullable(),
  /** The window that applies to this appointment and change, in minutes before its start. */
  priorMinutes: z.number().int().min(0),
});

/** A cancel reason's code; its label is the translation `patient_portal.cancel_reason.{code}`. */
export const cancelReasonCodeSchema = z
  .string()
  .regex(/^[A-Z][A-Z0-9_]{1,63}$/, 'must be an UPPER_SNAKE code such as FEELING_UNWELL');

/** POST .../items/{appointmentId}/cancel and /api/secured/booking_requests/{bookingKey}/cancel */
export const cancelRequestSchema = z.object({
  reason: cancelReasonCodeSchema.nullable().default(null),
  note: z.string().trim().max(cancelNoteMaxLength).nullable().default(null),
});

/**
 * CANCELED: done, the slot is free. QUESTIONNAIRE_REQUIRED: the CANCEL_APPOINTMENT_PATIENT
 * questionnaire cancels it once saved. REQUESTED: an enquire-only appointment; the clinic was
 * asked to cancel it.
 */
export const cancelOutcomes = ['CANCELED', 'QUESTIONNAIRE_REQUIRED', 'REQUESTED'] as const;
export const cancelAppointmentResponseSchema = z.object({
  outcome: z.enum(cancelOutcomes),
  appointmentStatus: z.string(),
  questionnaireType: z.literal('CANCEL_APPOINTMENT_PATIENT').nullable(),
});

/** POST .../items/{appointmentId}/confirm */
export const confirmAppointmentResponseSchema = z.object({
  appointmentStatus: z.string(),
  confirmedAt: instantSchema,
});

/** POST .../items/{appointmentId}/reschedule: another time for the same exam at the same clinic. */
export const rescheduleAppointmentRequestSchema = z.object({ start: instantSchema });
/** POST .../items/{appointmentId}/change: another exam and/or clinic (and time). */
export const changeAppointmentRequestSchema = z.object({
  examSlug: slugSchema,
  clinicSlug: slugSchema,
  start: instantSchema,
});
export const moveAppointmentResponseSchema = z.object({
  /** The old appointment's new status. */
  appointmentStatus: z.enum(['RESCHEDULED', 'CHANGED']),
  replacement: appointmentSummarySchema,
});

/** POST /api/secured/booking_requests/{bookingKey}/cancel */
export const cancelBookingRequestResponseSchema = z.object({ status: z.literal('CANCELED') });

/** POST /api/appointment-links/lookup: what a reminder's confirm or cancel link would do. */
export const appointmentLinkResponseSchema = z.object({
  action: z.enum(['CONFIRM', 'CANCEL']),
  /** USABLE until used once, or until the appointment starts or changes. */
  state: z.enum(['USABLE', 'USED', 'EXPIRED']),
  appointment: z.object({
    examName: z.string(),
    clinicName: z.string(),
    startsAt: instantSchema,
    timeZone: z.string(),
    status: z.string(),
  }),
});
/** POST /api/appointment-links/use: the link used (once). */
export const appointmentLinkActionResponseSchema = z.object({
  outcome: z.enum(['CONFIRMED', 'CANCELED', 'QUESTIONNAIRE_REQUIRED', 'REQUESTED']),
  /** Only for QUESTIONNAIRE_REQUIRED: where the patient signs in to answer it. */
  bookingKey: bookingKeySchema.nullable(),
});
/** The token travels in the body, never the URL: URLs are logged, tokens are proof. */
export const appointmentLinkRequestSchema = z.object({
  token: z
    .string()
    .min(20)
    .max(2048)
    .regex(/^[\w-]+\.[\w-]+\.[\w-]+$/, 'is not a link token'),
});

const priorMinutesSchema = z.number().int().min(0).max(43_200);

/** config/patient-portal.json: what patients may change, and when (validated at start). */
export const patientPortalConfigSchema = z.object({
  /** The background image (asset patient_portal_background) on non-mobile screens. */
  patientPortalBackgroundImageEnabled: z.boolean().default(false),
  /** Offered in the cancel reason modal, in this order; none hides the picker. */
  cancelReasons: z
    .array(cancelReasonCodeSchema)
    .max(20)
    .default(['FEELING_UNWELL', 'CANNOT_ATTEND', 'BOOKED_ELSEWHERE', 'NO_LONGER_NEEDED', 'OTHER']),
  /** A patient may cancel until this many minutes before the start. */
  cancelPriorMinutes: priorMinutesSchema.default(1440),
  /** A patient may reschedule or change until this many minutes before the start. */
  reschedulePriorMinutes: priorMinutesSchema.default(1440),
  /** Per modality slug, overriding either window. */
  priorMinutesByModality: z
    .record(
      slugSchema,
      z.object({
        cancel: priorMinutesSchema.optional(),
        reschedule: priorMinutesSchema.optional(),
      }),
    )
    .default({}),
  /** Whether a walk-in exam's appointment may be rescheduled online. */
  rescheduleWalkInAllowed: z.boolean().default(false),
  /** Modalities whose appointments are changed by the clinic: a cancel becomes a request. */
  enquireOnlyModalities: z.array(slugSchema).default([]),
  /** Reminders (e-mail and SMS) this many hours before a booked appointment; [] sends none. */
  reminderLeadHours: z.array(z.number().int().min(1).max(336)).max(4).default([72, 24]),
  /** Results access and sharing (docs/product/results-and-sharing.md#configuration). */
  results: resultsConfigSchema.prefault({}),
  /** Digital and kiosk check-in (docs/product/check-in.md#configuration). */
  checkIn: checkInConfigSchema.prefault({}),
  /** Messages and callback requests to the call centre (docs/product/contact-the-clinic.md). */
  callCentre: callCentreConfigSchema.prefault({}),
});

/** GET /api/config/patient-portal: what the browser needs before any sign-in. */
export const patientPortalPublicConfigSchema = patientPortalConfigSchema
  .pick({
    patientPortalBackgroundImageEnabled: true,
    cancelReasons: true,
    rescheduleWalkInAllowed: true,
  })
  .extend({ results: resultsPublicConfigSchema });

export type AppointmentSummary = z.infer<typeof appointmentSummarySchema>;
export type AppointmentsSummaryResponse = z.infer<typeof appointmentsSummaryResponseSchema>;
export type BookingRequestSummaryResponse = z.infer<typeof bookingRequestSummaryResponseSchema>;
export type AppointmentChange = z.infer<typeof appointmentChangeSchema>;
export type CannotChangeReason = (typeof cannotChangeReasons)[number];
export type CanChangeStatusResponse = z.infer<typeof canChangeStatusResponseSchema>;
export type CancelRequest = z.infer<typeof cancelRequestSchema>;
export type CancelAppointmentResponse = z.infer<typeof cancelAppointmentResponseSchema>;
export type ConfirmAppointmentResponse = z.infer<typeof confirmAppointmentResponseSchema>;
export type RescheduleAppointmentRequest = z.infer<typeof rescheduleAppointmentRequestSchema>;
export type ChangeAppointmentRequest = z.infer<typeof changeAppointmentRequestSchema>;
export type MoveAppointmentResponse = z.infer<typeof moveAppointmentResponseSchema>;
export type CancelBookingRequestResponse = z.infer<typeof cancelBookingRequestResponseSchema>;
export type PatientPortalConfig = z.infer<typeof patientPortalConfigSchema>;
export type AppointmentLinkResponse = z.infer<typeof appointmentLinkResponseSchema>;
export type AppointmentLinkActionResponse = z.infer<typeof appointmentLinkActionResponseSchema>;
export type PatientPortalPublicConfig = z.infer<typeof patientPortalPublicConfigSchema>;
