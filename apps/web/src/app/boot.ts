import type { PortalBootstrap } from '@portal/contract';
import type { QueryClient } from '@tanstack/react-query';
import { loadBookingHome } from '../features/booking/index.ts';
import { createI18n } from '../lib/i18n.ts';
import { nextTask } from '../lib/next-task.ts';
import { createQueryClient } from './providers/query-client.ts';
import { seedStartupQueries } from './providers/seed-startup.ts';
import type { PreparedI18n } from './providers/startup.tsx';
import { prefetchInitialRoutes } from './route-prefetch.ts';
import {
  type AppRouter,
  createAppRouterInSteps,
  type HomeRoute,
  isBookingHomePath,
  loadedHome,
} from './router.tsx';

export interface PreparedApp {
  queryClient: QueryClient;
  router: AppRouter;
  i18n: PreparedI18n | null;
}

/**
 * What the first render needs that is costly to build (the router ranks its routes, in two
 * steps, see createAppRouterInSteps; i18next initialises its dictionary), each step in a task
 * of its own. Done inside the first render instead, the steps ran in the same task as the
 * components that own them, each past the 50 ms a long task starts at on Lighthouse's 4x
 * slower mobile CPU (TBT, the booking home's speed budget in docs/benchmarks.md). The first
 * screen's data starts here too, so it usually is in the cache when the page first renders.
 */
export async function prepareApp(bootstrap: PortalBootstrap | null): Promise<PreparedApp> {
  const { pathname } = window.location;
  const home = isBookingHomePath(pathname) ? await bookingHomeFirst() : undefined;
  await nextTask();
  const { router, complete } = createAppRouterInSteps(pathname, home);
  await nextTask();
  complete();
  await nextTask();
  const queryClient = createQueryClient();
  // The server's inlined start-up data, when present, spares five requests before first paint.
  seedStartupQueries(queryClient, bootstrap);
  await nextTask();
  await prefetchInitialRoutes(router, queryClient);
  await nextTask();
  const i18n = bootstrap
    ? {
        dictionary: bootstrap.translations,
        instance: createI18n(bootstrap.locale, bootstrap.translations),
      }
    : null;
  await nextTask();
  return { queryClient, router, i18n };
}

/**
 * The booking home's page and start-up requests, for an app opened on the home: the server preloads its chunk
 * beside the entry there (apps/server/src/plugins/index-html.ts), so this usually resolves at
 * once, and the router renders the home on its first pass. If it cannot load, the route loads it
 * on demand and reports a failure as any page would.
 */
async function bookingHomeFirst(): Promise<HomeRoute | undefined> {
  try {
    return loadedHome(await loadBookingHome());
  } catch {
    return undefined;
  }
}
