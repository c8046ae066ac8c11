import type { QueryClient } from '@tanstack/react-query';
import { patientPageTarget } from '../../../lib/patient-access.ts';
import { patientSessionQuery } from '../hooks/use-patient-session.ts';
import { patientPortalConfigQuery } from './portal-config-api.ts';
import { resultsKey, resultsQuery } from './results-query.ts';
import { markStartupAnswer } from './startup-answers.ts';
import {
  appointmentsSummaryKey,
  appointmentsSummaryQuery,
  bookingRequestSummaryKey,
  bookingRequestSummaryQuery,
} from './summary-api.ts';

/**
 * What the appointment and booking request pages fetch, started before the app's first render
 * (app/route-prefetch.ts) while the page's code still loads: the session check, then, once it
 * passes, the summary (nothing of the booking is asked for before the check passes). Started by
 * the page itself, the three ran one after another behind the route's chunk
 * (docs/benchmarks.md, patient pages). A failed check is left in the cache for the page, whose
 * 401 rule sends the patient to sign in as before.
 */
function prefetchSummary(queryClient: QueryClient, pathname: string) {
  // The page's own target: /appointments/..., /a/... or /booking-requests/..., /br/...
  const target = patientPageTarget(pathname);
  if (!target) return;
  const { bookingKey } = target;
  const summary = async (): Promise<unknown> =>
    target.type === 'BOOKING_REQUEST'
      ? queryClient.fetchQuery(bookingRequestSummaryQuery(bookingKey))
      : queryClient.fetchQuery(appointmentsSummaryQuery(bookingKey));
  const summaryKey =
    target.type === 'BOOKING_REQUEST'
      ? bookingRequestSummaryKey(bookingKey)
      : appointmentsSummaryKey(bookingKey);
  void queryClient
    .fetchQuery(patientSessionQuery(target))
    .then(summary)
    .then(
      () => markStartupAnswer(queryClient.getQueryCache().find({ queryKey: summaryKey })),
      () => undefined,
    );
}

/**
 * The owner's results page (`/appointments/{key}/result`): the session check and the results read
 * start together. The results read is refused (401) without a session whose scope covers it, so
 * nothing is read before the proof is there, and it no longer waits a round trip behind the
 * check: bench:web measured the page at Lighthouse 91-94, LCP about 2.7 s, with the two in a
 * row. Not a shared link's (`?shared=true`: the recipient's session check differs) nor the
 * history page; each is fetched by its page as before.
 */
function prefetchResults(queryClient: QueryClient, pathname: string, search = '') {
  const target = patientPageTarget(pathname);
  if (target?.type !== 'APPOINTMENT_RESULTS' || new URLSearchParams(search).has('shared')) return;
  const { bookingKey } = target;
  void queryClient.prefetchQuery(patientSessionQuery(target));
  void queryClient.fetchQuery(resultsQuery('owner', bookingKey)).then(
    () =>
      markStartupAnswer(
        queryClient.getQueryCache().find({ queryKey: resultsKey('owner', bookingKey) }),
      ),
    () => undefined,
  );
}

const prefetchConfig = (queryClient: QueryClient) =>
  void queryClient.prefetchQuery(patientPortalConfigQuery);

/** The appointment and booking request pages' start-up requests (a route handle's `prefetch`). */
export const summaryPagePrefetches = [prefetchSummary, prefetchConfig] as const;

/** The results page's start-up requests. */
export const resultsPagePrefetches = [prefetchResults, prefetchConfig] as const;
