import { screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { errorResponse, jsonResponse } from '../../../testing/fixtures.ts';
import { renderApp } from '../../../testing/render-app.tsx';
import {
  appointmentId,
  appointmentOf,
  callsTo,
  portalConfig,
  portalKey,
  sessionAnswer,
  summaryOf,
} from '../testing.ts';

// The first render loads the page's lazy route module: slow on a loaded 2-core machine.
const slow = { timeout: 20_000 };
const item = `/api/secured/appointments/${portalKey}/items/${appointmentId}`;
const allowed = () => jsonResponse({ canChange: true, reason: null, priorMinutes: 1440 });

/** The appointment page with the given answers besides the session, summary and config. */
function renderPage(
  api: Record<string, () => Response>,
  summary = () => summaryOf(appointmentOf()),
) {
  return renderApp(`/appointments/${portalKey}`, {
    api: {
      '/api/authentication/session': () => sessionAnswer(),
      '/api/config/patient-portal': () => portalConfig(),
      [`/api/secured/appointments/${portalKey}`]: summary,
      ...api,
    },
  });
}

const actions = () => screen.findByRole('list', { name: 'Manage this appointment' });
const card = () => screen.getByRole('article', { name: 'CT head' });

describe('appointment page actions', slow, () => {
  it('offers the actions, directions and phone for a BOOKED appointment', async () => {
    await renderPage({});
    const row = within(await actions());
    expect(row.getByRole('button', { name: 'Confirm attendance' })).toBeInTheDocument();
    expect(row.getByRole('button', { name: 'Change time' })).toBeInTheDocument();
    expect(row.getByRole('button', { name: 'Cancel appointment' })).toBeInTheDocument();
    expect(row.getByRole('button', { name: 'Print' })).toBeInTheDocument();
    expect(row.getByRole('link', { name: 'Add to calendar' })).toHaveAttribute(
      'href',
      `${item}/calendar.ics`,
    );
    const directions = screen.getByRole('link', { name: 'Get directions (opens in a new tab)' });
    expect(directions).toHaveAttribute(
      'href',
      'https://www.google.com/maps/dir/?api=1&destination=-31.9523%2C115.8613',
    );
    expect(directions).toHaveAttribute('target', '_blank');
    expect(screen.getByRole('link', { name: 'Call 08 9000 0000' })).toHaveAttribute(
      'href',
      'tel:0890000000',
    );
  });

  it('has no actions or preparation for a CANCELED appointment, and hides one that was moved', async () => {
    await renderPage({}, () =>
      summaryOf(
        appointmentOf({
          status: 'CANCELED',
          exam: { slug: 'ct-head', name: 'CT head', modalityName: 'CT', prepInstructions: 'Fast.' },
        }),
        appointmentOf({
          id: '0b8e8f3e-2f4a-4b6c-9d58-3d7c1a3e5f02',
          status: 'RESCHEDULED',
          exam: { slug: 'x', name: 'Old X-ray', modalityName: 'X-ray' },
          replacedBy: appointmentId,
        }),
      ),
    );
    expect(await screen.findByText('Cancelled')).toBeInTheDocument();
    expect(screen.queryByRole('list', { name: 'Manage this appointment' })).toBeNull();
    expect(screen.queryByRole('heading', { name: 'Old X-ray' })).toBeNull();
    expect(screen.queryByText('Fast.')).toBeNull();
  });

  it('cancels with the reason and note, then shows the appointment cancelled', async () => {
    let status = 'BOOKED';
    const { user, fetchMock } = await renderPage(
      {
        [`${item}/change-status`]: allowed,
        [`${item}/cancel`]: () => {
          status = 'CANCELED';
          return jsonResponse({
            outcome: 'CANCELED',
            appointmentStatus: 'CANCELED',
            questionnaireType: null,
          });
        },
      },
      () => summaryOf(appointmentOf({ status })),
    );
    await user.click(within(await actions()).getByRole('button', { name: 'Cancel appointment' }));

    const dialog = await screen.findByRole('dialog', { name: 'Cancel your appointment' });
    expect(callsTo(fetchMock, `${item}/change-status`)[0]?.query).toEqual({ change: 'CANCEL' });
    const reasons = within(dialog).getByRole('group', {
      name: 'Why are you cancelling? (optional)',
    });
    await user.click(within(reasons).getByRole('radio', { name: 'I am feeling unwell' }));
    const note = within(dialog).getByRole('textbox', { name: /anything else/i });
    expect(note).toHaveAccessibleDescription('You have 500 characters left');
    await user.type(note, 'Flu');
    expect(note).toHaveAccessibleDescription('You have 497 characters left');
    await user.click(within(dialog).getByRole('button', { name: 'Continue' }));

    const confirm = await screen.findByRole('alertdialog', {
      name: 'Are you sure you want to cancel?',
    });
    await user.click(within(confirm).getByRole('button', { name: 'Yes, cancel it' }));

    expect(await screen.findByText('Your appointment has been cancelled.')).toBeInTheDocument();
    expect(callsTo(fetchMock, `${item}/cancel`)).toEqual([
      { method: 'POST', query: {}, body: { reason: 'FEELING_UNWELL', note: 'Flu' } },
    ]);
    expect(await screen.findByText('Cancelled')).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Cancel appointment' })).toBeNull();
    // The pressed button is gone: focus is on the card's heading, not lost to the page.
    await waitFor(() => expect(screen.getByRole('heading', { name: 'CT head' })).toHaveFocus());
    expect(within(card()).getByRole('status')).toHaveTextContent(
      'Your appointment has been cancelled.',
    );
  });

  it('explains a cancel inside the prior-minutes window, and gives focus back', async () => {
    const { user, fetchMock } = await renderPage({
      [`${item}/change-status`]: () =>
        jsonResponse({ canChange: false, reason: 'PRIOR_MINUTES', priorMinutes: 2880 }),
    });
    const cancel = within(await actions()).getByRole('button', { name: 'Cancel appointment' });
    await user.click(cancel);
    const refusal = await screen.findByRole('alertdialog', {
      name: 'This appointment cannot be cancelled online',
    });
    expect(refusal).toHaveTextContent(
      'Appointments can be cancelled online only up to 2 days before they start.',
    );
    await user.click(within(refusal).getByRole('button', { name: 'Close' }));
    await waitFor(() => expect(cancel).toHaveFocus());
    expect(callsTo(fetchMock, `${item}/cancel`)).toEqual([]);
  });

  it('sends the patient to the cancel questionnaire when the server asks for it', async () => {
    const { user, router } = await renderPage({
      [`${item}/change-status`]: allowed,
      [`${item}/cancel`]: () =>
        jsonResponse({
          outcome: 'QUESTIONNAIRE_REQUIRED',
          appointmentStatus: 'BOOKED',
          questionnaireType: 'CANCEL_APPOINTMENT_PATIENT',
        }),
    });
    await user.click(within(await actions()).getByRole('button', { name: 'Cancel appointment' }));
    const dialog = await screen.findByRole('dialog', { name: 'Cancel your appointment' });
    await user.click(within(dialog).getByRole('button', { name: 'Continue' }));
    const confirm = await screen.findByRole('alertdialog');
    await user.click(within(confirm).getByRole('button', { name: 'Yes, cancel it' }));

    await waitFor(() => expect(router.state.location.pathname).toBe('/questionnaires'));
    expect(Object.fromEntries(new URLSearchParams(router.state.location.search))).toEqual({
      bookingKey: portalKey,
      type: 'CANCEL_APPOINTMENT_PATIENT',
      appointmentId,
      redirectUrl: `/appointments/${portalKey}`,
    });
  });

  it('shows a refusal of the cancel call itself in the error modal', async () => {
    const { user } = await renderPage({
      [`${item}/change-status`]: allowed,
      [`${item}/cancel`]: () => errorResponse(409, 'message.cancel_not_allowed'),
    });
    await user.click(within(await actions()).getByRole('button', { name: 'Cancel appointment' }));
    await user.click(
      within(await screen.findByRole('dialog')).getByRole('button', { name: 'Continue' }),
    );
    await user.click(
      within(await screen.findByRole('alertdialog')).getByRole('button', {
        name: 'Yes, cancel it',
      }),
    );
    expect(
      await screen.findByRole('alertdialog', {
        name: 'This appointment cannot be cancelled online',
      }),
    ).toHaveTextContent('This appointment can no longer be cancelled online.');
  });

  it('confirms attendance and says so in a live region', async () => {
    let confirmedAt: string | null = null;
    const { user, fetchMock } = await renderPage(
      {
        [`${item}/confirm`]: () => {
          confirmedAt = '2031-05-04T02:00:00Z';
          return jsonResponse({ appointmentStatus: 'BOOKED', confirmedAt });
        },
      },
      () => summaryOf(appointmentOf({ confirmedAt })),
    );
    await user.click(within(await actions()).getByRole('button', { name: 'Confirm attendance' }));
    await waitFor(() =>
      expect(within(card()).getByRole('status')).toHaveTextContent(
        'Thank you for confirming that you will attend.',
      ),
    );
    expect(callsTo(fetchMock, `${item}/confirm`)).toMatchObject([{ method: 'POST' }]);
    expect(await screen.findByText(/You confirmed that you will attend on/)).toHaveTextContent(
      /10:00/,
    );
    expect(screen.queryByRole('button', { name: 'Confirm attendance' })).toBeNull();
    await waitFor(() => expect(screen.getByRole('heading', { name: 'CT head' })).toHaveFocus());
  });
});
