import { screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { jsonResponse } from '../../../testing/fixtures.ts';
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
const changeStatus = `/api/secured/appointments/${portalKey}/items/${appointmentId}/change-status`;

function renderPage(options: {
  status?: () => Response;
  walkIn?: boolean;
  walkInAllowed?: boolean;
}) {
  const exam = { slug: 'x-ray-chest', name: 'Chest X-ray', modalityName: 'X-ray' };
  return renderApp(`/appointments/${portalKey}`, {
    api: {
      '/api/authentication/session': () => sessionAnswer(),
      '/api/config/patient-portal': () =>
        portalConfig({ rescheduleWalkInAllowed: options.walkInAllowed ?? false }),
      [`/api/secured/appointments/${portalKey}`]: () =>
        summaryOf(appointmentOf({ exam: { ...exam, walkIn: options.walkIn ?? false } })),
      ...(options.status ? { [changeStatus]: options.status } : {}),
    },
  });
}

const changeTime = async () => screen.findByRole('button', { name: 'Change time' });
const refused = (priorMinutes: number, reason: string) => () =>
  jsonResponse({ canChange: false, reason, priorMinutes });

describe('change time', slow, () => {
  it('asks the server, then goes to the reschedule page', async () => {
    const { user, router, fetchMock } = await renderPage({
      status: () => jsonResponse({ canChange: true, reason: null, priorMinutes: 1440 }),
    });
    await user.click(await changeTime());
    await waitFor(() =>
      expect(router.state.location.pathname).toBe(
        `/appointments/${portalKey}/reschedule/${appointmentId}`,
      ),
    );
    expect(callsTo(fetchMock, changeStatus)[0]?.query).toEqual({ change: 'RESCHEDULE' });
  });

  it('explains the prior-minutes window in hours', async () => {
    const { user } = await renderPage({ status: refused(1440, 'PRIOR_MINUTES') });
    await user.click(await changeTime());
    const dialog = await screen.findByRole('alertdialog', {
      name: 'This appointment cannot be moved online',
    });
    expect(dialog).toHaveTextContent(
      'Appointments can be moved online only up to 24 hours before they start.',
    );
  });

  it('says why a cancelled appointment cannot be moved, and gives focus back', async () => {
    const { user } = await renderPage({ status: refused(1440, 'APPOINTMENT_CANCELLED') });
    const button = await changeTime();
    await user.click(button);
    const dialog = await screen.findByRole('alertdialog');
    expect(dialog).toHaveTextContent(/cancelled or already moved, so it cannot be moved again/);
    await user.click(within(dialog).getByRole('button', { name: 'Close' }));
    await waitFor(() => expect(button).toHaveFocus());
  });

  it('refuses a walk-in exam without asking when the provider does not allow it', async () => {
    const { user, fetchMock, router } = await renderPage({
      walkIn: true,
      status: () => jsonResponse({ canChange: true, reason: null, priorMinutes: 1440 }),
    });
    await user.click(await changeTime());
    expect(await screen.findByRole('alertdialog')).toHaveTextContent(
      'Walk-in appointments cannot be moved online. Please call the clinic.',
    );
    expect(callsTo(fetchMock, changeStatus)).toEqual([]);
    expect(router.state.location.pathname).toBe(`/appointments/${portalKey}`);
  });

  it('moves a walk-in exam online when the provider allows it', async () => {
    const { user, router } = await renderPage({
      walkIn: true,
      walkInAllowed: true,
      status: () => jsonResponse({ canChange: true, reason: null, priorMinutes: 1440 }),
    });
    // The config arrives with the page; the button acts on it once loaded.
    await screen.findByRole('heading', { name: 'Chest X-ray' });
    await user.click(await changeTime());
    await waitFor(() => expect(router.state.location.pathname).toMatch(/\/reschedule\//));
  });
});
