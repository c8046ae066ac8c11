import { screen, waitFor } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { errorResponse, jsonResponse } from '../../../testing/fixtures.ts';
import { renderApp } from '../../../testing/render-app.tsx';

// A reminder's link: opening it shows what it would do; only the patient's press uses it.
const slow = { timeout: 20_000 };
const token = 'eyJhbGciOiJIUzI1NiJ9.eyJhY3QiOiJDT05GSVJNIn0.c2lnbmF0dXJlLXNpZ25hdHVyZQ';
const lookup =
  (action: 'CONFIRM' | 'CANCEL', state = 'USABLE') =>
  () =>
    jsonResponse({
      action,
      state,
      appointment: {
        examName: 'CT head',
        clinicName: 'Perth Central',
        startsAt: '2031-05-06T08:30:00+08:00',
        timeZone: 'Australia/Perth',
        status: 'BOOKED',
      },
    });
type Calls = Array<[string, RequestInit]>;
const bodiesTo = (calls: Calls, path: string) =>
  calls.filter(([input]) => String(input).endsWith(path)).map(([, init]) => init.body);

describe('appointment link page', slow, () => {
  it('confirms only when the patient presses the button, sending the token in the body', async () => {
    const { user, fetchMock } = await renderApp(`/appointment-links/${token}`, {
      api: {
        '/api/appointment-links/lookup': lookup('CONFIRM'),
        '/api/appointment-links/use': () =>
          jsonResponse({ outcome: 'CONFIRMED', bookingKey: null }),
      },
    });
    expect(await screen.findByRole('heading', { name: 'CT head' })).toBeInTheDocument();
    expect(screen.getByText(/8:30/)).toBeInTheDocument();
    const calls = fetchMock.mock.calls as unknown as Calls;
    expect(bodiesTo(calls, '/api/appointment-links/use')).toEqual([]);
    await user.click(screen.getByRole('button', { name: 'Yes, I will attend' }));
    expect(
      await screen.findByText('Thank you for confirming that you will attend.'),
    ).toBeInTheDocument();
    expect(bodiesTo(calls, '/api/appointment-links/use')).toEqual([JSON.stringify({ token })]);
    expect(calls.every(([input]) => !String(input).includes(token))).toBe(true);
  });

  it('says a used link is used, with no button', async () => {
    await renderApp(`/appointment-links/${token}`, {
      api: { '/api/appointment-links/lookup': lookup('CANCEL', 'USED') },
    });
    expect(await screen.findByRole('alert')).toHaveTextContent(/already been used/);
    expect(screen.queryByRole('button', { name: 'Cancel this appointment' })).toBeNull();
  });

  it('explains a cancel refused as too late', async () => {
    const { user } = await renderApp(`/appointment-links/${token}`, {
      api: {
        '/api/appointment-links/lookup': lookup('CANCEL'),
        '/api/appointment-links/use': () => errorResponse(409, 'message.cancel_prior_minutes'),
      },
    });
    await user.click(await screen.findByRole('button', { name: 'Cancel this appointment' }));
    await waitFor(() =>
      expect(screen.getByRole('alert')).toHaveTextContent(/too close to the appointment/),
    );
  });

  it('says an invalid link is not valid', async () => {
    await renderApp(`/appointment-links/${token}`, {
      api: { '/api/appointment-links/lookup': () => errorResponse(404, 'NOT_FOUND') },
    });
    expect(await screen.findByRole('alert')).toHaveTextContent(/not valid/);
  });
});
