import { screen, waitFor } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { errorResponse, jsonResponse } from '../../../testing/fixtures.ts';
import { renderApp } from '../../../testing/render-app.tsx';

// The first render loads the page's lazy route module: on a loaded 2-core machine that alone
// can take longer than Vitest's default 5 s.
const slow = { timeout: 20_000 };
const key = 'a'.repeat(32);
const session = () =>
  jsonResponse({
    authenticated: true,
    bookingKey: key,
    authenticationType: 'APPOINTMENT',
    expiresAt: '2031-05-04T10:20:00+10:00',
  });
const appointments = () =>
  jsonResponse({
    bookingKey: key,
    status: 'BOOKED',
    patient: { firstName: 'Alex', lastName: 'Citizen' },
    appointments: [
      {
        id: '0b8e8f3e-2f4a-4b6c-9d58-3d7c1a3e5f01',
        status: 'BOOKED',
        startsAt: '2031-05-06T00:30:00Z',
        endsAt: '2031-05-06T01:00:00Z',
        timeZone: 'Australia/Perth',
        exam: {
          slug: 'ct-head',
          name: 'CT head',
          modalityName: 'CT',
          prepInstructions: 'Nothing to eat for 2 hours.',
        },
        clinic: {
          id: 3,
          name: 'Perth Central',
          address: '1 Hay St, Perth',
          timeZone: 'Australia/Perth',
        },
      },
    ],
  });

describe('appointment summary', slow, () => {
  it('sends an unauthenticated visitor to the authentication page (no logout)', async () => {
    const { router, fetchMock } = await renderApp(`/appointments/${key}?kioskMode=true`, {
      api: { '/api/authentication/session': () => errorResponse(401, 'UNAUTHENTICATED') },
    });
    await waitFor(() => expect(router.state.location.pathname).toBe('/authentication'));
    expect(Object.fromEntries(new URLSearchParams(router.state.location.search))).toEqual({
      returnUrl: `/appointments/${key}?kioskMode=true`,
      bookingKey: key,
      type: 'APPOINTMENT',
    });
    const paths = fetchMock.mock.calls.map(
      ([input]) => new URL(String(input), 'http://x').pathname,
    );
    expect(paths).not.toContain('/api/authentication/logout');
    expect(paths).not.toContain(`/api/secured/appointments/${key}`);
  });

  it('shows the appointment in clinic-local time once the session is confirmed', async () => {
    await renderApp(`/a/${key}`, {
      api: {
        '/api/authentication/session': session,
        [`/api/secured/appointments/${key}`]: appointments,
      },
    });
    expect(await screen.findByRole('heading', { name: 'CT head' })).toBeInTheDocument();
    // 00:30 UTC is 8:30 am in Perth (UTC+8), whatever zone the test machine is in.
    expect(screen.getByText(/8:30/)).toHaveTextContent(/AWST|GMT\+8/);
    expect(screen.getByText(/Perth Central/)).toBeInTheDocument();
    expect(screen.getByText('Booked')).toBeInTheDocument();
    expect(screen.getByText('Nothing to eat for 2 hours.')).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Log out' })).toBeInTheDocument();
  });

  it('logs out on the server and goes home', async () => {
    const { user, router, fetchMock } = await renderApp(`/appointments/${key}`, {
      api: {
        '/api/authentication/session': session,
        [`/api/secured/appointments/${key}`]: appointments,
        '/api/authentication/logout': () => new Response(null, { status: 204 }),
      },
    });
    await user.click(await screen.findByRole('button', { name: 'Log out' }));
    await waitFor(() => expect(router.state.location.pathname).toBe('/'));
    const calls = fetchMock.mock.calls as unknown as Array<[string, RequestInit]>;
    const logout = calls.find(([input]) => input.endsWith('/api/authentication/logout'));
    expect(logout?.[1].method).toBe('POST');
  });
});

describe('booking request summary', slow, () => {
  it('shows exams, clinic, preferred time and status', async () => {
    await renderApp(`/br/${key}`, {
      api: {
        '/api/authentication/session': session,
        [`/api/secured/booking_requests/${key}`]: () =>
          jsonResponse({
            bookingKey: key,
            status: 'RECEIVED',
            createdAt: '2031-05-01T00:00:00Z',
            preferredStart: null,
            patient: { firstName: 'Alex', lastName: 'Citizen' },
            exams: [{ slug: 'mri-knee', name: 'MRI knee', modalityName: 'MRI' }],
            clinic: null,
            patientNotes: null,
          }),
      },
    });
    expect(await screen.findByText('MRI knee (MRI)')).toBeInTheDocument();
    expect(screen.getByText('Any clinic')).toBeInTheDocument();
    expect(screen.getByText('No preference')).toBeInTheDocument();
    expect(screen.getByText('Received')).toBeInTheDocument();
  });
});
