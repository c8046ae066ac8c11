import type { QuestionnaireDocumentStatus, SupportedLocale } from '@portal/contract';
import type { Clock } from '../../adapters/clock.ts';
import { NotFoundError } from '../../domain-error.ts';
import type { AppointmentOfKey } from '../booking/index.ts';
import { messageText } from '../notifications/index.ts';
import { displayedAnswers, localText } from './answer-display.ts';
import { questionnaireDocument } from './questionnaire-document.ts';
import type { QuestionnaireStore } from './questionnaire-store.ts';
import { NoQuestionnaireAnswersError } from './questionnaires.errors.ts';
import type { AnswerRow, DefinitionRow } from './questionnaires.repository.ts';

export interface QuestionnaireDocumentDeps {
  store: Pick<
    QuestionnaireStore,
    'listAppointmentsOfKey' | 'latestAnswers' | 'findVersions' | 'patientLocaleOfKey'
  >;
  clock: Clock;
  /** The provider's default, for a patient whose language is unknown (decision 035). */
  defaultLocale: SupportedLocale;
}

/** A moment on the clinic's clock with its zone, as the web writes one (lib/clinic-time.ts). */
function clinicMoment(instant: Date, timeZone: string, locale: SupportedLocale): string {
  return new Intl.DateTimeFormat(locale, {
    weekday: 'long',
    day: 'numeric',
    month: 'long',
    year: 'numeric',
    hour: 'numeric',
    minute: '2-digit',
    timeZoneName: 'short',
    timeZone,
  }).format(instant);
}

/**
 * viewQuestionnaire (spec 1 §7): an appointment key's answered questionnaires as a PDF, each at
 * the version the patient answered and in the language they booked in
 * (docs/product/questionnaires.md#answers-document, decision 043).
 */
export function createQuestionnaireDocumentService(deps: QuestionnaireDocumentDeps) {
  const { store } = deps;

  /**
   * The key's latest answers with the definition version each answered: those given while
   * booking (no appointment yet) and those about its appointments; a referrer's never.
   */
  async function answeredOf(bookingKey: string) {
    const appointments = await store.listAppointmentsOfKey(bookingKey);
    if (appointments.length === 0) {
      throw new NotFoundError('There is no appointment for this key.');
    }
    const ids = new Set(appointments.map((appointment) => appointment.id));
    const answers = (await store.latestAnswers(bookingKey)).filter(
      (answer) =>
        answer.bookingRequestId === null &&
        (answer.appointmentId === null || ids.has(answer.appointmentId)),
    );
    const versions = await store.findVersions(
      answers.map((answer) => ({
        id: answer.questionnaireId,
        version: answer.questionnaireVersion,
      })),
    );
    const answered = answers.flatMap((answer) => {
      const definition = versions.find(
        (row) => row.id === answer.questionnaireId && row.version === answer.questionnaireVersion,
      );
      return definition && definition.audience === 'PATIENT' ? [{ answer, definition }] : [];
    });
    return { appointments, answered };
  }

  function section(
    { answer, definition }: { answer: AnswerRow; definition: DefinitionRow },
    appointments: AppointmentOfKey[],
    locale: SupportedLocale,
  ) {
    const t = messageText(locale, 'questionnaire_document');
    // An answer given while booking is the booking's: its first appointment's clinic keeps the time.
    const about = appointments.filter((appointment) =>
      answer.appointmentId === null
        ? answer.examSlugs.includes(appointment.exam.slug)
        : appointment.id === answer.appointmentId,
    );
    const clinic = (about[0] ?? appointments[0])!.clinic;
    const exams = [...new Set(about.map((appointment) => appointment.exam.name))];
    return {
      title: localText(definition.survey.title, locale) ?? definition.title,
      details: [
        t('answered', {
          version: definition.version,
          answeredAt: clinicMoment(new Date(answer.createdAt), clinic.timeZone, locale),
        }),
        ...(exams.length > 0 ? [t('about', { exams: exams.join(', ') })] : []),
      ],
      pages: displayedAnswers(definition.survey, answer.result, locale, {
        yes: t('yes'),
        no: t('no'),
        other: t('other'),
        none: t('none'),
      }),
    };
  }

  return {
    async status(bookingKey: string): Promise<QuestionnaireDocumentStatus> {
      return { answeredQuestionnaires: (await answeredOf(bookingKey)).answered.length };
    },

    async document(bookingKey: string): Promise<Uint8Array> {
      const { appointments, answered } = await answeredOf(bookingKey);
      if (answered.length === 0) throw new NoQuestionnaireAnswersError();
      const locale = (await store.patientLocaleOfKey(bookingKey)) ?? deps.defaultLocale;
      const t = messageText(locale, 'questionnaire_document');
      const now = deps.clock.now();
      const first = appointments[0]!;
      return questionnaireDocument({
        language: locale,
        title: t('title'),
        intro: [
          t('patient', { firstName: first.patient.firstName, lastName: first.patient.lastName }),
          t('created', { createdAt: clinicMoment(now, first.clinic.timeZone, locale) }),
        ],
        sections: answered.map((item) => section(item, appointments, locale)),
        pageLabel: (page, pages) => t('page', { page, pages }),
        createdAt: now,
      });
    },
  };
}

export type QuestionnaireDocumentService = ReturnType<typeof createQuestionnaireDocumentService>;
