import { z } from 'zod';
import { instantSchema } from './availability.ts';
import { isValidMedicareIrn, isValidMedicareNumber } from './medicare.ts';

/**
 * Check-in (docs/product/check-in.md): from home on the appointment page, and at the clinic's
 * kiosk. A check-in is stored when the patient submits it and handed to the provider's systems
 * through the durable outbox (a signed webhook); it is "sent" only once delivered.
 *
 * Patient (session of type APPOINTMENT for the booking key):
 *   GET  /api/secured/appointments/{bookingKey}/items/{appointmentId}/check_in   → checkInStatusResponseSchema
 *   POST /api/secured/appointments/{bookingKey}/items/{appointmentId}/check_in   checkInRequestSchema → 202 checkInStatusResponseSchema
 *   GET  /api/secured/appointments/{bookingKey}/doctor_search/{text}             → doctorSearchResponseSchema
 * Kiosk (the kiosk identity cookie names the device): see kioskIdentityCheck* below.
 * Provider (integration API key):
 *   POST /api/integration/check_ins/{checkInId}/acknowledge                       → 200 { acknowledgedAt }
 */

/** Errors of the check-in calls; codes are the spec's translation keys where it names one. */
export const checkInErrorCodes = {
  /** Outside the window (before it opens or after it closes); params.priorMinutes. */
  window: 'message.late_enable_digital_check_in_error',
  /** Check-in is off for this provider, or the appointment cannot be checked in (status). */
  disabled: 'CHECK_IN_DISABLED',
  /** Not ready: a required referral is missing (readiness.requiredReferralUploaded false). */
  notReady: 'CHECK_IN_NOT_READY',
  /** The delivery to the provider failed for good (after every retry). */
  failed: 'message.check_in_error',
} as const;

/** FORM: the digital check-in form; SIMPLE: a confirm dialog, then check-in by slug. */
export const checkInModes = ['FORM', 'SIMPLE'] as const;
export const checkInModeSchema = z.enum(checkInModes);

/** Where the appointment stands against the check-in window. */
export const checkInWindows = ['NOT_YET_OPEN', 'OPEN', 'CLOSED'] as const;

/** QUEUED: stored and in the outbox; DELIVERED: the provider's webhook took it; FAILED: every retry failed. */
export const checkInStates = ['QUEUED', 'DELIVERED', 'FAILED'] as const;
export const checkInStateSchema = z.enum(checkInStates);

export const checkInGenders = ['FEMALE', 'MALE', 'OTHER'] as const;

/** Check-in readiness (spec 2 §3): a referral the exam needs must be uploaded first. */
export const checkInReadinessSchema = z.object({
  ready: z.boolean(),
  requiredReferralUploaded: z.boolean(),
  /** The document type to upload when the referral is missing, else null. */
  documentTypeId: z.number().int().nullable(),
  /** A translation key saying why not ready (message.unknown_reason when none is known), else null. */
  message: z.string().nullable(),
});

export const checkInRecordSchema = z.object({
  id: z.uuid(),
  state: checkInStateSchema,
  submittedAt: instantSchema,
  deliveredAt: instantSchema.nullable(),
  /** The spec's flags, derived from state: prepared = stored; sent/success = delivered. */
  checkInPrepared: z.boolean(),
  checkInSent: z.boolean(),
  checkInSuccess: z.boolean(),
  /** KIOSK when made at a kiosk, else HOME. */
  channel: z.enum(['HOME', 'KIOSK']),
});

/** GET/POST .../items/{appointmentId}/check_in */
export const checkInStatusResponseSchema = z.object({
  appointmentId: z.uuid(),
  /** The provider's flag and the appointment's status (only BOOKED appointments check in). */
  enabled: z.boolean(),
  window: z.enum(checkInWindows),
  opensAt: instantSchema,
  closesAt: instantSchema,
  /** Minutes before the start when check-in opens (the message's priorMinutes). */
  priorMinutes: z.number().int().min(0),
  mode: checkInModeSchema,
  showGenderSelection: z.boolean(),
  readiness: checkInReadinessSchema,
  /** The patient's Medicare number from an earlier check-in of this booking key, to prefill. */
  patientMedicareNumber: z.string().nullable(),
  /** Null until the patient checks in. */
  checkIn: checkInRecordSchema.nullable(),
});

const medicareNumberField = z
  .string()
  .transform((value) => value.replace(/\s+/g, ''))
  .refine(isValidMedicareNumber, 'is not a valid Medicare number');

/** The digital check-in form (spec 2 §3, §5). */
export const checkInFormSchema = z.object({
  /** The referrer's id from the doctor search (one doctor at one practice location). */
  referrer: z.uuid(),
  /** Not in the future (the clinic's today); checked on the server too. */
  dateOfReferral: z.iso.date(),
  medicareNumber: medicareNumberField,
  /** The IRN: the patient's position on the card, 1 to 9. */
  referenceNumber: z
    .union([z.string(), z.number()])
    .refine(isValidMedicareIrn, 'must be a number from 1 to 9')
    .transform((value) => Number(value)),
  /** Required only when showGenderSelection is set. */
  gender: z.enum(checkInGenders).nullable().default(null),
});

/** POST body: the form in FORM mode, null in SIMPLE mode and at a kiosk. */
export const checkInRequestSchema = z.object({ form: checkInFormSchema.nullable().default(null) });

