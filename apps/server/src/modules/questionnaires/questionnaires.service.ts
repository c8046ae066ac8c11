import { randomBytes, timingSafeEqual } from 'node:crypto';
import {
  bookingFlowQuestionnaireTypes,
  type ChangedExamSlug,
  type ExamChangeRequest,
  type ProcessedOutcome,
  type QuestionnairesResponse,
  type QuestionnaireType,
  type SaveTemporaryAnswerRequest,
  type SaveTemporaryAnswerResponse,
  staffBookingQuestionnaireTypes,
} from '@portal/contract';
import type { Kysely } from 'kysely';
import type { Clock } from '../../adapters/clock.ts';
import type { Database, Db } from '../../db/database.ts';
import { insertAuditEvent, type RequestContext } from '../audit/index.ts';
import { addLocalDays, localDayOf } from '../availability/index.ts';
import { assertKeyUsable, bookingKeyState, type PatientFacts } from '../booking/index.ts';
import { checkAnswerSet, InvalidAnswerSet } from './answer-validation.ts';
import { createDefinitionCache } from './definition-cache.ts';
import { type CombinedOutcome, combineOutcome, matchingRules } from './outcomes.ts';
import {
  appliesTo,
  type ExamRef,
  toAnswer,
  toQuestionnaire,
  unansweredFirst,
} from './questionnaire-views.ts';
import {
  ApiKeyInvalidError,
  BookingDeniedError,
  BookingRequestRequiredError,
  ExamChangeNotAllowedError,
  ExamChangeRequiredError,
  InvalidQuestionnaireAnswerError,
  MedicareNumberRequiredError,
  QuestionnaireUnansweredError,
  SlotBeforeMinDateError,
} from './questionnaires.errors.ts';
import type { AnswerRow, DefinitionRow } from './questionnaires.repository.ts';
import * as repository from './questionnaires.repository.ts';

export interface QuestionnairesServiceDeps {
  db: Kysely<Database>;
  clock: Clock;
  /** Why an answer set was refused (question names only, never values). */
  onRefused?: (reason: string) => void;
}

const bookingFlowTypes: ReadonlySet<QuestionnaireType> = new Set(bookingFlowQuestionnaireTypes);
/** A staff booking is also asked the referrer's variants (only it can store their answers). */
const staffBookingFlowTypes: ReadonlySet<QuestionnaireType> = new Set([
  ...bookingFlowQuestionnaireTypes,
  ...staffBookingQuestionnaireTypes,
]);
const flowTypesOf = (staffBooking: boolean) =>
  staffBooking ? staffBookingFlowTypes : bookingFlowTypes;
const isTemporary = (answer: AnswerRow) =>
  answer.appointmentId === null && answer.bookingRequestId === null;

/** One appointment item as the booking gate sees it. */
export interface GateItem {
  examSlug: string;
  start: Date;
  timeZone: string;
}

/**
 * Questionnaires of the public booking flow, keyed by the reserved booking
 * key, and the gate appointment and booking-request creation call. Outcomes
 * are always computed here from stored answers and the rules of the version
 * they answered; nothing outcome-like is read from the browser.
 */
/** A Medicare card number: 10 digits plus an optional individual reference number. */
const medicareNumberPattern = /^[0-9]{10,11}$/;

/** The form cannot skip what an outcome requires (the browser's check is only a courtesy). */
function assertMedicareNumber(outcome: { medicareNumberRequired: boolean }, patient: PatientFacts) {
  if (!outcome.medicareNumberRequired) return;
  const digits = (patient.medicareNumber ?? '').replace(/\s+/g, '');
  if (medicareNumberPattern.test(digits)) return;
  throw new MedicareNumberRequiredError(
    'Your answers mean we need your Medicare card number for this booking.',
    [
      {
        path: 'patientDetails.medicareNumber',
        message: 'Enter the 10 or 11 digits of your Medicare card number.',
      },
    ],
  );
}

