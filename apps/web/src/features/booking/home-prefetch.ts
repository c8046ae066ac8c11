import type { QueryClient } from '@tanstack/react-query';
import {
  bodyPartsQuery,
  examGroupsQuery,
  examsQuery,
  walkInExamsQuery,
} from './api/catalogue-api.ts';

/**
 * The catalogue the booking home shows, one starter per request (the very queries its hooks
 * use), started before the app's first render. The answers usually arrive while the app is
 * still preparing, so the home renders once with its exams and body figure; fetched from the
 * page's effects instead, each answer caused another synchronous, blocking re-render of the
 * whole home (TBT, the booking home's speed budget in docs/benchmarks.md). The exams come first:
 * they are the page's main content.
 */
export const bookingHomePrefetches: readonly ((queryClient: QueryClient) => void)[] = [
  (queryClient) => void queryClient.prefetchQuery(examsQuery),
  (queryClient) => void queryClient.prefetchQuery(examGroupsQuery),
  (queryClient) => void queryClient.prefetchQuery(bodyPartsQuery),
  (queryClient) => void queryClient.prefetchQuery(walkInExamsQuery),
];
