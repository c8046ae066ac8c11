import type {
  ChangedExamSlug,
  ExamChangeRequest,
  ProcessedOutcome,
  QuestionnairesResponse,
  SaveTemporaryAnswerRequest,
  SaveTemporaryAnswerResponse,
} from '@portal/contract';
import type { Clock } from '../../adapters/clock.ts';
import type { RequestContext } from '../audit/index.ts';
import { assertKeyUsable } from '../booking/index.ts';
import { checkAnswerSet, InvalidAnswerSet } from './answer-validation.ts';
import { createBookingGate } from './booking-gate.ts';
import { createBookingOutcomes, flowTypesOf, isTemporary } from './booking-outcomes.ts';
import { createDefinitionCache } from './definition-cache.ts';
import type { QuestionnaireStore } from './questionnaire-store.ts';
import { appliesTo, toAnswer, toQuestionnaire, unansweredFirst } from './questionnaire-views.ts';
import {
  ExamChangeNotAllowedError,
  InvalidQuestionnaireAnswerError,
} from './questionnaires.errors.ts';
import type { AnswerRow, DefinitionRow } from './questionnaires.repository.ts';

export type { GateItem } from './booking-gate.ts';

export interface QuestionnairesServiceDeps {
  store: QuestionnaireStore;
  clock: Clock;
  /** Why an answer set was refused (question names only, never values). */
  onRefused?: (reason: string) => void;
}

/**
 * Questionnaires of the public booking flow, keyed by the reserved booking
 * key (booking-outcomes.ts computes their outcome), and the gate appointment and
 * booking-request creation call (booking-gate.ts). Outcomes
 * are always computed here from stored answers and the rules of the version
 * they answered; nothing outcome-like is read from the browser.
 */
export function createQuestionnairesService(deps: QuestionnairesServiceDeps) {
  const { store, clock } = deps;
  const cache = createDefinitionCache(store);
  const outcomes = createBookingOutcomes({ cache });
  const { examRefs, evaluate, withApiKey, recordChange } = outcomes;
  const gate = createBookingGate({ store, clock, cache, outcomes });

  async function keyMustBeReserved(bookingKey: string, now: Date) {
    assertKeyUsable(await store.bookingKeyState(bookingKey, now));
  }

  function refuse(reason: string): never {
    deps.onRefused?.(reason);
    throw new InvalidQuestionnaireAnswerError();
  }

  return {
    /** getQuestionnaires (booking): the booking-flow questionnaires of these exams. */
    async listForBooking(
      bookingKey: string,
      examSlugs: readonly string[],
      changedExamSlug?: string,
      staffBooking = false,
    ): Promise<QuestionnairesResponse> {
      const now = clock.now();
      await keyMustBeReserved(bookingKey, now);
      const slugs = changedExamSlug ? [...examSlugs, changedExamSlug] : examSlugs;
      const exams = await examRefs(store, slugs);
      const all = await cache.current();
      const definitions = all.filter(
        (definition) =>
          flowTypesOf(staffBooking).has(definition.type) && appliesTo(definition, exams),
      );
      const typeOf = new Map(all.map((definition) => [definition.id, definition.type]));
      const answers = (await store.latestAnswers(bookingKey)).filter(isTemporary);
      const answeredIds = new Set(answers.map((answer) => answer.questionnaireId));
      const listedIds = new Set(definitions.map((definition) => definition.id));
      const modalityIds = await store.modalityIds();
      const asAnswer = (answer: AnswerRow) =>
        toAnswer(answer, typeOf.get(answer.questionnaireId) ?? 'REQUIRED_ON_CONFIRMATION');
      return {
        questionnaires: unansweredFirst(definitions, (definition) =>
          answeredIds.has(definition.id),
        ).map((definition) => toQuestionnaire(definition, modalityIds)),
        bookingKey,
        examQuestionnaireAnswers: answers
          .filter((answer) => listedIds.has(answer.questionnaireId))
          .map(asAnswer),
        allQuestionnaireAnswers: answers.filter((a) => typeOf.has(a.questionnaireId)).map(asAnswer),
      };
    },

    /** Saves a temporary answer (checked against its definition) and returns the new outcome. */
    async saveTemporaryAnswer(
      bookingKey: string,
      request: SaveTemporaryAnswerRequest,
      context: RequestContext,
    ): Promise<SaveTemporaryAnswerResponse> {
      const now = clock.now();
      await keyMustBeReserved(bookingKey, now);
      const exams = await examRefs(store, request.examSlugs);
      const definition = (await cache.current()).find((row) => row.id === request.questionnaireId);
      if (
        !definition ||
        !flowTypesOf(request.staffBooking).has(definition.type) ||
        !appliesTo(definition, exams)
      ) {
        refuse('questionnaire not asked for these exams');
      }
      let data: Record<string, unknown>;
      try {
        data = checkAnswerSet(definition.survey, request.questionnaireResult);
      } catch (error) {
        if (error instanceof InvalidAnswerSet) refuse(error.message);
        throw error;
      }
      return store.transaction(async (tx) => {
        const answer = await tx.insertAnswer(
          {
            bookingKey,
            appointmentId: null,
            bookingRequestId: null,
            questionnaireId: definition.id,
            questionnaireVersion: definition.version,
            examSlugs: [...request.examSlugs],
            result: data,
          },
          now,
        );
        await tx.insertAuditEvent(
          {
            actor: 'public',
            action: 'questionnaire-answer.saved',
            subjectType: 'questionnaire_answer',
            subjectId: answer.id,
            ...context,
            details: { questionnaireId: definition.id, version: definition.version },
          },
          now,
        );
        const combined = await evaluate(tx, bookingKey, request.examSlugs, now);
        const changedExamSlug = combined.examChange
          ? await recordChange(tx, bookingKey, combined.examChange, now)
          : null;
        return {
          answer: toAnswer(answer, definition.type),
          outcome: await withApiKey(tx, bookingKey, combined, now),
          changedExamSlug,
        };
      });
    },

    /** processOutcomes: the outcome over every stored answer of this key for these exams. */
    async outcome(bookingKey: string, examSlugs: readonly string[]): Promise<ProcessedOutcome> {
      const now = clock.now();
      await keyMustBeReserved(bookingKey, now);
      // A read: it never issues an api key (saving the routing answer did).
      return withApiKey(store, bookingKey, await evaluate(store, bookingKey, examSlugs, now), null);
    },

    /**
     * The outcome of a booked key's answers, for the patient's details (patient-changes: the
     * insurance type an answer names, a validation code an answer requires). A read of a
     * key already used, so without the reserved-key check.
     */
    async bookedOutcome(
      bookingKey: string,
      examSlugs: readonly string[],
    ): Promise<ProcessedOutcome> {
      return (await evaluate(store, bookingKey, examSlugs, clock.now())).outcome;
    },

    /** changeExamFromOutcome: records a change only an outcome allows. */
    async changeExam(bookingKey: string, request: ExamChangeRequest): Promise<ChangedExamSlug> {
      const now = clock.now();
      await keyMustBeReserved(bookingKey, now);
      return store.transaction(async (tx) => {
        const { examChange } = await evaluate(tx, bookingKey, [request.oldSlug], now);
        if (examChange?.from !== request.oldSlug || examChange.to !== request.newSlug) {
          throw new ExamChangeNotAllowedError(
            'The answers given do not allow this change of exam.',
          );
        }
        return recordChange(tx, bookingKey, examChange, now);
      });
    },

    ...gate,
  };
}

export type QuestionnairesService = ReturnType<typeof createQuestionnairesService>;
export type { DefinitionRow };
