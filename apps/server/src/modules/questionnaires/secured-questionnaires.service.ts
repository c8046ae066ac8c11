import {
  type QuestionnairesResponse,
  type QuestionnaireType,
  questionnaireErrorCodes,
  type SaveSecuredAnswerResponse,
} from '@portal/contract';
import type { Clock } from '../../adapters/clock.ts';
import { NotFoundError } from '../../domain-error.ts';
import type { RequestContext } from '../audit/index.ts';
import { checkAnswerSet, InvalidAnswerSet } from './answer-validation.ts';
import type { QuestionnaireStore } from './questionnaire-store.ts';
import {
  appliesTo,
  type ExamRef,
  toAnswer,
  toQuestionnaire,
  unansweredFirst,
} from './questionnaire-views.ts';
import {
  AppointmentNotActiveError,
  InvalidQuestionnaireAnswerError,
} from './questionnaires.errors.ts';
import type { AnswerRow, DefinitionRow } from './questionnaires.repository.ts';

export interface SecuredQuestionnairesDeps {
  store: QuestionnaireStore;
  clock: Clock;
  onRefused?: (reason: string) => void;
}

const painScoreTypes: ReadonlySet<QuestionnaireType> = new Set([
  'PAIN_SCORE_INITIAL',
  'PAIN_SCORE_FINAL',
]);
const appointmentTypes: ReadonlySet<QuestionnaireType> = new Set([
  'REQUIRED_ON_CONFIRMATION',
  'CANCEL_APPOINTMENT_PATIENT',
  'DECLINE_APPOINTMENT',
  'FEEDBACK',
  'PROTOCOL',
  ...painScoreTypes,
]);
const bookingRequestTypes: ReadonlySet<QuestionnaireType> = new Set([
  'REQUIRED_ON_CONFIRMATION',
  'PROTOCOL',
  'FEEDBACK',
  'CREATE_BOOKING_REQUEST',
  'CREATE_BOOKING_REQUEST_REFERRER',
]);
/** Asked once per booking: an answer given in the booking flow (temporary) counts. */
const onceTypes: ReadonlySet<QuestionnaireType> = new Set(['REQUIRED_ON_CONFIRMATION']);

/** What saving a questionnaire of this type does to the appointment. */
const endsAppointment: Partial<Record<QuestionnaireType, 'CANCELED' | 'DECLINED_BY_PATIENT'>> = {
  CANCEL_APPOINTMENT_PATIENT: 'CANCELED',
  DECLINE_APPOINTMENT: 'DECLINED_BY_PATIENT',
};

/**
 * Questionnaires about an existing appointment group or booking request,
 * behind the access module's session guard (the session covers the key).
 */
