import type {
  ChangedExamSlug,
  ProcessedOutcome,
  QuestionnairesResponse,
  QuestionnaireType,
  SaveSecuredAnswerResponse,
  SaveTemporaryAnswerResponse,
} from '@portal/contract';
import { useQuery } from '@tanstack/react-query';
import { apiGet, apiRequest } from '../../../lib/api-client.ts';

const keyPath = (bookingKey: string) => `/api/booking-keys/${encodeURIComponent(bookingKey)}`;

/**
 * Booking flow: the questionnaires for the chosen exams, unanswered first
 * (docs/product/questionnaires.md#api).
 */
export const fetchBookingQuestionnaires = (
  bookingKey: string,
  examSlugs: readonly string[],
  changedExamSlug: string | null,
  signal?: AbortSignal,
  staffBooking = false,
) =>
  apiGet<QuestionnairesResponse>(`${keyPath(bookingKey)}/questionnaires`, {
    query: {
      examSlugs: examSlugs.join(','),
      changedExamSlug,
      ...(staffBooking ? { staffBooking: 'true' } : {}),
    },
    signal,
  });

/** A temporary answer (before the booking exists); the server answers with the outcome so far. */
export const saveTemporaryAnswer = (
  bookingKey: string,
  body: {
    questionnaireId: string;
    questionnaireResult: string;
    examSlugs: readonly string[];
    /** Only a staff booking may answer the referrer's questionnaires. */
    staffBooking?: true;
  },
) =>
  apiRequest<SaveTemporaryAnswerResponse>(`${keyPath(bookingKey)}/questionnaire-answers`, {
    method: 'POST',
    body,
  });

/** processOutcomes: the outcome combined over every answer stored for the key and exams. */
export const fetchOutcome = (
  bookingKey: string,
  examSlugs: readonly string[],
  signal?: AbortSignal,
) =>
  apiGet<ProcessedOutcome>(`${keyPath(bookingKey)}/outcome`, {
    query: { examSlugs: examSlugs.join(',') },
    signal,
  });

/** changeExamFromOutcome: the server allows only a change an outcome asked for. */
export const changeExamFromOutcome = (
  bookingKey: string,
  body: { oldSlug: string; newSlug: string },
) => apiRequest<ChangedExamSlug>(`${keyPath(bookingKey)}/exam-changes`, { method: 'POST', body });

/**
 * The CREATE_BOOKING_REQUEST outcome for a booking about to be made, or null. A failed look-up
 * counts as none: the server refuses an appointment its stored answers route elsewhere.
 */
export async function routedBookingRequest(
  bookingKey: string,
  examSlugs: readonly string[],
): Promise<ProcessedOutcome['createBookingRequest']> {
  if (!examSlugs.length) return null;
  try {
    return (await fetchOutcome(bookingKey, examSlugs)).createBookingRequest ?? null;
  } catch {
    return null;
  }
}

export const outcomeQueryKey = (bookingKey: string | null, examSlugs: readonly string[]) =>
  ['questionnaires', 'outcome', bookingKey, examSlugs.join(',')] as const;

/**
 * The booking's outcome as the server evaluates it (restrictMinDate, a routed booking
 * request). Nothing to ask about without a booking key or exams.
 */
export function useBookingOutcome(bookingKey: string | null, examSlugs: readonly string[]) {
  return useQuery({
    queryKey: outcomeQueryKey(bookingKey, examSlugs),
    queryFn: ({ signal }) => fetchOutcome(bookingKey ?? '', examSlugs, signal),
    enabled: Boolean(bookingKey) && examSlugs.length > 0,
    staleTime: 30_000,
  });
}

/** Secured questionnaires hang off an appointment group or a booking request. */
export type SecuredTarget = { kind: 'appointment' | 'booking-request'; bookingKey: string };

const securedPath = (target: SecuredTarget) =>
  `/api/secured/${target.kind === 'appointment' ? 'appointments' : 'booking_requests'}/${encodeURIComponent(target.bookingKey)}`;

export const fetchSecuredQuestionnaires = (
  target: SecuredTarget,
  query: { appointmentId: string | null; type: QuestionnaireType | null },
  signal?: AbortSignal,
) =>
  apiGet<QuestionnairesResponse>(`${securedPath(target)}/questionnaires`, {
    query: target.kind === 'appointment' ? query : { type: query.type },
    signal,
  });

/** Saves an answer about an existing booking; a pain score has its own call. */
export const saveSecuredAnswer = (
  target: SecuredTarget,
  type: QuestionnaireType,
  body: { questionnaireId: string; questionnaireResult: string; appointmentId: string | null },
) => {
  const call =
    target.kind === 'booking-request'
      ? 'questionnaire-answers'
      : type === 'PAIN_SCORE_INITIAL' || type === 'PAIN_SCORE_FINAL'
        ? 'pain-scores'
        : 'questionnaire-answers';
  const payload =
    target.kind === 'booking-request'
      ? { questionnaireId: body.questionnaireId, questionnaireResult: body.questionnaireResult }
      : body;
  return apiRequest<SaveSecuredAnswerResponse>(`${securedPath(target)}/${call}`, {
    method: 'POST',
    body: payload,
  });
};
