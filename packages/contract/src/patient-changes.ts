import { z } from 'zod';
import { instantSchema } from './availability.ts';
import { bookingKeySchema, patientDetailsSchema } from './booking.ts';
import {
  patientChangeFields,
  patientChangeOrigins,
  patientChangeStatuses,
} from './patient-change-codes.ts';

/**
 * Patient detail change requests (docs/product/patient-detail-changes.md, spec 2 §3, §4):
 * a signed-in patient asks for their details to change; the request waits (PENDING) until the
 * provider accepts or rejects it through /api/integration; only acceptance writes the record.
 */

const optionalText = (max: number) =>
  z
    .string()
    .trim()
    .max(max)
    .transform((value) => (value === '' ? null : value))
    .nullable();
const optionId = z.number().int().min(1).max(1_000_000).nullable();

/**
 * What each field accepts in a change request: the booking form's own rules for the fields it
 * has (patientDetailsSchema), null or an empty string clearing an optional field.
 */
export const patientChangeValuesSchema = z
  .object({
    title: optionalText(20),
    firstName: patientDetailsSchema.shape.firstName,
    lastName: patientDetailsSchema.shape.lastName,
    email: patientDetailsSchema.shape.email,
    contactNumber: patientDetailsSchema.shape.contactNumber,
    streetAddress: optionalText(120),
    suburb: optionalText(60),
    state: optionalText(30),
    postalCode: patientDetailsSchema.shape.postalCode,
    medicareNumber: optionalText(20),
    ethnicityId: optionId,
    insuranceTypeId: optionId,
    insuranceNumber: optionalText(30),
    validationCode: optionalText(40),
  })
  .partial()
  .strict();
export type PatientChangeValues = z.infer<typeof patientChangeValuesSchema>;

/** A field's value as stored and answered: text, an option id, or nothing. */
export const patientFieldValueSchema = z.union([z.string(), z.number().int(), z.null()]);
export type PatientFieldValue = z.infer<typeof patientFieldValueSchema>;

/** One field of a request: what the record held when it was made, and what is asked for. */
export const patientFieldChangeSchema = z.object({
  field: z.enum(patientChangeFields),
  oldValue: patientFieldValueSchema,
  newValue: patientFieldValueSchema,
});
export type PatientFieldChange = z.infer<typeof patientFieldChangeSchema>;

/** POST /api/secured/{appointments|booking_requests}/{bookingKey}/patient_change_requests */
export const patientChangeRequestBodySchema = z
  .object({
    origin: z.enum(patientChangeOrigins),
    changes: patientChangeValuesSchema,
  })
  .strict();
export type PatientChangeRequestBody = z.infer<typeof patientChangeRequestBodySchema>;

export const pendingPatientChangeSchema = z.object({
  id: z.uuid(),
  origin: z.enum(patientChangeOrigins),
  requestedAt: instantSchema,
  changes: z.array(patientFieldChangeSchema),
});
export type PendingPatientChange = z.infer<typeof pendingPatientChangeSchema>;

/** An ethnicity or insurance type: `name` is a translation key or the provider's own text. */
export const patientDetailOptionSchema = z.object({
  id: z.number().int().min(1).max(1_000_000),
  name: z.string().trim().min(1).max(120),
});
export type PatientDetailOption = z.infer<typeof patientDetailOptionSchema>;

/** GET .../patient_details: the patient-details state (spec 2 §3). */
export const patientDetailsStateSchema = z.object({
  patientChangeDetails: z.object({
    /** The fields this provider lets patients ask to change, in the form's order. */
    changeableFields: z.array(z.enum(patientChangeFields)),
    /** The record's current values of those fields. */
    values: z.record(z.string(), patientFieldValueSchema),
    /**
     * Fields the booking's questionnaire answers make necessary while the record has none
     * (issue 5's `validationCodeRequired`: `validationCode`); a request may not leave them
     * empty.
     */
    requiredFields: z.array(z.enum(patientChangeFields)),
    /** The insurance type an outcome named (`insuranceTypeId`), to prefill an empty one. */
    suggestedInsuranceTypeId: z.number().int().nullable(),
    pendingRequest: pendingPatientChangeSchema.nullable(),
  }),
  ethnicities: z.array(patientDetailOptionSchema),
  insuranceTypes: z.array(patientDetailOptionSchema),
});
export type PatientDetailsState = z.infer<typeof patientDetailsStateSchema>;

