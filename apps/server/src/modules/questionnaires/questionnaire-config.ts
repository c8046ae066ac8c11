import {
  bookingFlowQuestionnaireTypes,
  modalSizeValues,
  type QuestionnaireType,
  questionnaireAudienceSchema,
  questionnaireTypeSchema,
  slugSchema,
} from '@portal/contract';
import { ExpressionRunner } from 'survey-core';
import { z } from 'zod';
import { readConfigDirectory } from '../../config/config-directory.ts';
import { ProviderConfigError } from '../../config/provider-config.ts';

/**
 * config/questionnaires/*.json: one questionnaire per file. Definitions are
 * provider configuration, like exams' notes or the theme, so they are read and
 * checked at every start (demo or not) and written to the database then, with a
 * new version whenever the content changed (questionnaire-sync.ts). Answers
 * name the version they answered, so editing a file never re-interprets old
 * answers with new rules.
 */

/** Text a provider writes: plain, or per locale (SurveyJS localizable strings). */
const localText = z.union([
  z.string().max(5000),
  z.record(z.string().regex(/^(default|[a-z]{2}(-[A-Z]{2})?)$/), z.string().max(5000)),
]);

/** A SurveyJS boolean expression, e.g. "{pacemaker} = true". */
const expression = z.string().trim().min(1).max(1000);

const choiceSchema = z.union([
  z.string().max(200),
  z.number(),
  z.strictObject({ value: z.union([z.string().max(200), z.number()]), text: localText.optional() }),
]);

const validatorSchema = z.discriminatedUnion('type', [
  z.strictObject({
    type: z.literal('numeric'),
    minValue: z.number().optional(),
    maxValue: z.number().optional(),
    text: localText.optional(),
  }),
  z.strictObject({
    type: z.literal('text'),
    minLength: z.number().int().min(0).optional(),
    maxLength: z.number().int().min(1).optional(),
    text: localText.optional(),
  }),
  z.strictObject({
    type: z.literal('regex'),
    regex: z.string().max(500),
    text: localText.optional(),
  }),
  z.strictObject({
    type: z.literal('expression'),
    expression,
    text: localText.optional(),
  }),
]);

/** The question types the server can check answers of (answer-validation.ts). */
export const supportedQuestionTypes = [
  'boolean',
  'radiogroup',
  'dropdown',
  'checkbox',
  'rating',
  'text',
  'comment',
  'html',
  'expression',
] as const;

const common = {
  name: z.string().regex(/^[A-Za-z][A-Za-z0-9_]{0,63}$/, 'must be a plain identifier'),
  title: localText.optional(),
  description: localText.optional(),
  isRequired: z.boolean().optional(),
  requiredErrorText: localText.optional(),
  visibleIf: expression.optional(),
  requiredIf: expression.optional(),
  startWithNewLine: z.boolean().optional(),
  validators: z.array(validatorSchema).max(10).optional(),
};

const choices = {
  choices: z.array(choiceSchema).min(1).max(100),
  showOtherItem: z.boolean().optional(),
  otherText: localText.optional(),
  showNoneItem: z.boolean().optional(),
  noneText: localText.optional(),
  colCount: z.number().int().min(0).max(5).optional(),
};

const questionSchema = z.discriminatedUnion('type', [
  z.strictObject({
    type: z.literal('boolean'),
    ...common,
    labelTrue: localText.optional(),
    labelFalse: localText.optional(),
    renderAs: z.enum(['default', 'checkbox', 'radio']).optional(),
  }),
  z.strictObject({ type: z.literal('radiogroup'), ...common, ...choices }),
  z.strictObject({
    type: z.literal('dropdown'),
    ...common,
    ...choices,
    placeholder: localText.optional(),
  }),
  z.strictObject({
    type: z.literal('checkbox'),
    ...common,
    ...choices,
    maxSelectedChoices: z.number().int().min(0).optional(),
  }),
  z.strictObject({
    type: z.literal('rating'),
    ...common,
    rateMin: z.number().int().optional(),
    rateMax: z.number().int().optional(),
    rateStep: z.number().int().positive().optional(),
    minRateDescription: localText.optional(),
    maxRateDescription: localText.optional(),
    /**
     * auto (SurveyJS's default) draws a drop-down where the values do not fit (phones), whose
     * popup a keyboard cannot leave but by Cancel; buttons keeps them radios everywhere.
     */
    displayMode: z.enum(['auto', 'buttons', 'dropdown']).optional(),
    rateDescriptionLocation: z.enum(['leftRight', 'top', 'bottom', 'topBottom']).optional(),
  }),
  z.strictObject({
    type: z.literal('text'),
    ...common,
    inputType: z.enum(['text', 'number', 'date', 'email', 'tel']).optional(),
    min: z.union([z.number(), z.string()]).optional(),
    max: z.union([z.number(), z.string()]).optional(),
    maxLength: z.number().int().min(1).max(2000).optional(),
    placeholder: localText.optional(),
  }),
  z.strictObject({
    type: z.literal('comment'),
    ...common,
    maxLength: z.number().int().min(1).max(5000).optional(),
    rows: z.number().int().min(1).max(20).optional(),
    placeholder: localText.optional(),
  }),
  z.strictObject({
    type: z.literal('html'),
    name: common.name,
    html: localText,
    visibleIf: expression.optional(),
  }),
  z.strictObject({
    type: z.literal('expression'),
    name: common.name,
    title: localText.optional(),
    expression,
    visibleIf: expression.optional(),
  }),
]);
export type QuestionConfig = z.infer<typeof questionSchema>;

