import type {
  FeedbackQuestionnaire,
  ReportFeedbackSaved,
  SaveReportFeedbackRequest,
} from '@portal/contract';
import { useQuery } from '@tanstack/react-query';
import { toApiError } from '../../../lib/api-client.ts';
import type { FeedbackReference } from '../model/feedback-reference.ts';

/** Spec 1 §7's feedback calls (docs/product/images.md#report-quality-feedback). */
export const reportFeedbackPath = '/api/image_viewer_link/questionnaires';

/**
 * Not through apiRequest: a 401 here is the link's (expired) or says no single sign-on session;
 * it must not log a patient or staff member out of the portal as another call's 401 would
 * (docs/product/authentication.md#the-401-rule).
 */
async function feedbackCall<T>(
  reference: FeedbackReference,
  init: { method: 'GET' | 'POST'; body?: unknown; signal?: AbortSignal },
): Promise<T> {
  const response = await fetch(`${reportFeedbackPath}?${new URLSearchParams(reference)}`, {
    method: init.method,
    headers: {
      Accept: 'application/json',
      ...(init.body === undefined ? {} : { 'Content-Type': 'application/json' }),
    },
    ...(init.body === undefined ? {} : { body: JSON.stringify(init.body) }),
    credentials: 'same-origin',
    signal: init.signal ?? null,
  });
  if (!response.ok) throw await toApiError(response.status, await response.text());
  return (await response.json()) as T;
}

/** GET: the report's feedback questionnaire, or null when feedback was already provided. */
export function useFeedbackQuestionnaire(reference: FeedbackReference | null) {
  return useQuery({
    queryKey: ['report-feedback', reference],
    queryFn: ({ signal }) =>
      feedbackCall<FeedbackQuestionnaire | null>(reference as FeedbackReference, {
        method: 'GET',
        signal,
      }),
    enabled: reference !== null,
    retry: false,
    staleTime: Number.POSITIVE_INFINITY,
  });
}

/** POST: the answers (JSON text of survey.data). */
export function saveReportFeedback(reference: FeedbackReference, body: SaveReportFeedbackRequest) {
  return feedbackCall<ReportFeedbackSaved>(reference, { method: 'POST', body });
}
