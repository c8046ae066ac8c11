import { screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { ApiError } from '../../../lib/api-client.ts';
import { errorResponse, jsonResponse } from '../../../testing/fixtures.ts';
import { renderApp } from '../../../testing/render-app.tsx';
import { attachmentFailureKeys } from '../model/attachment-failure.ts';
import { moveFailure } from '../model/move-failure.ts';
import {
  appointmentId,
  appointmentOf,
  callsTo,
  portalConfig,
  portalKey,
  sessionAnswer,
  summaryOf,
} from '../testing.ts';

/**
 * Read-only mode (docs/decisions/036-read-only-mode.md): a refused write says the portal is in
 * read-only mode, never the generic "Something went wrong".
 */
const slow = { timeout: 20_000 };
const item = `/api/secured/appointments/${portalKey}/items/${appointmentId}`;
const readOnly = () => errorResponse(503, 'READ_ONLY', 'read-only');
const title = 'Changes are paused';
const message =
  'The portal is in read-only mode for maintenance, so this change was not saved. You can still look at your bookings and results. Please try again later.';

function renderPage(api: Record<string, () => Response>, portalReadOnly: boolean) {
  return renderApp(`/appointments/${portalKey}`, {
    config: { application: { readOnly: portalReadOnly } },
    api: {
      '/api/authentication/session': () => sessionAnswer(),
      '/api/config/patient-portal': () => portalConfig(),
      [`/api/secured/appointments/${portalKey}`]: () => summaryOf(appointmentOf()),
      ...api,
    },
  });
}

const actions = () => screen.findByRole('list', { name: 'Manage this appointment' });

describe('read-only mode on the appointment page', slow, () => {
  it('shows the banner and answers Cancel and Change time with the message, asking nothing', async () => {
    const { user, fetchMock } = await renderPage({}, true);
    expect(screen.getByText(/The portal is in read-only mode\. You can look/)).toBeInTheDocument();
    const cancel = within(await actions()).getByRole('button', { name: 'Cancel appointment' });
    await user.click(cancel);
    const refusal = await screen.findByRole('alertdialog', { name: title });
    expect(refusal).toHaveTextContent(message);
    expect(refusal).not.toHaveTextContent('Something went wrong');
    await user.click(within(refusal).getByRole('button', { name: 'Close' }));
    await waitFor(() => expect(cancel).toHaveFocus());

    await user.click(within(await actions()).getByRole('button', { name: 'Change time' }));
    expect(await screen.findByRole('alertdialog', { name: title })).toHaveTextContent(message);
    expect(callsTo(fetchMock, `${item}/change-status`)).toEqual([]);
  });

  it('says so when the server refuses the cancel (the window began after the page loaded)', async () => {
    const { user, fetchMock } = await renderPage(
      {
        [`${item}/change-status`]: () =>
          jsonResponse({ canChange: true, reason: null, priorMinutes: 1440 }),
        [`${item}/cancel`]: readOnly,
      },
      false,
    );
    await user.click(within(await actions()).getByRole('button', { name: 'Cancel appointment' }));
    await user.click(
      within(await screen.findByRole('dialog')).getByRole('button', { name: 'Continue' }),
    );
    await user.click(
      within(await screen.findByRole('alertdialog')).getByRole('button', {
        name: 'Yes, cancel it',
      }),
    );
    expect(await screen.findByRole('alertdialog', { name: title })).toHaveTextContent(message);
    expect(callsTo(fetchMock, `${item}/cancel`)).toHaveLength(1);
  });

  it('says so when the server refuses Confirm attendance', async () => {
    const { user } = await renderPage({ [`${item}/confirm`]: readOnly }, false);
    await user.click(within(await actions()).getByRole('button', { name: 'Confirm attendance' }));
    expect(await screen.findByRole('alertdialog', { name: title })).toHaveTextContent(message);
  });
});

describe('read-only refusals elsewhere', () => {
  const refused = new ApiError(503, 'READ_ONLY', 'read-only');

  it('a refused move is refused with the message, not a failure to retry', () => {
    expect(moveFailure(refused, 1440)).toEqual({
      kind: 'refused',
      refusal: { title: 'read_only.refused_title', message: 'read_only.refused' },
    });
  });

  it('a refused document change names the message', () => {
    expect(attachmentFailureKeys(refused)).toEqual(['read_only.refused']);
  });
});
