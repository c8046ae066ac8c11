import type { QueryClient } from '@tanstack/react-query';
import {
  bodyPartsQuery,
  examGroupsQuery,
  examsQuery,
  walkInExamsQuery,
} from './api/catalogue-api.ts';

/**
 * Starts the catalogue the booking home shows before the app's first render (the very
 * queries its hooks use). The answers usually arrive while the app is still preparing, so
 * the home renders once with its exams and body figure; fetched from the page's effects
 * instead, each answer caused another synchronous, blocking re-render of the whole home
 * (issue 3, TBT).
 */
export function prefetchBookingHome(queryClient: QueryClient): void {
  void queryClient.prefetchQuery(examsQuery);
  void queryClient.prefetchQuery(examGroupsQuery);
  void queryClient.prefetchQuery(bodyPartsQuery);
  void queryClient.prefetchQuery(walkInExamsQuery);
}
