import { randomBytes } from 'node:crypto';
import {
  bookingFlowQuestionnaireTypes,
  type ChangedExamSlug,
  type ProcessedOutcome,
  type QuestionnaireType,
  staffBookingQuestionnaireTypes,
} from '@portal/contract';
import { localDayOf } from '../availability/index.ts';
import type { createDefinitionCache } from './definition-cache.ts';
import { type CombinedOutcome, combineOutcome, matchingRules } from './outcomes.ts';
import type { QuestionnaireStore } from './questionnaire-store.ts';
import { appliesTo, type ExamRef } from './questionnaire-views.ts';
import type { AnswerRow } from './questionnaires.repository.ts';

export const bookingFlowTypes: ReadonlySet<QuestionnaireType> = new Set(
  bookingFlowQuestionnaireTypes,
);
/** A staff booking is also asked the referrer's variants (only it can store their answers). */
const staffBookingFlowTypes: ReadonlySet<QuestionnaireType> = new Set([
  ...bookingFlowQuestionnaireTypes,
  ...staffBookingQuestionnaireTypes,
]);
export const flowTypesOf = (staffBooking: boolean) =>
  staffBooking ? staffBookingFlowTypes : bookingFlowTypes;
export const isTemporary = (answer: AnswerRow) =>
  answer.appointmentId === null && answer.bookingRequestId === null;

/**
 * The booking flow's outcome, always computed here from the key's stored answers and the rules of
 * the version they answered (nothing outcome-like is read from the browser), with the api key a
 * routed booking carries and the exam changes it records.
 */
export function createBookingOutcomes(deps: { cache: ReturnType<typeof createDefinitionCache> }) {
  const { cache } = deps;

  async function examRefs(
    tx: QuestionnaireStore,
    examSlugs: readonly string[],
  ): Promise<ExamRef[]> {
    const modalities = await tx.examModalities(examSlugs);
    return [...new Set(examSlugs)].map((slug) => ({
      slug,
      modalitySlug: modalities.get(slug)?.modalitySlug ?? null,
    }));
  }

  /**
   * Today for a restrictMinDays outcome shown to the browser, before a clinic
   * is chosen: the latest local day among the clinics performing these exams
   * (so the date shown is never earlier than the gate allows at any of them).
   */
  async function todayFor(
    tx: QuestionnaireStore,
    examSlugs: readonly string[],
    now: Date,
  ): Promise<string> {
    const days = (await tx.clinicTimeZones(examSlugs)).map((zone) =>
      localDayOf(zone, now.getTime()),
    );
    // YYYY-MM-DD texts sort as the days they name; UTC's day only when no clinic performs them.
    return days.sort().at(-1) ?? now.toISOString().slice(0, 10);
  }

  /** The booking-flow outcome for these exams from the key's temporary answers. */
  async function evaluate(
    tx: QuestionnaireStore,
    bookingKey: string,
    examSlugs: readonly string[],
    now: Date,
  ): Promise<CombinedOutcome & { answers: AnswerRow[]; exams: ExamRef[] }> {
    const [exams, latest] = await Promise.all([
      examRefs(tx, examSlugs),
      tx.latestAnswers(bookingKey),
    ]);
    const answers = latest.filter(isTemporary);
    const versions = await tx.findVersions(
      answers.map((answer) => ({
        id: answer.questionnaireId,
        version: answer.questionnaireVersion,
      })),
    );
    const versionOf = (answer: AnswerRow) =>
      versions.find(
        (row) => row.id === answer.questionnaireId && row.version === answer.questionnaireVersion,
      );
    const rules = answers.flatMap((answer) => {
      const definition = versionOf(answer);
      if (
        !definition ||
        !staffBookingFlowTypes.has(definition.type) ||
        !appliesTo(definition, exams)
      ) {
        return [];
      }
      return matchingRules(
        {
          questionnaireId: answer.questionnaireId,
          rules: definition.outcomeRules,
          data: answer.result,
        },
        examSlugs,
      );
    });
    const current = await cache.current();
    const restricts = rules.some((rule) => rule.restrictMinDays !== undefined);
    const combined = combineOutcome(rules, {
      today: restricts ? await todayFor(tx, examSlugs, now) : now.toISOString().slice(0, 10),
      questionnaireIdOfSlug: (slug) => current.find((row) => row.slug === slug)?.id ?? null,
    });
    return { ...combined, answers, exams };
  }

  /**
   * The outcome as the browser gets it: a routed booking carries the key's api
   * key. Only saving an answer issues one (`now` given); a read returns the
   * existing key, or no routing when none was issued for it (the appointment
   * gate still refuses; saving the answer again issues the key).
   */
  async function withApiKey(
    tx: QuestionnaireStore,
    bookingKey: string,
    combined: CombinedOutcome,
    issueAt: Date | null,
  ): Promise<ProcessedOutcome> {
    const route = combined.routeToBookingRequest;
    if (!route) return combined.outcome;
    const apiKey = issueAt
      ? await tx.ensureApiKey(
          bookingKey,
          randomBytes(24).toString('base64url'),
          route.confirmationMessage,
          issueAt,
        )
      : (await tx.findApiKey(bookingKey))?.apiKey;
    if (apiKey === undefined) return combined.outcome;
    return {
      ...combined.outcome,
      createBookingRequest: { apiKey, confirmationMessage: route.confirmationMessage },
    };
  }

  async function recordChange(
    tx: QuestionnaireStore,
    bookingKey: string,
    change: { from: string; to: string },
    now: Date,
  ): Promise<ChangedExamSlug> {
    const earlier = (await tx.listExamChanges(bookingKey)).find(
      (row) => row.newSlug === change.from,
    );
    return tx.recordExamChange(
      bookingKey,
      { oldSlug: change.from, oldestSlug: earlier?.oldestSlug ?? change.from, newSlug: change.to },
      now,
    );
  }

  return { examRefs, evaluate, withApiKey, recordChange };
}

export type BookingOutcomes = ReturnType<typeof createBookingOutcomes>;
