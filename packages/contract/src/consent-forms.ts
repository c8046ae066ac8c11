import { z } from 'zod';
import { slugSchema } from './catalogue.ts';
import { surveyDefinitionSchema } from './questionnaires.ts';

/** Error codes of refused consent form calls (docs/product/consent-forms.md#api). */
export const consentFormErrorCodes = {
  /** 400: incomplete, forged or malformed answers; nothing stored. */
  invalidAnswers: 'CONSENT_FORM_INVALID_ANSWERS',
  /** 404: no such form, or not one this appointment needs. */
  unknownConsentForm: 'CONSENT_FORM_UNKNOWN',
  /** 409: the form's definition changed since it was loaded; load it again. */
  versionChanged: 'CONSENT_FORM_VERSION_CHANGED',
  /** 409: this appointment's form is already signed (a signature is never replaced). */
  alreadySigned: 'CONSENT_FORM_ALREADY_SIGNED',
  /** 409: the appointment is cancelled, completed or otherwise no longer BOOKED or PENDING. */
  appointmentNotActive: 'CONSENT_FORM_APPOINTMENT_NOT_ACTIVE',
} as const;

/** Longest answer set accepted, as JSON text (the same bound as a questionnaire's). */
export const maxConsentAnswersLength = 20_000;

/** SurveyJS `survey.data`: an object of answers, checked against the form's version by the server. */
export const consentAnswersSchema = z
  .record(z.string().max(100), z.unknown())
  .refine((answers) => JSON.stringify(answers).length <= maxConsentAnswersLength, {
    message: `at most ${maxConsentAnswersLength} characters of answers`,
  });

/** A signature as the patient sees it again (docs/product/consent-forms.md#signatures). */
export const consentSignatureSchema = z.object({
  signedAt: z.iso.datetime({ offset: true }),
  answers: z.record(z.string(), z.unknown()),
  /** The full name typed on the form, when the form asks for one. */
  signerName: z.string().nullable(),
  /**
   * The stored hashes recomputed now match: the version's definition is the one signed and the
   * answers, appointment and time are the ones stored at signing (decision 024).
   */
  verified: z.boolean(),
});

/** One form one appointment needs: to sign (current version) or signed (the signed version). */
export const appointmentConsentFormSchema = z.object({
  appointmentId: z.uuid(),
  examName: z.string(),
  consentFormId: z.uuid(),
  slug: slugSchema,
  /** The current version while unsigned; once signed, the version that was signed. */
  version: z.number().int().positive(),
  title: z.string(),
  /** SurveyJS JSON of that version. */
  definition: surveyDefinitionSchema,
  status: z.enum(['TO_SIGN', 'SIGNED']),
  signature: consentSignatureSchema.nullable(),
});

/** GET /api/secured/appointments/{bookingKey}/consent_forms */
export const consentFormsResponseSchema = z.object({
  appointmentConsentForms: z.array(appointmentConsentFormSchema),
});

/** POST /api/secured/appointments/{bookingKey}/consent_forms */
export const signConsentFormRequestSchema = z.object({
  appointmentId: z.uuid(),
  consentFormId: z.uuid(),
  version: z.number().int().positive(),
  answers: consentAnswersSchema,
});

export const signConsentFormResponseSchema = z.object({
  appointmentConsentForms: z.array(appointmentConsentFormSchema),
  /** A copy of the signing notice was queued to the patient's e-mail (the form's notifyPatient). */
  notifyPatient: z.boolean(),
});

export type AppointmentConsentForm = z.infer<typeof appointmentConsentFormSchema>;
export type ConsentFormsResponse = z.infer<typeof consentFormsResponseSchema>;
export type SignConsentFormRequest = z.infer<typeof signConsentFormRequestSchema>;
export type SignConsentFormResponse = z.infer<typeof signConsentFormResponseSchema>;
