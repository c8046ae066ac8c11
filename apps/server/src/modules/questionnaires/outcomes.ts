import type { ProcessedOutcome } from '@portal/contract';
import { ExpressionRunner } from 'survey-core';
import type { OutcomeRule } from './questionnaire-config.ts';

/** A stored answer with the rules of the version it answered. */
export interface AnsweredRules {
  questionnaireId: string;
  rules: OutcomeRule[];
  data: Record<string, unknown>;
}

/** The rules whose condition holds for these answers, while booking these exams. */
export function matchingRules(answer: AnsweredRules, examSlugs: readonly string[]): OutcomeRule[] {
  return answer.rules.filter((rule) => {
    if (rule.examSlugs && !rule.examSlugs.some((slug) => examSlugs.includes(slug))) return false;
    if (rule.changeExam && !examSlugs.includes(rule.changeExam.from)) return false;
    // survey-core's own evaluator, so a rule means on the server what it means in SurveyJS.
    return new ExpressionRunner(rule.when).runValues(answer.data) === true;
  });
}

export const emptyOutcome: ProcessedOutcome = {
  medicareNumberRequired: false,
  validationCodeRequired: false,
  documentTypeId: null,
  insuranceTypeId: null,
  url: null,
  message: null,
  walkInExamName: null,
  prepTime: null,
  minutesPrior: null,
  restrictQuestionnaireId: null,
  walkInEnabledGroup: null,
  restrictMinDate: null,
  newExamSlug: null,
  denyBooking: false,
  createBookingRequest: null,
};

export interface CombineContext {
  /**
   * Today as YYYY-MM-DD in the clinic's time zone (restrictMinDays counts from
   * it); the gates recount per clinic from `minDays`.
   */
  today: string;
  questionnaireIdOfSlug: (slug: string) => string | null;
}

export interface CombinedOutcome {
  outcome: ProcessedOutcome;
  /** Set when the booking must become a booking request (never together with a denial). */
  routeToBookingRequest: { confirmationMessage: string | null } | null;
  /** The exam change behind `outcome.newExamSlug`. */
  examChange: { from: string; to: string } | null;
  /** The largest restrictMinDays of the matching rules (behind `outcome.restrictMinDate`). */
  minDays: number | null;
}

function addDays(day: string, days: number): string {
  const date = new Date(`${day}T00:00:00Z`);
  date.setUTCDate(date.getUTCDate() + days);
  return date.toISOString().slice(0, 10);
}

/**
 * One processed outcome from every matching rule, in answer order. A denial
 * wins over routing to a booking request (the browser must not be offered a
 * request the clinic has ruled out); flags are OR-ed; the latest minimum date
 * wins; for single values the first rule that sets one wins. The apiKey is
 * filled in by the service (it is stored, not computed).
 */
export function combineOutcome(rules: OutcomeRule[], context: CombineContext): CombinedOutcome {
  const outcome: ProcessedOutcome = { ...emptyOutcome };
  let route: { confirmationMessage: string | null } | null = null;
  let examChange: { from: string; to: string } | null = null;
  let minDays: number | null = null;
  const first = <K extends keyof ProcessedOutcome>(
    key: K,
    value: ProcessedOutcome[K] | undefined,
  ) => {
    if (value !== undefined && outcome[key] === null) outcome[key] = value;
  };
  for (const rule of rules) {
    if (rule.denyBooking) {
      if (!outcome.denyBooking) {
        outcome.url = rule.url ?? null;
        outcome.message = rule.message ?? null;
      }
      outcome.denyBooking = true;
    }
    if (rule.createBookingRequest) {
      route ??= { confirmationMessage: null };
      route.confirmationMessage ??= rule.createBookingRequest.confirmationMessage ?? null;
    }
    if (rule.medicareNumberRequired) outcome.medicareNumberRequired = true;
    if (rule.validationCodeRequired) outcome.validationCodeRequired = true;
    first('documentTypeId', rule.documentTypeId);
    first('insuranceTypeId', rule.insuranceTypeId);
    first('walkInExamName', rule.walkInExamName);
    first('prepTime', rule.prepTime);
    first('minutesPrior', rule.minutesPrior);
    first('walkInEnabledGroup', rule.walkInEnabledGroup);
    if (rule.changeExam && examChange === null) {
      examChange = rule.changeExam;
      outcome.newExamSlug = rule.changeExam.to;
    }
    if (rule.restrictQuestionnaire) {
      first(
        'restrictQuestionnaireId',
        context.questionnaireIdOfSlug(rule.restrictQuestionnaire) ?? undefined,
      );
    }
    if (rule.restrictMinDays !== undefined) {
      minDays = Math.max(minDays ?? 0, rule.restrictMinDays);
    }
  }
  if (minDays !== null) outcome.restrictMinDate = addDays(context.today, minDays);
  return {
    outcome,
    routeToBookingRequest: outcome.denyBooking ? null : route,
    examChange,
    minDays,
  };
}
