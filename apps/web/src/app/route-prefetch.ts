import type { QueryClient } from '@tanstack/react-query';
import type { DataRouter } from 'react-router';
import { nextTask } from '../lib/next-task.ts';

/** Starts one request of a route's data, into the query cache (`pathname`, `search`: the page's). */
export type PrefetchStart = (queryClient: QueryClient, pathname: string, search: string) => void;

/** What a route's `handle` may carry to start its data before the app's first render. */
export interface PrefetchHandle {
  prefetch?: readonly PrefetchStart[];
}

/**
 * Starts the data of the routes the app opens on (the booking home's catalogue and, in the full
 * shell, the header's user check). Fetched from the components' effects instead, every answer
 * arrived after the first commit and re-rendered its part of the page synchronously
 * (TBT, the booking home's speed budget in docs/benchmarks.md). Each request starts in a task of
 * its own: the first calls of fetch and of the query path cost 3-5 ms each on a fast CPU, and the
 * five together were a long task (12-25 ms, past 50 ms on Lighthouse's 4x slower mobile CPU).
 */
export async function prefetchInitialRoutes(
  router: DataRouter,
  queryClient: QueryClient,
): Promise<void> {
  const starts = router.state.matches.flatMap(
    (match) => (match.route.handle as PrefetchHandle | undefined)?.prefetch ?? [],
  );
  const { pathname, search } = router.state.location;
  for (const [index, start] of starts.entries()) {
    if (index > 0) await nextTask();
    start(queryClient, pathname, search);
  }
}
