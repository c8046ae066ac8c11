import type { SupportedLocale } from '@portal/contract';
import type { FastifyInstance } from 'fastify';
import type { Kysely } from 'kysely';
import type { Clock } from '../../adapters/clock.ts';
import type { Database } from '../../db/database.ts';
import type { QuestionnaireHooks } from '../booking/index.ts';
import type { QuestionnaireConfig } from './questionnaire-config.ts';
import { registerQuestionnaireDocumentRoutes } from './questionnaire-document.routes.ts';
import { createQuestionnaireDocumentService } from './questionnaire-document.service.ts';
import { createQuestionnaireStore } from './questionnaire-store.ts';
import { type SyncResult, syncQuestionnaires as syncDefinitions } from './questionnaire-sync.ts';
import { moveTemporaryAnswers, noStoredAnswers } from './questionnaires.repository.ts';
import { registerQuestionnaireRoutes } from './questionnaires.routes.ts';
import { createQuestionnairesService } from './questionnaires.service.ts';
import { registerSecuredQuestionnaireRoutes } from './secured-questionnaires.routes.ts';
import { createSecuredQuestionnairesService } from './secured-questionnaires.service.ts';

export { checkAnswerSet, InvalidAnswerSet } from './answer-validation.ts';
export {
  loadQuestionnaireConfig,
  type QuestionnaireConfig,
  type SurveyConfig,
  surveyConfigSchema,
  surveyProblems,
  surveyQuestions,
} from './questionnaire-config.ts';
export type { SyncResult } from './questionnaire-sync.ts';
export type { GateItem, QuestionnairesService } from './questionnaires.service.ts';
export {
  currentReferrerFeedbackQuestionnaire,
  type ReferrerQuestionnaire,
} from './referrer-questionnaires.ts';

/** Writes config/questionnaires to the database (server.ts, at start; questionnaire-sync.ts). */
export function syncQuestionnaires(
  db: Kysely<Database>,
  configs: readonly QuestionnaireConfig[],
  now: Date,
): Promise<SyncResult> {
  return syncDefinitions(createQuestionnaireStore(db), configs, now);
}

/**
 * For the patient portal (docs/product/patient-portal.md#manage): whether an unanswered
 * questionnaire of `type` applies to this appointment. A CANCEL_APPOINTMENT_PATIENT one
 * stands before a cancel (saving it cancels); a DECLINE_APPOINTMENT one offers declining; a
 * FEEDBACK one is the kiosk's FEEDBACK step (docs/product/kiosk.md#check-in).
 */
export function createAppointmentQuestionnaireCheck(deps: { db: Kysely<Database>; clock: Clock }) {
  const service = createSecuredQuestionnairesService({
    store: createQuestionnaireStore(deps.db),
    clock: deps.clock,
    onRefused: () => {},
  });
  return async (
    bookingKey: string,
    appointmentId: string,
    type: 'CANCEL_APPOINTMENT_PATIENT' | 'DECLINE_APPOINTMENT' | 'FEEDBACK',
  ): Promise<boolean> => {
    const listing = await service.listForAppointments(bookingKey, { appointmentId, type });
    const answered = new Set(listing.examQuestionnaireAnswers.map((a) => a.questionnaireId));
    return listing.questionnaires.some((questionnaire) => !answered.has(questionnaire.id));
  };
}

/**
 * For patient detail change requests (patient-changes): what a booked key's answers say about
 * the patient's details (issue 5's insuranceTypeId and validationCodeRequired).
 */
export function createPatientDetailOutcome(deps: { db: Kysely<Database>; clock: Clock }) {
  const service = createQuestionnairesService({
    store: createQuestionnaireStore(deps.db),
    clock: deps.clock,
  });
  return async (bookingKey: string, examSlugs: readonly string[]) => {
    if (examSlugs.length === 0) return { insuranceTypeId: null, validationCodeRequired: false };
    const outcome = await service.bookedOutcome(bookingKey, examSlugs);
    return {
      insuranceTypeId: outcome.insuranceTypeId,
      validationCodeRequired: outcome.validationCodeRequired,
    };
  };
}

export interface QuestionnairesModuleDeps {
  db: Kysely<Database>;
  clock: Clock;
  /** The answers document's language when the patient's is unknown (decision 035). */
  defaultLocale: SupportedLocale;
}

/** Questionnaires: booking-flow routes (public, keyed by the booking key) and secured ones. */
export async function questionnairesModule(
  app: FastifyInstance,
  deps: QuestionnairesModuleDeps,
): Promise<void> {
  // Reasons name questions, never answers: answers are patient data and stay out of logs.
  const onRefused = (reason: string) => app.log.info({ reason }, 'questionnaire answer refused');
  const store = createQuestionnaireStore(deps.db);
  registerQuestionnaireRoutes(
    app,
    createQuestionnairesService({ store, clock: deps.clock, onRefused }),
  );
  registerSecuredQuestionnaireRoutes(
    app,
    createSecuredQuestionnairesService({ store, clock: deps.clock, onRefused }),
  );
  registerQuestionnaireDocumentRoutes(
    app,
    createQuestionnaireDocumentService({
      store,
      clock: deps.clock,
      defaultLocale: deps.defaultLocale,
    }),
  );
}

/**
 * What the booking module asks this one (injected in app.ts, so booking does
 * not import questionnaires): the appointment and booking-request gates, the
 * api key bookkeeping and the re-key of temporary answers (inside the re-key
 * transaction, on the connection it is given).
 */
export function createBookingQuestionnaireHooks(deps: {
  db: Kysely<Database>;
  clock: Clock;
}): QuestionnaireHooks {
  const service = createQuestionnairesService({
    store: createQuestionnaireStore(deps.db),
    clock: deps.clock,
  });
  return {
    checkAppointments: service.checkAppointments,
    passesWithoutAnswers: service.passesWithoutAnswers,
    noStoredAnswers,
    checkSlotHold: service.checkSlotHold,
    checkBookingRequest: service.checkBookingRequest,
    markApiKeyUsed: service.markApiKeyUsed,
    moveTemporaryAnswers,
  };
}
