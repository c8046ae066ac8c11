import type {
  ModalSize,
  ProcessedOutcome,
  Questionnaire,
  QuestionnairesResponse,
  QuestionnaireType,
} from '@portal/contract';
import { isTranslationKey } from '../../../lib/translation-key.ts';

export { isTranslationKey };

/**
 * docs/product/questionnaires.md#constants: slots reload 400 ms after an exam change; BOOKING_FORM
 * navigates 100 ms after.
 */
export const examChangeReloadDelayMs = 400;
export const bookingFormNavigationDelayMs = 100;

export type ModalSizeClass = Lowercase<ModalSize>;

/**
 * docs/product/questionnaires.md#the-modal: the modal size is the questionnaire's modalSize
 * lowercased, lg by default.
 */
export function modalSizeOf(questionnaire: { modalSize?: string | null } | null): ModalSizeClass {
  const size = questionnaire?.modalSize?.toLowerCase();
  return size === 'sm' || size === 'md' || size === 'lg' || size === 'xl' ? size : 'lg';
}

/**
 * docs/product/questionnaires.md#the-modal says pain-score, protocol and booking-form
 * questionnaires differ in whether the close control shows. They are the ones a booking cannot go
 * on without: a pain score is a clinical measurement taken at the visit, a protocol answer is what
 * a waiting booking request is held for, and the booking form's questions are part of the form
 * itself. Those show no close control; every other type (safety screening, feedback, cancel and
 * decline reasons) can be closed, after the closing confirmation when the questionnaire asks for
 * one. Recorded in docs/decisions/011-questionnaires-in-the-browser.md.
 */
const mustBeAnswered: ReadonlySet<QuestionnaireType> = new Set([
  'PAIN_SCORE_INITIAL',
  'PAIN_SCORE_FINAL',
  'PROTOCOL',
  'BOOKING_FORM',
]);

export function showsCloseControl(type: QuestionnaireType): boolean {
  return !mustBeAnswered.has(type);
}

/**
 * The booking-flow types asked as soon as the exams are chosen: the ones whose outcome decides
 * the booking (deny, route to a request, change the exam, restrict dates). BOOKING_FORM
 * belongs to the patient form (bookingFormTypes), asked when that step opens.
 */
export const bookingScreeningTypes: ReadonlySet<QuestionnaireType> = new Set([
  'MODALITY_ROUTING',
  'REQUIRED_ON_CONFIRMATION',
  'CREATE_BOOKING_REQUEST',
]);

/**
 * A staff or referrer booking (staffBooking=true) is also asked the referrer's variant of the
 * routing questionnaire; the server lists and accepts it only for such a booking.
 */
export const staffScreeningTypes: ReadonlySet<QuestionnaireType> = new Set([
  ...bookingScreeningTypes,
  'CREATE_BOOKING_REQUEST_REFERRER',
]);

/**
 * docs/product/questionnaires.md#where-they-are-asked: the booking form's questions are asked on
 * the patient form, before it is sent.
 */
export const bookingFormTypes: ReadonlySet<QuestionnaireType> = new Set(['BOOKING_FORM']);

/**
 * The questionnaires still to answer, in the server's order, one at a time
 * (docs/product/questionnaires.md#the-modal).
 */
export function unansweredOf(response: QuestionnairesResponse): Questionnaire[] {
  const answered = new Set(
    [...response.examQuestionnaireAnswers, ...response.allQuestionnaireAnswers].map(
      (answer) => answer.questionnaireId,
    ),
  );
  return response.questionnaires.filter((questionnaire) => !answered.has(questionnaire.id));
}

/**
 * A stored redirect is followed only when it stays on this site (a path, not `//host`):
 * the query string is attacker-controlled, so an absolute URL there would be an open redirect.
 */
export function safeRedirect(url: string | null | undefined): string | null {
  if (!url) return null;
  if (!url.startsWith('/') || url.startsWith('//') || url.startsWith('/\\')) return null;
  return url;
}

/** SurveyJS has Macedonian; every English variant uses its default English strings. */
export function surveyLocaleOf(appLocale: string): 'mk' | 'en' {
  return appLocale.toLowerCase().startsWith('mk') ? 'mk' : 'en';
}

export type DenyTarget = { kind: 'external'; url: string } | { kind: 'internal'; path: string };

/**
 * DENY_BOOKING goes to the outcome's URL, else to /deny with the outcome's message (a
 * translation key, translated here, or provider text as given).
 */
export function denyTarget(
  outcome: Pick<ProcessedOutcome, 'url' | 'message'>,
  translate: (key: string) => string,
): DenyTarget {
  if (outcome.url && /^https:\/\//i.test(outcome.url))
    return { kind: 'external', url: outcome.url };
  const internal = safeRedirect(outcome.url);
  if (internal) return { kind: 'internal', path: internal };
  const message = outcome.message ?? 'message.booking_denied';
  return {
    kind: 'internal',
    path: denyPath({ text: isTranslationKey(message) ? translate(message) : message }),
  };
}

/**
 * The deny page's query (docs/product/authentication.md#deny-page): the text as customMessage
 * (shown as given, never as HTML); a Close link needs showClose and a redirectUrl.
 */
export function denyPath(options: { text: string; redirectUrl?: string | null }): string {
  const query = new URLSearchParams({ customMessage: options.text });
  if (options.redirectUrl) {
    query.set('showClose', 'true');
    query.set('redirectUrl', options.redirectUrl);
  }
  return `/deny?${query.toString()}`;
}

/** What a failed save shows (docs/product/questionnaires.md#saving-and-errors). */
export function saveErrorKeyOf(type: QuestionnaireType): string {
  if (type === 'PAIN_SCORE_INITIAL' || type === 'PAIN_SCORE_FINAL')
    return 'message.pain_score_problem';
  if (type === 'PROTOCOL') return 'message.booking_request_waiting_protocol_error';
  return 'message.error_answering_questionnaire';
}

export type FinishAction =
  | { kind: 'navigate'; to: string; delayMs: number }
  | { kind: 'message'; key: 'message.questionnaires_already_answered' | 'questionnaire.all_saved' };

/**
 * After the last questionnaire of the /questionnaires page
 * (docs/product/questionnaires.md#the-questionnaires-page): BOOKING_FORM goes on 100 ms later; a
 * changed exam goes back to the booking, whose slots reload 400 ms later; else the stored redirect;
 * with nowhere to go, a message.
 */
export function finishAction(options: {
  lastType: QuestionnaireType | null;
  redirectUrl: string | null;
  changedExamSlug: string | null;
  answeredAny: boolean;
}): FinishAction {
  const redirect = safeRedirect(options.redirectUrl);
  // Nothing was left to answer: say so (the page offers the way back) rather than bounce.
  if (!options.answeredAny)
    return { kind: 'message', key: 'message.questionnaires_already_answered' };
  if (options.lastType === 'BOOKING_FORM' && redirect) {
    return { kind: 'navigate', to: redirect, delayMs: bookingFormNavigationDelayMs };
  }
  if (options.changedExamSlug && redirect) {
    return { kind: 'navigate', to: redirect, delayMs: examChangeReloadDelayMs };
  }
  if (redirect) return { kind: 'navigate', to: redirect, delayMs: 0 };
  return { kind: 'message', key: 'questionnaire.all_saved' };
}
