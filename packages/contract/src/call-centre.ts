import { z } from 'zod';
import { patientDetailsSchema } from './booking.ts';
import {
  callbackReasonMaxLength,
  callbackWindowsMax,
  callCentreMessageLengthCeiling,
} from './call-centre-codes.ts';

/** Plain text: any character but the control characters other than tab and line breaks. */
const plainText = (max: number) =>
  z
    .string()
    .trim()
    .max(max)
    // biome-ignore lint/suspicious/noControlCharactersInRegex: refusing them is the point
    .regex(/^[^\u0000-\u0008\u000b\u000c\u000e-\u001f\u007f]*$/, 'must be plain text');

const topicCodeSchema = z.string().regex(/^[A-Z][A-Z0-9_]{0,39}$/, 'must be an upper-case code');

/** One topic of the call-centre form: its code (sent) and the translation key of its label. */
export const callCentreTopicSchema = z.object({
  code: topicCodeSchema,
  labelKey: z.string().regex(/^[a-z][\w.-]{0,119}$/, 'must be a translation key'),
});

/** config/patient-portal.json's callCentre: messages and callback requests to the call centre. */
export const callCentreConfigSchema = z.object({
  /** The form's topics, in this order. */
  topics: z
    .array(callCentreTopicSchema)
    .min(1)
    .max(20)
    .default([
      { code: 'APPOINTMENT', labelKey: 'call_centre.topic.APPOINTMENT' },
      { code: 'PREPARATION', labelKey: 'call_centre.topic.PREPARATION' },
      { code: 'BILLING', labelKey: 'call_centre.topic.BILLING' },
      { code: 'OTHER', labelKey: 'call_centre.topic.OTHER' },
    ]),
  /** The longest message a patient may send. */
  messageMaxLength: z.number().int().min(50).max(callCentreMessageLengthCeiling).default(1000),
  /** Where messages and callback requests are e-mailed (the development outbox in the demo). */
  email: z.email().max(254).default('call-centre@example.invalid'),
  /** Messages, and separately callback requests, per booking key in any 24 hours. */
  dailyLimit: z.number().int().min(1).max(50).default(3),
});

export const callCentreMessageRequestSchema = z.strictObject({
  topic: topicCodeSchema,
  message: plainText(callCentreMessageLengthCeiling).pipe(z.string().min(1)),
});

const windowTimeSchema = z.string().regex(/^([01]\d|2[0-3]):[0-5]\d$/, 'must be HH:mm');

/** A preferred window for the call, in the clinic's time zone (its wall clock). */
export const callbackWindowSchema = z.strictObject({
  date: z.iso.date(),
  from: windowTimeSchema,
  to: windowTimeSchema,
});

export const callbackRequestBodySchema = z.strictObject({
  phone: patientDetailsSchema.shape.contactNumber,
  windows: z.array(callbackWindowSchema).min(1).max(callbackWindowsMax),
  reason: plainText(callbackReasonMaxLength).nullable().default(null),
});

export const callbackRequestSchema = z.object({
  id: z.uuid(),
  status: z.enum(['PENDING', 'DONE']),
  requestedAt: z.string(),
  /** The clinic's time zone the windows are in. */
  timeZone: z.string(),
  windows: z.array(callbackWindowSchema),
  doneAt: z.string().nullable(),
});

/** GET .../call_centre: what the forms need. */
export const callCentreStateSchema = z.object({
  topics: z.array(callCentreTopicSchema),
  messageMaxLength: z.number().int(),
  dailyLimit: z.number().int(),
  messagesLeftToday: z.number().int(),
  callbacksLeftToday: z.number().int(),
  /** The booking's contact number, to prefill the callback form. */
  phone: z.string(),
  /**
   * The clinic's time zone for callback windows and its opening hours (weekday 1 = Monday);
   * null (and no hours) for a booking request naming no clinic: no callback is offered.
   */
  timeZone: z.string().nullable(),
  openingHours: z.array(
    z.object({ weekday: z.number().int(), opens: z.string(), closes: z.string() }),
  ),
  /** Callback requests not yet marked done by the provider. */
  pendingCallbacks: z.array(callbackRequestSchema),
});

export const callCentreMessageResponseSchema = z.object({
  id: z.uuid(),
  sentAt: z.string(),
  messagesLeftToday: z.number().int(),
});

export const callbackRequestResponseSchema = callbackRequestSchema.extend({
  callbacksLeftToday: z.number().int(),
});

export const callbackRequestParamsSchema = z.object({ id: z.uuid() });

export type CallCentreConfig = z.infer<typeof callCentreConfigSchema>;
export type CallCentreTopic = z.infer<typeof callCentreTopicSchema>;
export type CallCentreMessageRequest = z.infer<typeof callCentreMessageRequestSchema>;
export type CallCentreMessageResponse = z.infer<typeof callCentreMessageResponseSchema>;
export type CallbackWindow = z.infer<typeof callbackWindowSchema>;
export type CallbackRequestBody = z.infer<typeof callbackRequestBodySchema>;
export type CallbackRequestBodyInput = z.input<typeof callbackRequestBodySchema>;
export type CallbackRequest = z.infer<typeof callbackRequestSchema>;
export type CallbackRequestResponse = z.infer<typeof callbackRequestResponseSchema>;
export type CallCentreState = z.infer<typeof callCentreStateSchema>;
