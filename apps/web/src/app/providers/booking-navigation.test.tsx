import { QueryClient, QueryClientProvider, useQuery } from '@tanstack/react-query';
import { act, render, screen } from '@testing-library/react';
import { createMemoryRouter, Outlet, RouterProvider } from 'react-router';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { apiGet } from '../../lib/api-client.ts';
import { renderApp } from '../../testing/render-app.tsx';
import {
  CancelOnBookingNavigation,
  isBookingRoute,
  isClinicOrAppointmentQuery,
} from './booking-navigation.tsx';

afterEach(() => vi.unstubAllGlobals());

/** fetch that answers only when told, and records each request's signal. */
function pendingFetch() {
  const requests = new Map<string, { signal: AbortSignal; answer: (body: unknown) => void }>();
  const fetchMock = vi.fn(
    (input: RequestInfo | URL, init?: RequestInit) =>
      new Promise<Response>((resolve, reject) => {
        const url = String(input);
        const signal = init?.signal ?? new AbortController().signal;
        signal.addEventListener('abort', () => reject(signal.reason));
        requests.set(url, {
          signal,
          answer: (body) => resolve(new Response(JSON.stringify(body))),
        });
      }),
  );
  vi.stubGlobal('fetch', fetchMock);
  return requests;
}

const clinicsQuery = {
  queryKey: ['clinics', { examSlugs: ['ct-head'] }],
  queryFn: ({ signal }: { signal: AbortSignal }) => apiGet('/api/clinics', { signal }),
};
const slotsQuery = {
  queryKey: ['slots', 'clinic', { clinicSlug: 'harbour' }],
  queryFn: ({ signal }: { signal: AbortSignal }) =>
    apiGet('/api/clinics/harbour/slots', { signal }),
};
const examsQuery = {
  queryKey: ['exams'],
  queryFn: ({ signal }: { signal: AbortSignal }) => apiGet('/api/exams', { signal }),
};

function Reads({ title, query }: { title: string; query?: typeof clinicsQuery }) {
  const result = useQuery({
    ...(query ?? { queryKey: ['page', title], queryFn: () => null }),
    enabled: query !== undefined,
  });
  return (
    <h1>
      {title} {result.data ? 'loaded' : ''}
    </h1>
  );
}

function setup(path: string) {
  const requests = pendingFetch();
  const queryClient = new QueryClient({ defaultOptions: { queries: { retry: false } } });
  const router = createMemoryRouter(
    [
      {
        path: '/',
        element: (
          <>
            <Outlet />
            <CancelOnBookingNavigation />
          </>
        ),
        children: [
          { index: true, element: <Reads title="Home" /> },
          { path: 'select-clinic', element: <Reads title="Clinics" query={clinicsQuery} /> },
          { path: 'booking', element: <Reads title="Booking" query={clinicsQuery} /> },
          { path: 'iframe/booking', element: <Reads title="Booking" /> },
          { path: 'about', element: <Reads title="About" /> },
        ],
      },
    ],
    { initialEntries: [path] },
  );
  render(
    <QueryClientProvider client={queryClient}>
      <RouterProvider router={router} />
    </QueryClientProvider>,
  );
  const go = (to: string) => act(() => router.navigate(to));
  return { requests, queryClient, go };
}

describe('isBookingRoute', () => {
  it('is the booking flow in both shells and under advanced booking', () => {
    for (const path of [
      '/',
      '/select-clinic',
      '/booking',
      '/advanced-booking',
      '/advanced-booking/select-clinic',
      '/advanced-booking/booking',
      '/iframe',
      '/iframe/booking',
      '/iframe/advanced-booking/select-clinic',
    ]) {
      expect(isBookingRoute(path), path).toBe(true);
    }
    for (const path of ['/about', '/select-region', '/appointments/k', '/booking/x', '/kiosk']) {
      expect(isBookingRoute(path), path).toBe(false);
    }
  });

  it('cancels clinic and appointment reads only', () => {
    expect(isClinicOrAppointmentQuery(['clinics', {}])).toBe(true);
    expect(isClinicOrAppointmentQuery(['slots', 'next-available', {}])).toBe(true);
    expect(isClinicOrAppointmentQuery(['patient', 'appointments', 'key'])).toBe(true);
    expect(isClinicOrAppointmentQuery(['exams'])).toBe(false);
    expect(isClinicOrAppointmentQuery(['patient', 'session', 'key'])).toBe(false);
  });
});

