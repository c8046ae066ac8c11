import { z } from 'zod';
import { bookingKeySchema } from './booking.ts';
import { slugSchema } from './catalogue.ts';

/** Questionnaire types (docs/product/questionnaires.md#types). */
export const questionnaireTypeValues = [
  'REQUIRED_ON_CONFIRMATION',
  'FEEDBACK',
  'DECLINE_APPOINTMENT',
  'CANCEL_APPOINTMENT_PATIENT',
  'CREATE_BOOKING_REQUEST',
  'CREATE_BOOKING_REQUEST_REFERRER',
  'PAIN_SCORE_INITIAL',
  'PAIN_SCORE_FINAL',
  'PROTOCOL',
  'MODALITY_ROUTING',
  'BOOKING_FORM',
] as const;
export const questionnaireTypeSchema = z.enum(questionnaireTypeValues);

/**
 * Who a questionnaire is asked of (docs/product/questionnaires.md#definitions): PATIENT (the
 * default) in the booking flow, about appointments and at the kiosk; REFERRER only on the
 * report-quality feedback page, never in any listing for patients (decision 033).
 */
export const questionnaireAudienceValues = ['PATIENT', 'REFERRER'] as const;
export const questionnaireAudienceSchema = z.enum(questionnaireAudienceValues);
export type QuestionnaireAudience = z.infer<typeof questionnaireAudienceSchema>;

/** The types asked in the public booking flow, before a booking exists. */
export const bookingFlowQuestionnaireTypes = [
  'MODALITY_ROUTING',
  'REQUIRED_ON_CONFIRMATION',
  'CREATE_BOOKING_REQUEST',
  'BOOKING_FORM',
] as const satisfies readonly QuestionnaireType[];

/**
 * The types asked in the booking flow only when staff or a referrer books for
 * the patient (`staffBooking`), besides the booking-flow types: the referrer's
 * variant of a routing questionnaire. Their outcome rules act like the patient
 * variant's (a CREATE_BOOKING_REQUEST outcome routes the booking). They cannot
 * be required before booking: the appointment gate sees the answers stored
 * under the key, not who books.
 */
export const staffBookingQuestionnaireTypes = [
  'CREATE_BOOKING_REQUEST_REFERRER',
] as const satisfies readonly QuestionnaireType[];

/** The types asked about an existing appointment or booking request (secured). */
export const securedQuestionnaireTypes = [
  'REQUIRED_ON_CONFIRMATION',
  'CANCEL_APPOINTMENT_PATIENT',
  'DECLINE_APPOINTMENT',
  'FEEDBACK',
  'PAIN_SCORE_INITIAL',
  'PAIN_SCORE_FINAL',
  'PROTOCOL',
] as const satisfies readonly QuestionnaireType[];

export const modalSizeValues = ['SM', 'MD', 'LG', 'XL'] as const;

/** Outcome types a definition's rules can produce (docs/product/questionnaires.md#outcomes). */
export const outcomeTypeValues = ['DENY_BOOKING', 'CREATE_BOOKING_REQUEST'] as const;

/** SurveyJS JSON: an object whose inner shape survey-core owns. */
export const surveyDefinitionSchema = z.record(z.string(), z.unknown());

/**
 * A questionnaire as the browser sees it (docs/product/questionnaires.md#api). `definition` is the
 * SurveyJS JSON WITHOUT the outcome rules: the browser never sees or sends
 * outcomes; the server evaluates them from the stored answers.
 */
export const questionnaireSchema = z.object({
  id: z.uuid(),
  slug: slugSchema,
  version: z.number().int().positive(),
  type: questionnaireTypeSchema,
  title: z.string(),
  modalSize: z.enum(modalSizeValues),
  showClosingConfirmation: z.boolean(),
  examSlugs: z.array(slugSchema),
  modalityIds: z.array(z.number().int()),
  general: z.boolean(),
  definition: surveyDefinitionSchema,
});

/** Longest questionnaireResult text accepted (JSON of survey.data). */
export const maxQuestionnaireResultLength = 20_000;

/** JSON text of SurveyJS `survey.data`; parsed and checked against the definition by the server. */
export const questionnaireResultSchema = z.string().min(2).max(maxQuestionnaireResultLength);

/** A questionnaire answer (docs/product/questionnaires.md#api). */
export const questionnaireAnswerSchema = z.object({
  questionnaireId: z.uuid(),
  questionnaireType: questionnaireTypeSchema,
  /** The definition version this answer was given to. */
  questionnaireVersion: z.number().int().positive(),
  questionnaireResult: z.string(),
  answeredAt: z.iso.datetime({ offset: true }),
});