const pageSchema = z.strictObject({
  name: z.string().max(64),
  title: localText.optional(),
  description: localText.optional(),
  visibleIf: expression.optional(),
  elements: z.array(questionSchema).min(1).max(60),
});

/** The SurveyJS JSON the browser renders (what survey-core's `new Model(json)` takes). */
export const surveyConfigSchema = z.strictObject({
  title: localText.optional(),
  description: localText.optional(),
  pages: z.array(pageSchema).min(1).max(20),
  showQuestionNumbers: z.enum(['on', 'onPage', 'off']).optional(),
  questionsOnPageMode: z.enum(['standard', 'singlePage', 'questionPerPage']).optional(),
  completeText: localText.optional(),
  showCompletedPage: z.boolean().optional(),
  checkErrorsMode: z.enum(['onNextPage', 'onValueChanged', 'onComplete']).optional(),
});
export type SurveyConfig = z.infer<typeof surveyConfigSchema>;

/**
 * One outcome rule: when `when` is true for the stored answers, these parts
 * of the processed outcome apply (docs/product/questionnaires.md#outcomes). Evaluated on
 * the server only.
 */
export const outcomeRuleSchema = z.strictObject({
  when: expression,
  /** DENY_BOOKING: no appointment; the browser goes to `url`, else /deny with `message`. */
  denyBooking: z.boolean().optional(),
  url: z.url({ protocol: /^https?$/ }).optional(),
  message: z.string().max(1000).optional(),
  /** CREATE_BOOKING_REQUEST: the booking becomes a booking request (an apiKey is issued). */
  createBookingRequest: z
    .strictObject({ confirmationMessage: z.string().max(1000).optional() })
    .optional(),
  /** The rule applies only while one of these exams is being booked (all exams when absent). */
  examSlugs: z.array(slugSchema).min(1).max(50).optional(),
  /** Change of exam, applied when `from` is among the exams being booked. */
  changeExam: z.strictObject({ from: slugSchema, to: slugSchema }).optional(),
  /** Earliest bookable day: today (provider date) plus this many days. */
  restrictMinDays: z.number().int().min(0).max(365).optional(),
  medicareNumberRequired: z.boolean().optional(),
  validationCodeRequired: z.boolean().optional(),
  documentTypeId: z.number().int().optional(),
  insuranceTypeId: z.number().int().optional(),
  walkInExamName: z.string().max(200).optional(),
  prepTime: z.number().int().min(0).optional(),
  minutesPrior: z.number().int().min(0).optional(),
  walkInEnabledGroup: z.string().max(200).optional(),
  /** Slug of a questionnaire the patient must answer next. */
  restrictQuestionnaire: slugSchema.optional(),
});
export type OutcomeRule = z.infer<typeof outcomeRuleSchema>;

export const questionnaireConfigSchema = z.strictObject({
  slug: slugSchema,
  type: questionnaireTypeSchema,
  title: z.string().min(1).max(200),
  /**
   * Who is asked: PATIENT (the default) or REFERRER, a FEEDBACK questionnaire on the report-quality
   * feedback page, which no listing for patients shows (decision 033).
   */
  audience: questionnaireAudienceSchema.default('PATIENT'),
  modalSize: z.enum(modalSizeValues).default('LG'),
  showClosingConfirmation: z.boolean().default(false),
  /** Asked for every exam. Otherwise for `examSlugs` and exams of `modalitySlugs`. */
  general: z.boolean().default(false),
  examSlugs: z.array(slugSchema).max(100).default([]),
  modalitySlugs: z.array(slugSchema).max(20).default([]),
  /** Booking-flow types only: appointment creation is refused while it is unanswered. */
  requiredBeforeBooking: z.boolean().default(false),
  /** Order among the questionnaires asked together (lower first). */
  order: z.number().int().default(0),
  survey: surveyConfigSchema,
  outcomes: z.array(outcomeRuleSchema).max(50).default([]),
});
export type QuestionnaireConfig = z.infer<typeof questionnaireConfigSchema>;