/** The answer to a request or a withdrawal: `message` is a translation key (spec 2 §8). */
export const patientChangeResponseSchema = z.object({
  message: z.string(),
  pendingRequest: pendingPatientChangeSchema.nullable(),
});
export type PatientChangeResponse = z.infer<typeof patientChangeResponseSchema>;

export const patientChangeRequestParamsSchema = z.object({
  bookingKey: bookingKeySchema,
  requestId: z.uuid(),
});

/** config/patient-details.json (optional; validated at start). */
export const patientDetailsConfigSchema = z.object({
  /** Which fields patients may ask to change online; the others they change with the clinic. */
  changeableFields: z
    .array(z.enum(patientChangeFields))
    .max(patientChangeFields.length)
    .refine((fields) => new Set(fields).size === fields.length, 'lists a field twice')
    .default([...patientChangeFields]),
  ethnicities: z
    .array(patientDetailOptionSchema)
    .max(50)
    .refine((options) => new Set(options.map((o) => o.id)).size === options.length, 'ids repeat')
    .default([
      { id: 1, name: 'patient_details.ethnicity.aboriginal' },
      { id: 2, name: 'patient_details.ethnicity.torres_strait_islander' },
      { id: 3, name: 'patient_details.ethnicity.both' },
      { id: 4, name: 'patient_details.ethnicity.neither' },
      { id: 5, name: 'patient_details.ethnicity.not_stated' },
    ]),
  insuranceTypes: z
    .array(patientDetailOptionSchema)
    .max(50)
    .refine((options) => new Set(options.map((o) => o.id)).size === options.length, 'ids repeat')
    .default([
      { id: 1, name: 'patient_details.insurance_type.medicare' },
      { id: 2, name: 'patient_details.insurance_type.private' },
      { id: 3, name: 'patient_details.insurance_type.dva' },
      { id: 4, name: 'patient_details.insurance_type.workers_compensation' },
      { id: 5, name: 'patient_details.insurance_type.third_party' },
      { id: 6, name: 'patient_details.insurance_type.self_funded' },
    ]),
  /** A request the provider has not decided within this many days expires (EXPIRED). */
  pendingRequestDays: z.number().int().min(1).max(365).default(30),
});
export type PatientDetailsConfig = z.infer<typeof patientDetailsConfigSchema>;

/** GET /api/integration/patient_change_requests?status= */
export const integrationPatientChangeQuerySchema = z.object({
  status: z.enum(patientChangeStatuses).default('PENDING'),
});
export const integrationPatientChangeParamsSchema = z.object({ requestId: z.uuid() });
export const integrationPatientChangeRejectSchema = z
  .object({ note: z.string().trim().max(500).nullable().default(null) })
  .strict()
  .default({ note: null });

export const integrationPatientChangeSchema = z.object({
  id: z.uuid(),
  patientId: z.uuid(),
  bookingKey: bookingKeySchema,
  origin: z.enum(patientChangeOrigins),
  status: z.enum(patientChangeStatuses),
  changes: z.array(patientFieldChangeSchema),
  requestedAt: instantSchema,
  decidedAt: instantSchema.nullable(),
  decidedBy: z.string().nullable(),
  decisionNote: z.string().nullable(),
  /** Who the record is: to find it in the provider's own system. */
  patient: z.object({ firstName: z.string(), lastName: z.string(), dateOfBirth: z.iso.date() }),
});
export type IntegrationPatientChange = z.infer<typeof integrationPatientChangeSchema>;
export const integrationPatientChangesResponseSchema = z.object({
  requests: z.array(integrationPatientChangeSchema),
});
export const integrationPatientChangeResponseSchema = z.object({
  request: integrationPatientChangeSchema,
});
