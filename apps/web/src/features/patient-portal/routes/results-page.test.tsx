import { screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { errorResponse } from '../../../testing/fixtures.ts';
import { renderApp } from '../../../testing/render-app.tsx';
import { callsTo, portalConfig, portalKey } from '../testing.ts';
import {
  olderResultId,
  ownerPageApi,
  ownerResultsPath,
  resultOf,
  resultsOf,
  sessionOf,
  shareToken,
} from './results-testing.ts';

// The first render loads the page's lazy route module: on a loaded 2-core machine that alone
// can take longer than Vitest's default 5 s.
const slow = { timeout: 20_000 };
const sharedPath = `/api/secured/shared/${shareToken}/result`;

describe('results page, the patient (owner)', slow, () => {
  it('reads the results once when the app started them before the page (each read is audited)', async () => {
    const { fetchMock } = await renderApp(`/appointments/${portalKey}/result`, {
      api: ownerPageApi(),
      prefetch: true,
    });
    await screen.findByRole('article', { name: 'CT head' });
    await new Promise((resolve) => setTimeout(resolve, 50));
    expect(callsTo(fetchMock, ownerResultsPath)).toHaveLength(1);
  });

  it('shows each result: exam, clinic, clinic-local date, the report as plain text', async () => {
    const { fetchMock } = await renderApp(`/appointments/${portalKey}/result`, {
      api: {
        ...ownerPageApi(),
        [ownerResultsPath]: () =>
          resultsOf({
            results: [
              resultOf({
                report: { title: 'CT head', text: 'Line one\n<b>not bold</b>\nLine three' },
              }),
              resultOf({
                appointmentId: olderResultId,
                startsAt: '2031-04-01T23:00:00Z',
                timeZone: 'Australia/Sydney',
                exam: { name: 'MRI knee', modalityName: 'MRI' },
                clinic: { name: 'Bondi Junction' },
                status: 'NOT_READY',
                releasedAt: null,
                report: null,
              }),
            ],
          }),
      },
    });
    expect(screen.getByRole('heading', { level: 1 })).toHaveTextContent('Your results');
    const ct = await screen.findByRole('article', { name: 'CT head' });
    // 00:30 UTC is Tuesday 6 May in Perth, whatever zone the test machine is in.
    expect(within(ct).getByText(/Tuesday 6 May 2031/)).toBeInTheDocument();
    expect(within(ct).getByText('Perth Central')).toBeInTheDocument();
    const text = within(ct).getByText(/Line one/);
    // Plain text: the markup is shown as typed, line breaks kept (pre-wrap), nothing parsed.
    expect(text.textContent).toBe('Line one\n<b>not bold</b>\nLine three');
    expect(text.querySelector('b')).toBeNull();
    expect(within(ct).getByText('Images are not available yet.')).toBeInTheDocument();
    expect(within(ct).getByRole('button', { name: 'Share this result: CT head' })).toBeVisible();

    // 23:00 UTC on 1 April is 2 April in Sydney.
    const mri = screen.getByRole('article', { name: 'MRI knee' });
    expect(within(mri).getByText(/Wednesday 2 April 2031/)).toBeInTheDocument();
    expect(within(mri).getByText('Your results are not ready yet.')).toBeInTheDocument();
    expect(within(mri).queryByRole('button', { name: /Share/ })).not.toBeInTheDocument();

    expect(screen.getByRole('button', { name: 'See all my results' })).toHaveAttribute(
      'aria-expanded',
      'false',
    );
    expect(callsTo(fetchMock, '/api/authentication/session')[0]?.query).toEqual({
      bookingKey: portalKey,
      authenticationType: 'APPOINTMENT_RESULTS',
    });
  });

  it('sends an expired access period to the deny page', async () => {
    const { router } = await renderApp(`/appointments/${portalKey}/result`, {
      api: {
        ...ownerPageApi(),
        [ownerResultsPath]: () => errorResponse(403, 'RESULTS_EXPIRED'),
      },
    });
    await waitFor(() => expect(router.state.location.pathname).toBe('/deny'));
    expect(router.state.location.search).toBe('?resultsExpired=true');
  });

  it('signs in as APPOINTMENT_RESULTS first, fetching nothing before', async () => {
    const { router, fetchMock } = await renderApp(`/a/${portalKey}/result`, {
      api: { '/api/authentication/session': () => errorResponse(401, 'UNAUTHENTICATED') },
    });
    await waitFor(() => expect(router.state.location.pathname).toBe('/authentication'));
    expect(Object.fromEntries(new URLSearchParams(router.state.location.search))).toEqual({
      returnUrl: `/a/${portalKey}/result`,
      bookingKey: portalKey,
      type: 'APPOINTMENT_RESULTS',
    });
    expect(callsTo(fetchMock, `/api/secured/appointments/${portalKey}/result`)).toEqual([]);
  });
});

describe('results page, a shared link', slow, () => {
  const sharedApi = () => ({
    '/api/authentication/session': () => sessionOf('APPOINTMENT_RESULTS', shareToken, true),
    '/api/config/patient-portal': () => portalConfig(),
    [sharedPath]: () =>
      resultsOf({
        bookingKey: shareToken,
        shared: true,
        shareType: 'RESULT',
        accessExpiresAt: '2031-05-17T02:00:00Z',
      }),
  });

  it('shows the shared result, who shared it and until when, and no action', async () => {
    const { fetchMock } = await renderApp(`/appointments/${shareToken}/result?shared=true`, {
      api: sharedApi(),
    });
    expect(screen.getByRole('heading', { level: 1 })).toHaveTextContent('Shared results');
    expect(await screen.findByRole('article', { name: 'CT head' })).toBeInTheDocument();
    expect(screen.getByText('Alex shared these results with you.')).toBeInTheDocument();
    expect(screen.getByText('You are signed in to a shared link.')).toBeInTheDocument();
    expect(screen.getByText(/You can see them until .*2031/)).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: /Share/ })).not.toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'See all my results' })).not.toBeInTheDocument();
    expect(callsTo(fetchMock, '/api/authentication/session')[0]?.query).toEqual({
      bookingKey: shareToken,
      authenticationType: 'APPOINTMENT_RESULTS',
      shared: 'true',
    });
    expect(callsTo(fetchMock, `/api/secured/appointments/${shareToken}/result`)).toEqual([]);
  });

  it('sends the recipient to sign in as a shared link', async () => {
    const { router } = await renderApp(`/appointments/${shareToken}/result?shared=true`, {
      api: { '/api/authentication/session': () => errorResponse(401, 'UNAUTHENTICATED') },
    });
    await waitFor(() => expect(router.state.location.pathname).toBe('/authentication'));
    expect(Object.fromEntries(new URLSearchParams(router.state.location.search))).toEqual({
      returnUrl: `/appointments/${shareToken}/result?shared=true`,
      bookingKey: shareToken,
      type: 'APPOINTMENT_RESULTS',
      shared: 'true',
    });
  });

  it('sends a revoked share to the revoked deny page, in the iframe shell too', async () => {
    const { router } = await renderApp(`/iframe/appointments/${shareToken}/result?shared=true`, {
      api: { ...sharedApi(), [sharedPath]: () => errorResponse(403, 'SHARE_REVOKED') },
    });
    await waitFor(() => expect(router.state.location.pathname).toBe('/iframe/deny'));
    expect(router.state.location.search).toBe('?revoked=true');
    expect(
      await screen.findByText('The person who shared these results has withdrawn access.'),
    ).toBeInTheDocument();
  });
});