/** Doctor search (spec 2 §3): one row per doctor and practice location. */
export const doctorSearchResultSchema = z.object({
  id: z.uuid(),
  firstName: z.string(),
  lastName: z.string(),
  providerNumber: z.string(),
  practiceName: z.string().nullable(),
  city: z.object({ name: z.string() }),
  postalCode: z.object({ code: z.string() }),
});
export const doctorSearchResponseSchema = z.object({ doctors: z.array(doctorSearchResultSchema) });
/** The search starts after more than 2 characters (spec 2 §5); at most this many rows answer. */
export const doctorSearchMinLength = 3;
export const doctorSearchMaxResults = 20;

/** config/patient-portal.json checkIn block (validated at start). */
export const checkInConfigSchema = z.object({
  enabled: z.boolean().default(true),
  mode: checkInModeSchema.default('FORM'),
  /** Check-in opens this many minutes before the appointment starts. */
  priorMinutes: z.number().int().min(0).max(10_080).default(1440),
  /** And closes this many minutes after it starts. */
  closesMinutesAfterStart: z.number().int().min(0).max(1440).default(30),
  showGenderSelection: z.boolean().default(false),
});

export type CheckInStatusResponse = z.infer<typeof checkInStatusResponseSchema>;
export type CheckInRecord = z.infer<typeof checkInRecordSchema>;
export type CheckInReadiness = z.infer<typeof checkInReadinessSchema>;
export type CheckInForm = z.infer<typeof checkInFormSchema>;
export type CheckInFormInput = z.input<typeof checkInFormSchema>;
export type CheckInRequest = z.infer<typeof checkInRequestSchema>;
export type DoctorSearchResult = z.infer<typeof doctorSearchResultSchema>;
export type CheckInConfig = z.infer<typeof checkInConfigSchema>;

/**
 * Why a check-in is not ready (readiness.message): translation keys. The referral and another
 * required document name what to upload (readiness.documentTypeId); unknown_reason is the spec's
 * fallback (spec 2 §8), for a refusal the portal cannot explain.
 */
export const checkInReadinessMessages = {
  referralMissing: 'message.check_in_referral_required',
  documentMissing: 'message.check_in_document_required',
  unknown: 'message.unknown_reason',
} as const;

/** Path parameters of the provider's check-in calls. */
export const integrationCheckInParamsSchema = z.object({ checkInId: z.uuid() });

/** POST /api/integration/check_ins/{checkInId}/acknowledge: the first acknowledgement holds. */
export const checkInAcknowledgeResponseSchema = z.object({
  checkInId: z.uuid(),
  acknowledgedAt: instantSchema,
});

/** GET /api/integration/check_ins?state=&limit=: for integrations that poll instead of a webhook. */
export const integrationCheckInsQuerySchema = z.object({
  state: checkInStateSchema.optional(),
  /** Only check-ins not yet acknowledged by the provider. */
  unacknowledged: z
    .enum(['true', 'false'])
    .transform((value) => value === 'true')
    .optional(),
  limit: z.coerce.number().int().min(1).max(200).default(50),
});

/** The event type of a submitted check-in, in the webhook's body and X-Portal-Event-Type. */
export const checkInSubmittedEventType = 'check_in.submitted';

/**
 * A check-in as the provider's systems receive it: the webhook body's `data` and a row of the
 * polling list. What a RIS needs to mark the patient arrived and bill the exam, nothing more.
 */
export const checkInEventDataSchema = z.object({
  checkInId: z.uuid(),
  appointmentId: z.uuid(),
  bookingKey: z.string(),
  submittedAt: instantSchema,
  channel: z.enum(['HOME', 'KIOSK']),
  /** The kiosk's name (the kioskIdentity cookie) when made at a kiosk. */
  kioskDeviceName: z.string().nullable(),
  appointment: z.object({
    start: instantSchema,
    timeZone: z.string(),
    exam: z.object({ slug: z.string(), name: z.string(), examCode: z.string().nullable() }),
    clinic: z.object({ slug: z.string(), name: z.string() }),
  }),
  patient: z.object({
    firstName: z.string(),
    lastName: z.string(),
    dateOfBirth: z.iso.date(),
  }),
  /** Null in SIMPLE mode and at a kiosk (no form). */
  referral: z
    .object({
      referrer: z.object({
        id: z.uuid(),
        firstName: z.string(),
        lastName: z.string(),
        providerNumber: z.string(),
        practiceName: z.string().nullable(),
      }),
      dateOfReferral: z.iso.date(),
    })
    .nullable(),
  medicare: z.object({ number: z.string(), irn: z.number().int() }).nullable(),
  gender: z.enum(checkInGenders).nullable(),
});

/** The webhook's JSON body: the event id is the X-Portal-Event-Id header's, the same on every retry. */
export const checkInEventSchema = z.object({
  id: z.uuid(),
  type: z.literal(checkInSubmittedEventType),
  createdAt: instantSchema,
  data: checkInEventDataSchema,
});

export const integrationCheckInSchema = checkInEventDataSchema.extend({
  state: checkInStateSchema,
  deliveredAt: instantSchema.nullable(),
  acknowledgedAt: instantSchema.nullable(),
});
export const integrationCheckInsResponseSchema = z.object({
  checkIns: z.array(integrationCheckInSchema),
});

export type CheckInEventData = z.infer<typeof checkInEventDataSchema>;
export type CheckInEvent = z.infer<typeof checkInEventSchema>;
export type IntegrationCheckIn = z.infer<typeof integrationCheckInSchema>;
export type CheckInAcknowledgeResponse = z.infer<typeof checkInAcknowledgeResponseSchema>;
