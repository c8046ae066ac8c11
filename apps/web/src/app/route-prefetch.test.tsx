import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { renderHook, waitFor } from '@testing-library/react';
import type { ReactNode } from 'react';
import { createMemoryRouter } from 'react-router';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { useUser } from '../features/account/index.ts';
import {
  loadBookingHome,
  useBodyParts,
  useExamGroups,
  useExams,
  useWalkInExams,
} from '../features/booking/index.ts';
import { errorResponse, jsonResponse } from '../testing/fixtures.ts';
import { prefetchInitialRoutes } from './route-prefetch.ts';
import { appRoutes, isBookingHomePath, loadedHome } from './router.tsx';

const answers: Record<string, unknown> = {
  '/api/exams': [{ slug: 'ct-head' }],
  '/api/exam-groups': [],
  '/api/body-parts': [{ slug: 'head' }],
  '/api/exams/walk-in': [],
};

/** An answer that never comes: what a request started behind it waits for. */
const unanswered = Symbol('unanswered');

function serve() {
  const fetchMock = vi.fn(async (input: RequestInfo | URL) => {
    const { pathname } = new URL(String(input), 'http://localhost');
    if (answers[pathname] === unanswered) return new Promise<Response>(() => {});
    if (pathname === '/api/account') return errorResponse(401, 'UNAUTHORIZED');
    if (pathname === '/api/authentication/session' && answers[pathname] === undefined) {
      return errorResponse(401, 'UNAUTHORIZED');
    }
    return pathname in answers ? jsonResponse(answers[pathname]) : errorResponse(404, 'NOT_FOUND');
  });
  vi.stubGlobal('fetch', fetchMock);
  return fetchMock;
}

const requested = (fetchMock: ReturnType<typeof serve>) =>
  fetchMock.mock.calls.map(([input]) => new URL(String(input), 'http://localhost').pathname).sort();

/** The routes as app/boot.ts builds them for an app opened at `path` (the home loaded first there). */
const routesOpenedAt = async (path: string) =>
  appRoutes(isBookingHomePath(path) ? loadedHome(await loadBookingHome()) : undefined);

async function prefetchAt(path: string) {
  const routes = await routesOpenedAt(path);
  const fetchMock = serve();
  const client = new QueryClient({ defaultOptions: { queries: { retry: false } } });
  await prefetchInitialRoutes(createMemoryRouter(routes, { initialEntries: [path] }), client);
  return { fetchMock, client };
}

afterEach(() => vi.unstubAllGlobals());

describe('prefetchInitialRoutes', () => {
  it('starts the booking home catalogue and the header user check on the home', async () => {
    const { fetchMock } = await prefetchAt('/');
    expect(requested(fetchMock)).toEqual([
      '/api/account',
      '/api/body-parts',
      '/api/exam-groups',
      '/api/exams',
      '/api/exams/walk-in',
    ]);
  });

  it('starts the catalogue without the user check in the embeddable home (no header)', async () => {
    const { fetchMock } = await prefetchAt('/iframe/advanced-booking');
    expect(requested(fetchMock)).toEqual([
      '/api/body-parts',
      '/api/exam-groups',
      '/api/exams',
      '/api/exams/walk-in',
    ]);
  });

  it('starts nothing on other pages, which fetch as they render', async () => {
    expect(requested((await prefetchAt('/about')).fetchMock)).toEqual([]);
  });

  it("starts an appointment page's session check, and its summary only once the check passes", async () => {
    for (const signedIn of [true, false]) {
      answers['/api/authentication/session'] = signedIn ? { authenticated: true } : undefined;
      answers['/api/secured/appointments/abc'] = { appointments: [] };
      answers['/api/config/patient-portal'] = {};
      const { fetchMock } = await prefetchAt('/appointments/abc');
      await new Promise((resolve) => setTimeout(resolve, 0));
      await new Promise((resolve) => setTimeout(resolve, 0));
      expect(requested(fetchMock)).toEqual([
        '/api/authentication/session',
        '/api/config/patient-portal',
        ...(signedIn ? ['/api/secured/appointments/abc'] : []),
      ]);
      expect(fetchMock.mock.calls[0]?.[0]).toContain('/api/authentication/session');
      vi.unstubAllGlobals();
    }
    delete answers['/api/authentication/session'];
    delete answers['/api/secured/appointments/abc'];
    delete answers['/api/config/patient-portal'];
  });

  it("starts the owner's results page's session check and its results together; not a shared link's", async () => {
    answers['/api/authentication/session'] = { authenticated: true };
    answers['/api/secured/appointments/abc/result'] = { results: [] };
    answers['/api/config/patient-portal'] = {};
    const settle = async () => {
      for (let turn = 0; turn < 3; turn += 1)
        await new Promise((resolve) => setTimeout(resolve, 0));
    };
    // The read does not wait a round trip behind the check: it starts while the check is out.
    answers['/api/authentication/session'] = unanswered;
    const waiting = await prefetchAt('/appointments/abc/result');
    await settle();
    expect(requested(waiting.fetchMock)).toContain('/api/secured/appointments/abc/result');
    vi.unstubAllGlobals();
    answers['/api/authentication/session'] = { authenticated: true };
    const owner = await prefetchAt('/appointments/abc/result');
    await settle();
    expect(requested(owner.fetchMock)).toEqual([
      '/api/authentication/session',
      '/api/config/patient-portal',
      '/api/secured/appointments/abc/result',
    ]);
    expect(String(owner.fetchMock.mock.calls[0]?.[0])).toContain(
      'authenticationType=APPOINTMENT_RESULTS',
    );
    vi.unstubAllGlobals();
    // A recipient's page checks its own kind of session as it renders; nothing of it starts here.
    const shared = await prefetchAt('/appointments/abc/result?shared=true');
    await settle();
    expect(requested(shared.fetchMock)).toEqual(['/api/config/patient-portal']);
    delete answers['/api/authentication/session'];
    delete answers['/api/secured/appointments/abc/result'];
    delete answers['/api/config/patient-portal'];
  });

  it('starts each request in a task of its own, the exams first', async () => {
    const routes = await routesOpenedAt('/');
    const fetchMock = serve();
    const client = new QueryClient({ defaultOptions: { queries: { retry: false } } });
    const router = createMemoryRouter(routes, { initialEntries: ['/'] });
    const done = prefetchInitialRoutes(router, client);
    await Promise.resolve(); // Microtasks of the first task only.
    await Promise.resolve();
    expect(requested(fetchMock)).toEqual(['/api/exams']);
    const started: number[] = [];
    for (let task = 0; task < 5 && fetchMock.mock.calls.length < 5; task += 1) {
      await new Promise((resolve) => setTimeout(resolve, 0));
      started.push(fetchMock.mock.calls.length);
    }
    await done;
    expect(started).toEqual([2, 3, 4, 5]);
  });

  it('fills the queries the home and header read, so they do not fetch again', async () => {
    const { fetchMock, client } = await prefetchAt('/');
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
