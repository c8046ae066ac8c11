import type { QueryClient } from '@tanstack/react-query';
import type { DataRouter } from 'react-router';

/** What a route's `handle` may carry to start its data before the app's first render. */
export interface PrefetchHandle {
  prefetch?: (queryClient: QueryClient) => void;
}

/**
 * Starts the data of the routes the app opens on (the booking home's catalogue and, in the full
 * shell, the header's user check). Fetched from the components' effects instead, every answer arrived after the
 * first commit and re-rendered its part of the page synchronously (issue 3, TBT).
 */
export function prefetchInitialRoutes(router: DataRouter, queryClient: QueryClient): void {
  for (const match of router.state.matches) {
    (match.route.handle as PrefetchHandle | undefined)?.prefetch?.(queryClient);
  }
}
