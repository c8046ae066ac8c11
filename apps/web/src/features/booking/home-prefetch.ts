import type { BodyPart, Exam, ExamGroup, WalkInExam } from '@portal/contract';
import type { QueryClient } from '@tanstack/react-query';
import { apiGet } from '../../lib/api-client.ts';

const long = 10 * 60_000;

/**
 * Starts the catalogue the booking home shows (the same queries as api/catalogue-api.ts's
 * hooks, whose keys these must equal: app/route-prefetch.test.tsx checks) before the app's first
 * render. The answers usually arrive while the app is still preparing, so the home renders once
 * with its exams and body figure; fetched from the page's effects instead, each answer caused
 * another synchronous, blocking re-render of the whole home (issue 3, TBT).
 */
export function prefetchBookingHome(queryClient: QueryClient): void {
  const get = <T>(queryKey: readonly unknown[], path: string) =>
    void queryClient.prefetchQuery({
      queryKey,
      queryFn: ({ signal }) => apiGet<T>(path, { signal }),
      staleTime: long,
    });
  get<Exam[]>(['exams'], '/api/exams');
  get<ExamGroup[]>(['exam-groups'], '/api/exam-groups');
  get<BodyPart[]>(['body-parts'], '/api/body-parts');
  get<WalkInExam[]>(['exams', 'walk-in'], '/api/exams/walk-in');
}