describe('CancelOnBookingNavigation (spec 1 §7, spec 2 §7)', () => {
  it('going back to the home aborts the clinic list still loading', async () => {
    const { requests, go } = setup('/select-clinic');
    await screen.findByRole('heading', { name: /Clinics/ });
    const clinics = requests.get('/api/clinics');
    expect(clinics?.signal.aborted).toBe(false);
    await go('/');
    await screen.findByRole('heading', { name: /Home/ });
    expect(clinics?.signal.aborted).toBe(true);
  });

  it('aborts pending clinic and slot requests nobody reads, and leaves other reads alone', async () => {
    const { requests, queryClient, go } = setup('/about');
    await screen.findByRole('heading', { name: /About/ });
    void queryClient.prefetchQuery(clinicsQuery);
    void queryClient.prefetchQuery(slotsQuery);
    void queryClient.prefetchQuery(examsQuery);
    await vi.waitFor(() => expect(requests.size).toBe(3));
    await go('/iframe/booking');
    await screen.findByRole('heading', { name: /Booking/ });
    expect(requests.get('/api/clinics')?.signal.aborted).toBe(true);
    expect(requests.get('/api/clinics/harbour/slots')?.signal.aborted).toBe(true);
    expect(requests.get('/api/exams')?.signal.aborted).toBe(false);
  });

  it('keeps a request the new booking page reads', async () => {
    const { requests, go } = setup('/select-clinic');
    await screen.findByRole('heading', { name: /Clinics/ });
    await go('/booking');
    await screen.findByRole('heading', { name: /Booking/ });
    const clinics = requests.get('/api/clinics');
    expect(clinics?.signal.aborted).toBe(false);
    act(() => clinics?.answer({ clinics: [] }));
    await screen.findByRole('heading', { name: 'Booking loaded' });
  });

  it('going to a page outside the booking flow cancels nothing', async () => {
    const { requests, queryClient, go } = setup('/select-clinic');
    await screen.findByRole('heading', { name: /Clinics/ });
    void queryClient.prefetchQuery(slotsQuery);
    await vi.waitFor(() => expect(requests.size).toBe(2));
    await go('/about');
    await screen.findByRole('heading', { name: /About/ });
    expect(requests.get('/api/clinics/harbour/slots')?.signal.aborted).toBe(false);
  });

  it('runs in the app shell: from /about to the home aborts a pending clinic list', async () => {
    const { router, queryClient, fetchMock } = await renderApp('/about');
    let signal: AbortSignal | undefined;
    const base = fetchMock.getMockImplementation();
    fetchMock.mockImplementation(async (input: RequestInfo | URL, init?: RequestInit) => {
      if (String(input).startsWith('/api/clinics')) {
        signal = init?.signal ?? undefined;
        return new Promise<Response>(() => undefined);
      }
      return (base as (input: RequestInfo | URL) => Promise<Response>)(input);
    });
    void queryClient.prefetchQuery(clinicsQuery);
    await vi.waitFor(() => expect(signal).toBeDefined());
    // The shell starts its services at the first input (app/shell/after-first-input.tsx): a
    // person navigates by a click or a key.
    await act(async () => {
      window.dispatchEvent(new KeyboardEvent('keydown', { key: 'Tab' }));
      await import('../shell/shell-services.tsx');
      await new Promise((resolve) => setTimeout(resolve, 50));
    });
    await act(() => router.navigate('/'));
    await vi.waitFor(() => expect(signal?.aborted).toBe(true));
  });
});