export function createSecuredQuestionnairesService(deps: SecuredQuestionnairesDeps) {
  const { store, clock } = deps;

  function refuse(reason: string, code: InvalidQuestionnaireAnswerError['code']): never {
    deps.onRefused?.(reason);
    throw new InvalidQuestionnaireAnswerError(code);
  }

  function check(
    definition: DefinitionRow,
    resultText: string,
    code: InvalidQuestionnaireAnswerError['code'],
  ) {
    try {
      return checkAnswerSet(definition.survey, resultText);
    } catch (error) {
      if (error instanceof InvalidAnswerSet) refuse(error.message, code);
      throw error;
    }
  }

  async function listing(
    bookingKey: string,
    exams: ExamRef[],
    types: ReadonlySet<QuestionnaireType>,
    type: QuestionnaireType | undefined,
    answeredIn: (answer: AnswerRow, definition: DefinitionRow) => boolean,
  ): Promise<QuestionnairesResponse> {
    const all = await store.listCurrentDefinitions();
    const definitions = all.filter(
      (definition) =>
        types.has(definition.type) &&
        (type === undefined || definition.type === type) &&
        appliesTo(definition, exams),
    );
    const answers = await store.latestAnswers(bookingKey);
    const answersOf = (definition: DefinitionRow) =>
      answers.filter(
        (answer) => answer.questionnaireId === definition.id && answeredIn(answer, definition),
      );
    const typeOf = new Map(all.map((definition) => [definition.id, definition.type]));
    const modalityIds = await store.modalityIds();
    return {
      questionnaires: unansweredFirst(
        definitions,
        (definition) => answersOf(definition).length > 0,
      ).map((definition) => toQuestionnaire(definition, modalityIds)),
      bookingKey,
      examQuestionnaireAnswers: definitions.flatMap((definition) =>
        answersOf(definition).map((answer) => toAnswer(answer, definition.type)),
      ),
      allQuestionnaireAnswers: answers.flatMap((answer) => {
        const answerType = typeOf.get(answer.questionnaireId);
        return answerType ? [toAnswer(answer, answerType)] : [];
      }),
    };
  }

  async function appointmentsOf(bookingKey: string) {
    const appointments = await store.listAppointmentsOfKey(bookingKey);
    if (appointments.length === 0) throw new NotFoundError('There is no appointment for this key.');
    return appointments;
  }

  return {
    async listForAppointments(
      bookingKey: string,
      query: { appointmentId?: string | undefined; type?: QuestionnaireType | undefined },
    ): Promise<QuestionnairesResponse> {
      const appointments = await appointmentsOf(bookingKey);
      const chosen = query.appointmentId
        ? appointments.filter((appointment) => appointment.id === query.appointmentId)
        : appointments;
      if (chosen.length === 0) throw new NotFoundError('There is no such appointment.');
      const chosenIds = new Set(chosen.map((appointment) => appointment.id));
      return listing(
        bookingKey,
        chosen.map((row) => ({ slug: row.exam.slug, modalitySlug: row.exam.modalitySlug })),
        appointmentTypes,
        query.type,
        (answer, definition) =>
          (answer.appointmentId !== null && chosenIds.has(answer.appointmentId)) ||
          (onceTypes.has(definition.type) && answer.bookingRequestId === null),
      );
    },

    /**
     * Saves an answer about one appointment of the key. A patient-cancel (or
     * decline) questionnaire ends the appointment in the same transaction:
     * status changed and its resource booking deleted, so the slot is free.
     */
    async saveForAppointment(
      bookingKey: string,
      request: { questionnaireId: string; questionnaireResult: string; appointmentId: string },
      kind: 'answer' | 'painScore',
      context: RequestContext,
    ): Promise<SaveSecuredAnswerResponse> {
      const now = clock.now();
      const code =
        kind === 'painScore'
          ? questionnaireErrorCodes.painScoreProblem
          : questionnaireErrorCodes.invalidAnswer;
      const appointment = (await store.listAppointmentsOfKey(bookingKey)).find(
        (row) => row.id === request.appointmentId,
      );
      if (!appointment) refuse('appointment not under this key', code);
      const definition = (await store.listCurrentDefinitions()).find(
        (row) => row.id === request.questionnaireId,
      );
      const allowed = kind === 'painScore' ? painScoreTypes : appointmentTypes;
      if (
        !definition ||
        !allowed.has(definition.type) ||
        (kind === 'answer' && painScoreTypes.has(definition.type)) ||
        !appliesTo(definition, [
          { slug: appointment.exam.slug, modalitySlug: appointment.exam.modalitySlug },
        ])
      ) {
        refuse('questionnaire not asked for this appointment', code);
      }
      const data = check(definition, request.questionnaireResult, code);
      return store.transaction(async (tx) => {
        const answer = await tx.insertAnswer(
          {
            bookingKey,
            appointmentId: appointment.id,
            bookingRequestId: null,
            questionnaireId: definition.id,
            questionnaireVersion: definition.version,
            examSlugs: [appointment.exam.slug],
            result: data,
          },
          now,
        );
        await tx.insertAuditEvent(
          {
            actor: 'patient',
            action: 'questionnaire-answer.saved',
            subjectType: 'questionnaire_answer',
            subjectId: answer.id,
            ...context,
            details: {
              questionnaireId: definition.id,
              version: definition.version,
              appointmentId: appointment.id,
            },
          },
          now,
        );
        let status = appointment.status;
        const ending = endsAppointment[definition.type];
        if (ending) {
          if (!(await tx.endAppointment(appointment.id, ending, now))) {
            throw new AppointmentNotActiveError('This appointment can no longer be changed.');
          }
          status = ending;
          await tx.insertAuditEvent(
            {
              actor: 'patient',
              action:
                ending === 'CANCELED'
                  ? 'appointment.canceled-by-patient'
                  : 'appointment.declined-by-patient',
              subjectType: 'appointment',
              subjectId: appointment.id,
              ...context,
              details: { questionnaireAnswerId: answer.id },
            },
            now,
          );
        }
        return { answer: toAnswer(answer, definition.type), appointmentStatus: status };
      });
    },

    async listForBookingRequest(
      bookingKey: string,
      type: QuestionnaireType | undefined,
    ): Promise<QuestionnairesResponse> {
      const bookingRequest = await store.findBookingRequestOfKey(bookingKey);
      if (!bookingRequest) throw new NotFoundError('There is no booking request for this key.');
      return listing(
        bookingKey,
        bookingRequest.exams.map(({ slug, modalitySlug }) => ({ slug, modalitySlug })),
        bookingRequestTypes,
        type,
        (answer, definition) =>
          answer.bookingRequestId === bookingRequest.id ||
          (onceTypes.has(definition.type) && answer.appointmentId === null),
      );
    },

    async saveForBookingRequest(
      bookingKey: string,
      request: { questionnaireId: string; questionnaireResult: string },
      context: RequestContext,
    ): Promise<SaveSecuredAnswerResponse> {
      const now = clock.now();
      const bookingRequest = await store.findBookingRequestOfKey(bookingKey);
      const definition = (await store.listCurrentDefinitions()).find(
        (row) => row.id === request.questionnaireId,
      );
      const code =
        definition?.type === 'PROTOCOL'
          ? questionnaireErrorCodes.protocolError
          : questionnaireErrorCodes.invalidAnswer;
      if (!bookingRequest) refuse('no booking request under this key', code);
      const exams = bookingRequest.exams.map(({ slug, modalitySlug }) => ({ slug, modalitySlug }));
      if (
        !definition ||
        !bookingRequestTypes.has(definition.type) ||
        !appliesTo(definition, exams)
      ) {
        refuse('questionnaire not asked for this booking request', code);
      }
      const data = check(definition, request.questionnaireResult, code);
      return store.transaction(async (tx) => {
        const answer = await tx.insertAnswer(
          {
            bookingKey,
            appointmentId: null,
            bookingRequestId: bookingRequest.id,
            questionnaireId: definition.id,
            questionnaireVersion: definition.version,
            examSlugs: bookingRequest.exams.map((exam) => exam.slug),
            result: data,
          },
          now,
        );
        await tx.insertAuditEvent(
          {
            actor: 'patient',
            action: 'questionnaire-answer.saved',
            subjectType: 'questionnaire_answer',
            subjectId: answer.id,
            ...context,
            details: {
              questionnaireId: definition.id,
              version: definition.version,
              bookingRequestId: bookingRequest.id,
            },
          },
          now,
        );
        return { answer: toAnswer(answer, definition.type), appointmentStatus: null };
      });
    },
  };
}

export type SecuredQuestionnairesService = ReturnType<typeof createSecuredQuestionnairesService>;
