import type { User } from '@portal/contract';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { I18nextProvider } from 'react-i18next';
import { createMemoryRouter, RouterProvider } from 'react-router';
import { vi } from 'vitest';
import enAU from '../../../../packages/translations/locales/en-AU.json';
import { prefetchInitialRoutes } from '../app/route-prefetch.ts';
import { appRoutes } from '../app/router.tsx';
import { ClockProvider } from '../lib/clock.tsx';
import { ConfigProvider } from '../lib/config.tsx';
import { createI18n } from '../lib/i18n.ts';
import { type ConfigOverrides, errorResponse, makeConfig } from './fixtures.ts';
import { setViewportWidth } from './viewport.ts';

export interface RenderAppOptions {
  config?: ConfigOverrides;
  /** The logged-in staff member; anonymous (GET /api/account answers 401) by default. */
  user?: User | null;
  /** Answers for other API calls, by path; unlisted calls get a 404 error body. */
  // An answer may be a promise: a test holds a response back to see what the page does meanwhile.
  api?: Record<string, () => Response | Promise<Response>>;
  now?: Date;
  width?: number;
  /** Start the routes' data before the first render, as app/boot.ts does (route-prefetch.ts). */
  prefetch?: boolean;
}

export const testI18n = () => createI18n('en-AU', enAU);

/**
 * Renders the real route table and shell at `path` with a loaded configuration (what Startup
 * provides in the app), fetch mocked, and waits for the page's h1.
 */
export async function renderApp(path = '/', options: RenderAppOptions = {}) {
  if (options.width) setViewportWidth(options.width);
  const fetchMock = vi.fn(async (input: RequestInfo | URL) => {
    const url = new URL(String(input), 'http://localhost');
    if (url.pathname === '/api/account') {
      return options.user
        ? new Response(JSON.stringify(options.user))
        : errorResponse(401, 'UNAUTHORIZED');
    }
    const answer = options.api?.[url.pathname];
    return answer ? answer() : errorResponse(404, 'NOT_FOUND');
  });
  vi.stubGlobal('fetch', fetchMock);

  const config = makeConfig(options.config);
  const router = createMemoryRouter(appRoutes(), { initialEntries: [path] });
  const queryClient = new QueryClient({ defaultOptions: { queries: { retry: false } } });
  if (options.prefetch) await prefetchInitialRoutes(router, queryClient);
  const now = options.now ?? new Date('2031-05-04T10:00:00+10:00');
  const user = userEvent.setup();

  render(
    <QueryClientProvider client={queryClient}>
      <ClockProvider clock={() => now}>
        <ConfigProvider config={config}>
          <I18nextProvider i18n={testI18n()}>
            <RouterProvider router={router} />
          </I18nextProvider>
        </ConfigProvider>
      </ClockProvider>
    </QueryClientProvider>,
  );
  // The first render of a file loads the page's lazy route module (cold in jsdom). Hidden ones
  // count: a modal open from the start (the iframe banner modal) hides the page behind it.
  await screen.findByRole('heading', { level: 1, hidden: true }, { timeout: 5000 });
  return { router, queryClient, user, fetchMock, config };
}
