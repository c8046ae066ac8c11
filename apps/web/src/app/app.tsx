import { type QueryClient, QueryClientProvider, useQueryClient } from '@tanstack/react-query';
import { useEffect, useState } from 'react';
import { RouterProvider } from 'react-router';
import { clearUser } from '../features/account/index.ts';
import { setUnauthorizedHandler } from '../lib/api-client.ts';
import { createQueryClient } from './providers/query-client.ts';
import { Startup } from './providers/startup.tsx';
import { createAppRouter } from './router.tsx';

/** Spec 1 §4: a 401 from any call but the authenticated check logs the client out. */
function UnauthorizedHandler() {
  const queryClient = useQueryClient();
  useEffect(
    // Patient re-authentication (the date-of-birth check) hooks in here with the access feature.
    () => setUnauthorizedHandler(() => clearUser(queryClient)),
    [queryClient],
  );
  return null;
}

export function App({ queryClient }: { queryClient?: QueryClient }) {
  const [client] = useState(() => queryClient ?? createQueryClient());
  const [router] = useState(createAppRouter);
  return (
    <QueryClientProvider client={client}>
      <UnauthorizedHandler />
      <Startup search={window.location.search}>
        <RouterProvider router={router} />
      </Startup>
    </QueryClientProvider>
  );
}
