import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { renderHook, waitFor } from '@testing-library/react';
import type { ReactNode } from 'react';
import { createMemoryRouter } from 'react-router';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { useUser } from '../features/account/index.ts';
import {
  useBodyParts,
  useExamGroups,
  useExams,
  useWalkInExams,
} from '../features/booking/api/catalogue-api.ts';
import { errorResponse, jsonResponse } from '../testing/fixtures.ts';
import { prefetchInitialRoutes } from './route-prefetch.ts';
import { appRoutes } from './router.tsx';

const answers: Record<string, unknown> = {
  '/api/exams': [{ slug: 'ct-head' }],
  '/api/exam-groups': [],
  '/api/body-parts': [{ slug: 'head' }],
  '/api/exams/walk-in': [],
};

function serve() {
  const fetchMock = vi.fn(async (input: RequestInfo | URL) => {
    const { pathname } = new URL(String(input), 'http://localhost');
    if (pathname === '/api/account') return errorResponse(401, 'UNAUTHORIZED');
    return pathname in answers ? jsonResponse(answers[pathname]) : errorResponse(404, 'NOT_FOUND');
  });
  vi.stubGlobal('fetch', fetchMock);
  return fetchMock;
}

const requested = (fetchMock: ReturnType<typeof serve>) =>
  fetchMock.mock.calls.map(([input]) => new URL(String(input), 'http://localhost').pathname).sort();

function prefetchAt(path: string) {
  const fetchMock = serve();
  const client = new QueryClient({ defaultOptions: { queries: { retry: false } } });
  prefetchInitialRoutes(createMemoryRouter(appRoutes(), { initialEntries: [path] }), client);
  return { fetchMock, client };
}

afterEach(() => vi.unstubAllGlobals());

describe('prefetchInitialRoutes', () => {
  it('starts the booking home catalogue and the header user check on the home', () => {
    const { fetchMock } = prefetchAt('/');
    expect(requested(fetchMock)).toEqual([
      '/api/account',
      '/api/body-parts',
      '/api/exam-groups',
      '/api/exams',
      '/api/exams/walk-in',
    ]);
  });

  it('starts the catalogue without the user check in the embeddable home (no header)', () => {
    const { fetchMock } = prefetchAt('/iframe/advanced-booking');
    expect(requested(fetchMock)).toEqual([
      '/api/body-parts',
      '/api/exam-groups',
      '/api/exams',
      '/api/exams/walk-in',
    ]);
  });

  it('starts nothing on other pages, which fetch as they render', () => {
    expect(requested(prefetchAt('/about').fetchMock)).toEqual([]);
    expect(requested(prefetchAt('/appointments/abc').fetchMock)).toEqual([]);
  });

  it('fills the queries the home and header read, so they do not fetch again', async () => {
    const { fetchMock, client } = prefetchAt('/');
    const wrapper = ({ children }: { children: ReactNode }) => (
      <QueryClientProvider client={client}>{children}</QueryClientProvider>
    );
    const { result } = renderHook(
      () => ({
        exams: useExams(),
        groups: useExamGroups(),
        bodyParts: useBodyParts(),
        walkIn: useWalkInExams(),
        user: useUser(),
      }),
      { wrapper },
    );
    await waitFor(() => expect(result.current.exams.data).toEqual(answers['/api/exams']));
    await waitFor(() => expect(result.current.user).toBeNull());
    expect(result.current.groups.data).toEqual([]);
    expect(result.current.bodyParts.data).toEqual(answers['/api/body-parts']);
    expect(result.current.walkIn.data).toEqual([]);
    expect(fetchMock).toHaveBeenCalledTimes(5);
  });
});