export function createQuestionnairesService(deps: QuestionnairesServiceDeps) {
  const { db, clock } = deps;
  const cache = createDefinitionCache(db);

  async function examRefs(tx: Db, examSlugs: readonly string[]): Promise<ExamRef[]> {
    const modalities = await repository.examModalities(tx, examSlugs);
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
  async function todayFor(tx: Db, examSlugs: readonly string[], now: Date): Promise<string> {
    const days = (await repository.clinicTimeZones(tx, examSlugs)).map((zone) =>
      localDayOf(zone, now.getTime()),
    );
    // YYYY-MM-DD texts sort as the days they name; UTC's day only when no clinic performs them.
    return days.sort().at(-1) ?? now.toISOString().slice(0, 10);
  }

  async function keyMustBeReserved(bookingKey: string, now: Date) {
    assertKeyUsable(await bookingKeyState(db, bookingKey, now));
  }

  /** The booking-flow outcome for these exams from the key's temporary answers. */
  async function evaluate(
    tx: Db,
    bookingKey: string,
    examSlugs: readonly string[],
    now: Date,
  ): Promise<CombinedOutcome & { answers: AnswerRow[]; exams: ExamRef[] }> {
    const [exams, latest] = await Promise.all([
      examRefs(tx, examSlugs),
      repository.latestAnswers(tx, bookingKey),
    ]);
    const answers = latest.filter(isTemporary);
    const versions = await repository.findVersions(
      tx,
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
    tx: Db,
    bookingKey: string,
    combined: CombinedOutcome,
    issueAt: Date | null,
  ): Promise<ProcessedOutcome> {
    const route = combined.routeToBookingRequest;
    if (!route) return combined.outcome;
    const apiKey = issueAt
      ? await repository.ensureApiKey(
          tx,
          bookingKey,
          randomBytes(24).toString('base64url'),
          route.confirmationMessage,
          issueAt,
        )
      : (await repository.findApiKey(tx, bookingKey))?.apiKey;
    if (apiKey === undefined) return combined.outcome;
    return {
      ...combined.outcome,
      createBookingRequest: { apiKey, confirmationMessage: route.confirmationMessage },
    };
  }

  async function recordChange(
    tx: Db,
    bookingKey: string,
    change: { from: string; to: string },
    now: Date,
  ): Promise<ChangedExamSlug> {
    const earlier = (await repository.listExamChanges(tx, bookingKey)).find(
      (row) => row.newSlug === change.from,
    );
    return repository.recordExamChange(
      tx,
      bookingKey,
      { oldSlug: change.from, oldestSlug: earlier?.oldestSlug ?? change.from, newSlug: change.to },
      now,
    );
  }

  /** Refuses while a required booking-flow questionnaire of these exams has no answer. */
  /** The questionnaires these exams require before booking that these answers leave unanswered. */
  async function unanswered(
    exams: readonly ExamRef[],
    answers: readonly AnswerRow[],
  ): Promise<DefinitionRow[]> {
    const answered = new Set(answers.map((answer) => answer.questionnaireId));
    return (await cache.current()).filter(
      (definition) =>
        definition.requiredBeforeBooking &&
        bookingFlowTypes.has(definition.type) &&
        appliesTo(definition, exams) &&
        !answered.has(definition.id),
    );
  }

  async function assertAnswered(
    exams: readonly ExamRef[],
    answers: readonly AnswerRow[],
  ): Promise<void> {
    const missing = await unanswered(exams, answers);
    if (missing.length > 0) {
      throw new QuestionnaireUnansweredError(
        `Answer ${missing.map((definition) => `"${definition.title}"`).join(', ')} first.`,
      );
    }
  }

  /**
   * Refuses a slot before restrictMinDays counted from today at its clinic
   * (the clinic's calendar day, not UTC's: in Sydney the UTC date is a day
   * behind every morning until 10 or 11 o'clock).
   */
  function assertNotBeforeMinDate(minDays: number | null, items: readonly GateItem[], now: Date) {
    if (minDays === null) return;
    for (const item of items) {
      const minDate = addLocalDays(localDayOf(item.timeZone, now.getTime()), minDays);
      if (localDayOf(item.timeZone, item.start.getTime()) < minDate) {
        throw new SlotBeforeMinDateError(`Please choose a time on or after ${minDate}.`);
      }
    }
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
      const exams = await examRefs(db, slugs);
      const all = await cache.current();
      const definitions = all.filter(
        (definition) =>
          flowTypesOf(staffBooking).has(definition.type) && appliesTo(definition, exams),
      );
      const typeOf = new Map(all.map((definition) => [definition.id, definition.type]));
      const answers = (await repository.latestAnswers(db, bookingKey)).filter(isTemporary);
      const answeredIds = new Set(answers.map((answer) => answer.questionnaireId));
      const listedIds = new Set(definitions.map((definition) => definition.id));
      const modalityIds = await repository.modalityIds(db);
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
      const exams = await examRefs(db, request.examSlugs);
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
      return db.transaction().execute(async (tx) => {
        const answer = await repository.insertAnswer(
          tx,
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
        await insertAuditEvent(
          tx,
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
      return withApiKey(db, bookingKey, await evaluate(db, bookingKey, examSlugs, now), null);
    },

    /** changeExamFromOutcome: records a change only an outcome allows. */
    async changeExam(bookingKey: string, request: ExamChangeRequest): Promise<ChangedExamSlug> {
      const now = clock.now();
      await keyMustBeReserved(bookingKey, now);
      return db.transaction().execute(async (tx) => {
        const { examChange } = await evaluate(tx, bookingKey, [request.oldSlug], now);
        if (examChange?.from !== request.oldSlug || examChange.to !== request.newSlug) {
          throw new ExamChangeNotAllowedError(
            'The answers given do not allow this change of exam.',
          );
        }
        return recordChange(tx, bookingKey, examChange, now);
      });
    },

    /**
     * The gate appointment creation calls before it writes anything: refused
     * when the answers deny the booking, route it to a booking request, change
     * one of its exams, leave a required questionnaire unanswered, or put a
     * slot before the earliest day allowed.
     */
    async checkAppointments(
      bookingKey: string,
      items: readonly GateItem[],
      patient: PatientFacts,
    ): Promise<void> {
      const now = clock.now();
      const examSlugs = [...new Set(items.map((item) => item.examSlug))];
      const combined = await evaluate(db, bookingKey, examSlugs, now);
      if (combined.outcome.denyBooking) {
        throw new BookingDeniedError(
          combined.outcome.message ?? 'This booking cannot be made online.',
        );
      }
      if (combined.routeToBookingRequest) {
        throw new BookingRequestRequiredError(
          'These answers need a booking request instead of an appointment.',
        );
      }
      if (combined.examChange) {
        throw new ExamChangeRequiredError(
          `Book ${combined.examChange.to} instead of ${combined.examChange.from}, as the answers require.`,
        );
      }
      await assertAnswered(combined.exams, combined.answers);
      assertNotBeforeMinDate(combined.minDays, items, now);
      assertMedicareNumber(combined.outcome, patient);
    },

    /**
     * What checkAppointments answers for a key WITHOUT stored answers: no
     * answer means no outcome rule (nothing denies, routes, changes exams,
     * sets an earliest day or asks for a Medicare number), so only a required
     * questionnaire of these exams can refuse. Booking in one statement relies
     * on it, writing only while the key has no answers (noStoredAnswers).
     */
    async passesWithoutAnswers(exams: readonly ExamRef[]): Promise<boolean> {
      return (await unanswered(exams, [])).length === 0;
    },

    /**
     * Before a slot is held: only the earliest day allowed is checked (the
     * questionnaires may still be answered after choosing a time; creation
     * checks the rest).
     */
    async checkSlotHold(bookingKey: string, item: GateItem): Promise<void> {
      const now = clock.now();
      const combined = await evaluate(db, bookingKey, [item.examSlug], now);
      assertNotBeforeMinDate(combined.minDays, [item], now);
    },

    /**
     * Before a booking request is created: refused when the answers deny the
     * booking or a required questionnaire of its exams is unanswered (an
     * enquiry-only exam without questionnaires passes); an apiKey must be this
     * key's unused one. Returns the routing outcome's confirmation message.
     */
    async checkBookingRequest(
      bookingKey: string,
      examSlugs: readonly string[],
      apiKey: string | undefined,
      patient: PatientFacts,
    ): Promise<{ confirmationMessage: string | null }> {
      const now = clock.now();
      const combined = await evaluate(db, bookingKey, examSlugs, now);
      if (combined.outcome.denyBooking) {
        throw new BookingDeniedError(
          combined.outcome.message ?? 'This booking cannot be made online.',
        );
      }
      await assertAnswered(combined.exams, combined.answers);
      assertMedicareNumber(combined.outcome, patient);
      if (apiKey === undefined) return { confirmationMessage: null };
      const stored = await repository.findApiKey(db, bookingKey);
      const matches =
        stored !== undefined &&
        stored.usedAt === null &&
        stored.apiKey.length === apiKey.length &&
        timingSafeEqual(Buffer.from(stored.apiKey), Buffer.from(apiKey));
      if (!matches) {
        throw new ApiKeyInvalidError('This booking request link is not valid for this booking.');
      }
      return { confirmationMessage: stored.confirmationMessage };
    },

    /** After the booking request exists: its api key is spent. */
    async markApiKeyUsed(apiKey: string, bookingRequestId: string): Promise<void> {
      await repository.markApiKeyUsed(db, apiKey, bookingRequestId, clock.now());
    },
  };
}

export type QuestionnairesService = ReturnType<typeof createQuestionnairesService>;
export type { DefinitionRow };