/**
 * The processed outcome (docs/product/questionnaires.md#outcomes), combined over every
 * stored answer.
 */
export const processedOutcomeSchema = z.object({
  medicareNumberRequired: z.boolean(),
  validationCodeRequired: z.boolean(),
  documentTypeId: z.number().int().nullable(),
  insuranceTypeId: z.number().int().nullable(),
  /** Where a denied booking goes (else /deny). */
  url: z.string().nullable(),
  /** Translation key or provider text for DENY_BOOKING / DENY_BOOKING_REQUEST. */
  message: z.string().nullable(),
  walkInExamName: z.string().nullable(),
  prepTime: z.number().int().nullable(),
  minutesPrior: z.number().int().nullable(),
  restrictQuestionnaireId: z.uuid().nullable(),
  walkInEnabledGroup: z.string().nullable(),
  /** No slot before this calendar day (YYYY-MM-DD, clinic-local). */
  restrictMinDate: z.iso.date().nullable(),
  newExamSlug: slugSchema.nullable(),
  denyBooking: z.boolean(),
  createBookingRequest: z
    .object({
      /** Proof that the server routed this booking; send it with POST /api/booking-requests. */
      apiKey: z.string(),
      confirmationMessage: z.string().nullable(),
    })
    .nullable(),
});

/** Changed exam slug (docs/product/questionnaires.md#outcomes). */
export const changedExamSlugSchema = z.object({
  oldSlug: slugSchema,
  oldestSlug: slugSchema,
  newSlug: slugSchema,
});

/** Comma-separated exam slugs in a query string (`examSlugs=a,b`). */
const examSlugListSchema = z
  .string()
  .max(1000)
  .transform((value) => value.split(',').filter((part) => part.length > 0))
  .pipe(z.array(slugSchema).min(1).max(10));

/** GET /api/booking-keys/{bookingKey}/questionnaires */
export const bookingQuestionnairesQuerySchema = z.object({
  examSlugs: examSlugListSchema,
  changedExamSlug: slugSchema.optional(),
  /** Staff or a referrer books for the patient: the staff-booking types are asked too. */
  staffBooking: z
    .enum(['true', 'false'])
    .transform((value) => value === 'true')
    .default(false),
});

/** Answer of every getQuestionnaires call (booking flow and secured). */
export const questionnairesResponseSchema = z.object({
  /** Unanswered first, then answered; each in the configured order. */
  questionnaires: z.array(questionnaireSchema),
  bookingKey: bookingKeySchema,
  /** Answers to the questionnaires listed here. */
  examQuestionnaireAnswers: z.array(questionnaireAnswerSchema),
  /** Every answer stored under this key. */
  allQuestionnaireAnswers: z.array(questionnaireAnswerSchema),
});

/** POST /api/booking-keys/{bookingKey}/questionnaire-answers (temporary answer). */
export const saveTemporaryAnswerRequestSchema = z.object({
  questionnaireId: z.uuid(),
  questionnaireResult: questionnaireResultSchema,
  examSlugs: z.array(slugSchema).min(1).max(10),
  /** A staff booking may answer the staff-booking types (staffBookingQuestionnaireTypes). */
  staffBooking: z.boolean().default(false),
});

export const saveTemporaryAnswerResponseSchema = z.object({
  answer: questionnaireAnswerSchema,
  outcome: processedOutcomeSchema,
  changedExamSlug: changedExamSlugSchema.nullable(),
});

/** GET /api/booking-keys/{bookingKey}/outcome */
export const outcomeQuerySchema = z.object({ examSlugs: examSlugListSchema });

/** POST /api/booking-keys/{bookingKey}/exam-changes: only a change an outcome allows. */
export const examChangeRequestSchema = z.object({
  oldSlug: slugSchema,
  newSlug: slugSchema,
});

/** GET /api/secured/appointments/{bookingKey}/questionnaires and .../booking_requests/... */
export const securedQuestionnairesQuerySchema = z.object({
  appointmentId: z.uuid().optional(),
  type: questionnaireTypeSchema.optional(),
});

/** POST /api/secured/appointments/{bookingKey}/questionnaire-answers and .../pain-scores */
export const saveAppointmentAnswerRequestSchema = z.object({
  questionnaireId: z.uuid(),
  questionnaireResult: questionnaireResultSchema,
  appointmentId: z.uuid(),
});