/** Every question of a survey, pages flattened. */
export function surveyQuestions(survey: SurveyConfig): QuestionConfig[] {
  return survey.pages.flatMap((page) => page.elements);
}

/**
 * The types the appointment gate can require an answer to: the booking flow's.
 * Not the referrer's variant, asked only in staff bookings (decision 016).
 */
const requirableTypes: ReadonlySet<QuestionnaireType> = new Set(bookingFlowQuestionnaireTypes);

/**
 * Problems a survey's schema cannot see: a question name used twice, an expression that does
 * not parse or names no question. `checkExpression` checks more expressions against the same
 * names (outcome rules). Also used for consent forms' surveys (modules/consent-forms).
 */
export function surveyProblems(survey: SurveyConfig): {
  problems: string[];
  checkExpression: (where: string, text: string) => void;
} {
  const problems: string[] = [];
  const names = new Set<string>();
  for (const question of surveyQuestions(survey)) {
    if (names.has(question.name))
      problems.push(`survey: question name ${question.name} is used twice`);
    names.add(question.name);
  }
  const checkExpression = (where: string, text: string) => {
    const runner = new ExpressionRunner(text);
    if (!runner.canRun()) {
      problems.push(`${where}: "${text}" is not a valid expression`);
      return;
    }
    for (const variable of runner.getVariables()) {
      const root = variable.split(/[.[-]/)[0] ?? variable;
      if (!names.has(root)) problems.push(`${where}: "${text}" names no question ${root}`);
    }
  };
  for (const page of survey.pages) {
    if (page.visibleIf) checkExpression(`survey.${page.name}.visibleIf`, page.visibleIf);
    for (const question of page.elements) {
      for (const key of ['visibleIf', 'requiredIf', 'expression'] as const) {
        const value = (question as Record<string, unknown>)[key];
        if (typeof value === 'string') checkExpression(`survey.${question.name}.${key}`, value);
      }
    }
  }
  return { problems, checkExpression };
}

/** Problems a schema cannot see: names, expression variables, cross references. */
function definitionProblems(config: QuestionnaireConfig, slugs: Set<string>): string[] {
  const { problems, checkExpression } = surveyProblems(config.survey);
  config.outcomes.forEach((rule, index) => {
    checkExpression(`outcomes[${index}].when`, rule.when);
    if (rule.restrictQuestionnaire && !slugs.has(rule.restrictQuestionnaire)) {
      problems.push(
        `outcomes[${index}].restrictQuestionnaire: no questionnaire ${rule.restrictQuestionnaire}`,
      );
    }
    if (rule.denyBooking && rule.createBookingRequest) {
      problems.push(`outcomes[${index}]: denyBooking and createBookingRequest exclude each other`);
    }
  });
  if (config.requiredBeforeBooking && !requirableTypes.has(config.type)) {
    problems.push(`requiredBeforeBooking: a ${config.type} questionnaire cannot be required`);
  }
  // The feedback page is the one place a referrer answers (docs/product/images.md).
  if (config.audience === 'REFERRER' && config.type !== 'FEEDBACK') {
    problems.push(
      `audience: a ${config.type} questionnaire cannot be for referrers (FEEDBACK only)`,
    );
  }
  if (!config.general && config.examSlugs.length === 0 && config.modalitySlugs.length === 0) {
    problems.push('general, examSlugs or modalitySlugs: the questionnaire is attached to nothing');
  }
  return problems;
}

/**
 * Reads and checks config/questionnaires/*.json. A missing directory means no
 * questionnaires. Collects every problem, then throws ProviderConfigError.
 */
export function loadQuestionnaireConfig(configDir: string): QuestionnaireConfig[] {
  const { files: loaded, problems } = readConfigDirectory(
    configDir,
    'questionnaires',
    questionnaireConfigSchema,
  );
  const slugs = new Set<string>();
  for (const { file, config } of loaded) {
    if (slugs.has(config.slug)) problems.push(`${file}: slug ${config.slug} is used twice`);
    slugs.add(config.slug);
  }
  for (const { file, config } of loaded) {
    for (const problem of definitionProblems(config, slugs)) problems.push(`${file}: ${problem}`);
  }
  if (problems.length > 0) throw new ProviderConfigError(problems);
  return loaded.map(({ config }) => config);
}
