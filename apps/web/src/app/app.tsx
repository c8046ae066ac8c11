import { type QueryClient, QueryClientProvider, useQueryClient } from '@tanstack/react-query';
import { useEffect, useState } from 'react';
import { RouterProvider } from 'react-router';
import { setUnauthorizedHandler } from '../lib/api-client.ts';
import { readBootstrap } from '../lib/bootstrap.ts';
import { createQueryClient } from './providers/query-client.ts';
import { seedStartupQueries } from './providers/seed-startup.ts';
import { Startup } from './providers/startup.tsx';
import { createUnauthorizedHandler } from './providers/unauthorized.ts';
import { createAppRouter } from './router.tsx';

/** Spec 1 §4: a 401 from any call but the authenticated check logs the client out. */
function UnauthorizedHandler({ router }: { router: ReturnType<typeof createAppRouter> }) {
  const queryClient = useQueryClient();
  useEffect(
    () => setUnauthorizedHandler(createUnauthorizedHandler(queryClient, router)),
    [queryClient, router],
  );
  return null;
}

export function App({ queryClient }: { queryClient?: QueryClient }) {
  const [client] = useState(() => {
    const created = queryClient ?? createQueryClient();
    // The server's inlined start-up data, when present, spares five requests before first paint.
    seedStartupQueries(created, readBootstrap());
    return created;
  });
  const [router] = useState(createAppRouter);
  return (
    <QueryClientProvider client={client}>
      <UnauthorizedHandler router={router} />
      <Startup search={window.location.search}>
        <RouterProvider router={router} />
      </Startup>
    </QueryClientProvider>
  );
}