/** POST /api/secured/booking_requests/{bookingKey}/questionnaire-answers */
export const saveBookingRequestAnswerRequestSchema = z.object({
  questionnaireId: z.uuid(),
  questionnaireResult: questionnaireResultSchema,
});

export const saveSecuredAnswerResponseSchema = z.object({
  answer: questionnaireAnswerSchema,
  /** The appointment's status after saving (CANCELED after a patient-cancel questionnaire). */
  appointmentStatus: z.string().nullable(),
});

/**
 * Error codes (`error.code`): translation keys where
 * docs/product/questionnaires.md#saving-and-errors names one
 * (docs/product/README.md#api-conventions), otherwise UPPER_SNAKE codes the web app maps to a key.
 */
export const questionnaireErrorCodes = {
  /** 400: incomplete, forged or malformed answer set; nothing stored. */
  invalidAnswer: 'message.error_answering_questionnaire',
  /** 404: no such questionnaire (or not one for this key / appointment). */
  unknownQuestionnaire: 'QUESTIONNAIRE_UNKNOWN',
  /** 409 on appointment creation: the stored answers deny the booking (show the outcome's url/message). */
  bookingDenied: 'message.booking_denied',
  /** 409 on appointment creation: create a booking request (with the outcome's apiKey) instead. */
  bookingRequestRequired: 'BOOKING_REQUEST_REQUIRED',
  /** 409 on appointment creation: a booking-flow questionnaire for these exams is unanswered. */
  questionnaireUnanswered: 'QUESTIONNAIRE_UNANSWERED',
  /** 409 on appointment creation: an outcome changed this exam (book its newExamSlug instead). */
  examChangeRequired: 'EXAM_CHANGE_REQUIRED',
  /** 409 on appointment creation: the slot is earlier than the outcome's restrictMinDate. */
  beforeMinDate: 'SLOT_BEFORE_MIN_DATE',
  /** 400 on appointment or booking request creation: an outcome requires a Medicare number and none (valid) was given. */
  medicareNumberRequired: 'MEDICARE_NUMBER_REQUIRED',
  /** 400: exam change not allowed by any stored outcome. */
  examChangeNotAllowed: 'EXAM_CHANGE_NOT_ALLOWED',
  /** 400: booking request apiKey unknown, used, or for another booking key. */
  apiKeyInvalid: 'BOOKING_REQUEST_API_KEY_INVALID',
  /** 400: pain score not saved (shown on /deny with a close option). */
  painScoreProblem: 'message.pain_score_problem',
  /** 400: protocol questionnaire not saved. */
  protocolError: 'message.booking_request_waiting_protocol_error',
  /** 404: the booking has no answered questionnaire to put in the answers document. */
  noAnswers: 'QUESTIONNAIRE_ANSWERS_NONE',
} as const;

/**
 * Whether the answers document (GET .../questionnaires/document, application/pdf) has
 * anything in it: how many answered questionnaires it would hold.
 */
export const questionnaireDocumentStatusSchema = z.object({
  answeredQuestionnaires: z.number().int().min(0),
});
export type QuestionnaireDocumentStatus = z.infer<typeof questionnaireDocumentStatusSchema>;

export type QuestionnaireType = z.infer<typeof questionnaireTypeSchema>;
export type ModalSize = (typeof modalSizeValues)[number];
export type Questionnaire = z.infer<typeof questionnaireSchema>;
export type QuestionnaireAnswer = z.infer<typeof questionnaireAnswerSchema>;
export type ProcessedOutcome = z.infer<typeof processedOutcomeSchema>;
export type ChangedExamSlug = z.infer<typeof changedExamSlugSchema>;
export type BookingQuestionnairesQuery = z.infer<typeof bookingQuestionnairesQuerySchema>;
export type QuestionnairesResponse = z.infer<typeof questionnairesResponseSchema>;
export type SaveTemporaryAnswerRequest = z.infer<typeof saveTemporaryAnswerRequestSchema>;
export type SaveTemporaryAnswerResponse = z.infer<typeof saveTemporaryAnswerResponseSchema>;
export type ExamChangeRequest = z.infer<typeof examChangeRequestSchema>;
export type SecuredQuestionnairesQuery = z.infer<typeof securedQuestionnairesQuerySchema>;
export type SaveAppointmentAnswerRequest = z.infer<typeof saveAppointmentAnswerRequestSchema>;
export type SaveBookingRequestAnswerRequest = z.infer<typeof saveBookingRequestAnswerRequestSchema>;
export type SaveSecuredAnswerResponse = z.infer<typeof saveSecuredAnswerResponseSchema>;
