import { timingSafeEqual } from 'node:crypto';
import type { Clock } from '../../adapters/clock.ts';
import { addLocalDays, localDayOf } from '../availability/index.ts';
import type { PatientFacts } from '../booking/index.ts';
import { type BookingOutcomes, bookingFlowTypes } from './booking-outcomes.ts';
import type { createDefinitionCache } from './definition-cache.ts';
import type { QuestionnaireStore } from './questionnaire-store.ts';
import { appliesTo, type ExamRef } from './questionnaire-views.ts';
import {
  ApiKeyInvalidError,
  BookingDeniedError,
  BookingRequestRequiredError,
  ExamChangeRequiredError,
  MedicareNumberRequiredError,
  QuestionnaireUnansweredError,
  SlotBeforeMinDateError,
} from './questionnaires.errors.ts';
import type { AnswerRow, DefinitionRow } from './questionnaires.repository.ts';

/** One appointment item as the booking gate sees it. */
export interface GateItem {
  examSlug: string;
  start: Date;
  timeZone: string;
}

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

/**
 * The gate booking calls (through QuestionnaireHooks) before it writes an appointment, a slot
 * hold or a booking request: the key's stored answers can deny, route, change an exam, require a
 * questionnaire, an earliest day or a Medicare number.
 */
export function createBookingGate(deps: {
  store: QuestionnaireStore;
  clock: Clock;
  cache: ReturnType<typeof createDefinitionCache>;
  outcomes: BookingOutcomes;
}) {
  const { store, clock, cache } = deps;
  const { evaluate } = deps.outcomes;

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

  return {
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
      const combined = await evaluate(store, bookingKey, examSlugs, now);
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
      const combined = await evaluate(store, bookingKey, [item.examSlug], now);
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
      const combined = await evaluate(store, bookingKey, examSlugs, now);
      if (combined.outcome.denyBooking) {
        throw new BookingDeniedError(
          combined.outcome.message ?? 'This booking cannot be made online.',
        );
      }
      await assertAnswered(combined.exams, combined.answers);
      assertMedicareNumber(combined.outcome, patient);
      if (apiKey === undefined) return { confirmationMessage: null };
      const stored = await store.findApiKey(bookingKey);
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
      await store.markApiKeyUsed(apiKey, bookingRequestId, clock.now());
    },
  };
}
