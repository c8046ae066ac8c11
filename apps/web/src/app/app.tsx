import { type QueryClient, QueryClientProvider, useQueryClient } from '@tanstack/react-query';
import { useEffect, useState } from 'react';
import { RouterProvider } from 'react-router';
import { setUnauthorizedHandler } from '../lib/api-client.ts';
import { readBootstrap } from '../lib/bootstrap.ts';
import type { PreparedApp } from './boot.ts';
import { createQueryClient } from './providers/query-client.ts';
import { seedStartupQueries } from './providers/seed-startup.ts';
import { Startup } from './providers/startup.tsx';
import { createUnauthorizedHandler } from './providers/unauthorized.ts';
import { type AppRouter, createAppRouter } from './router.tsx';

/**
 * docs/product/authentication.md#the-401-rule: a 401 from any call but the authenticated check logs
 * the client out.
 */
function UnauthorizedHandler({ router }: { router: AppRouter }) {
  const queryClient = useQueryClient();
  useEffect(
    () => setUnauthorizedHandler(createUnauthorizedHandler(queryClient, router)),
    [queryClient, router],
  );
  return null;
}

/** `prepared` comes from prepareApp (boot.ts); without it the app builds the same itself. */
export function App({
  queryClient,
  prepared,
}: {
  queryClient?: QueryClient;
  prepared?: PreparedApp;
}) {
  const [client] = useState(() => {
    if (prepared) return prepared.queryClient;
    const created = queryClient ?? createQueryClient();
    // The server's inlined start-up data, when present, spares five requests before first paint.
    seedStartupQueries(created, readBootstrap());
    return created;
  });
  const [router] = useState(() => prepared?.router ?? createAppRouter());
  return (
    <QueryClientProvider client={client}>
      <UnauthorizedHandler router={router} />
      <Startup search={window.location.search} prepared={prepared?.i18n ?? undefined}>
        <RouterProvider router={router} />
      </Startup>
    </QueryClientProvider>
  );
}
