import { act, screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { chatBookingRequest } from '../../../lib/chat-context.ts';
import { errorResponse, jsonResponse } from '../../../testing/fixtures.ts';
import { renderApp } from '../../../testing/render-app.tsx';
import { setViewportWidth } from '../../../testing/viewport.ts';
import { bookingRequestOf, callsTo, portalConfig, portalKey, sessionAnswer } from '../testing.ts';

// The first render loads the page's lazy route module: slow on a loaded 2-core machine.
const slow = { timeout: 20_000 };
const summary = `/api/secured/booking_requests/${portalKey}`;
const cancel = `${summary}/cancel`;

function renderPage(api: Record<string, () => Response>) {
  return renderApp(`/booking-requests/${portalKey}`, {
    api: {
      '/api/authentication/session': () => sessionAnswer('BOOKING_REQUEST'),
      '/api/config/patient-portal': () => portalConfig(),
      ...api,
    },
  });
}

describe('booking request page', slow, () => {
  it("shows the patient's notes and cancels the request with the cancel reason modal", async () => {
    let status = 'RECEIVED';
    const { user, fetchMock } = await renderPage({
      [summary]: () =>
        bookingRequestOf({
          status,
          cancellable: status !== 'CANCELED',
          patientNotes: 'Mornings suit me best.',
        }),
      [cancel]: () => {
        status = 'CANCELED';
        return jsonResponse({ status: 'CANCELED' });
      },
    });
    expect(await screen.findByText('Mornings suit me best.')).toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: 'Cancel request' }));

    const dialog = await screen.findByRole('dialog', { name: 'Cancel your booking request' });
    await user.click(within(dialog).getByRole('radio', { name: 'Another reason' }));
    await user.type(within(dialog).getByRole('textbox'), '  Booked with my GP  ');
    await user.click(within(dialog).getByRole('button', { name: 'Continue' }));
    const confirm = await screen.findByRole('alertdialog', {
      name: 'Are you sure you want to cancel your request?',
    });
    await user.click(within(confirm).getByRole('button', { name: 'Yes, cancel it' }));

    const card = screen.getByRole('article', { name: 'Your request' });
    await waitFor(() =>
      expect(within(card).getByRole('status')).toHaveTextContent(
        'Your booking request has been cancelled.',
      ),
    );
    expect(callsTo(fetchMock, cancel)).toEqual([
      { method: 'POST', query: {}, body: { reason: 'OTHER', note: 'Booked with my GP' } },
    ]);
    expect(await within(card).findByText('Cancelled')).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Cancel request' })).toBeNull();
    await waitFor(() =>
      expect(screen.getByRole('heading', { name: 'Your request' })).toHaveFocus(),
    );
  });

  it('offers no cancel for a request that is not cancellable, and keeps the modal away', async () => {
    await renderPage({
      [summary]: () => bookingRequestOf({ status: 'BOOKED', cancellable: false }),
    });
    expect(await screen.findByText('MRI knee (MRI)')).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Cancel request' })).toBeNull();
  });

  it('explains a request the clinic has dealt with meanwhile', async () => {
    const { user } = await renderPage({
      [summary]: () => bookingRequestOf(),
      [cancel]: () => errorResponse(409, 'BOOKING_REQUEST_NOT_ACTIVE'),
    });
    const button = await screen.findByRole('button', { name: 'Cancel request' });
    await user.click(button);
    await user.click(
      within(await screen.findByRole('dialog')).getByRole('button', { name: 'Continue' }),
    );
    await user.click(
      within(await screen.findByRole('alertdialog')).getByRole('button', {
        name: 'Yes, cancel it',
      }),
    );
    const refusal = await screen.findByRole('alertdialog', {
      name: 'This request cannot be cancelled online',
    });
    expect(refusal).toHaveTextContent(/already dealt with this request/);
    await user.click(within(refusal).getByRole('button', { name: 'Close' }));
    await waitFor(() => expect(button).toHaveFocus());
  });

  it('hides the reason picker when the provider offers no reasons', async () => {
    const { user } = await renderApp(`/br/${portalKey}`, {
      api: {
        '/api/authentication/session': () => sessionAnswer('BOOKING_REQUEST'),
        '/api/config/patient-portal': () => portalConfig({ cancelReasons: [] }),
        [summary]: () => bookingRequestOf(),
      },
    });
    await user.click(await screen.findByRole('button', { name: 'Cancel request' }));
    const dialog = await screen.findByRole('dialog', { name: 'Cancel your booking request' });
    expect(within(dialog).queryByRole('radio')).toBeNull();
    expect(within(dialog).getByRole('textbox', { name: /anything else/i })).toBeInTheDocument();
  });

  it("shows the provider's background image on larger screens only, when enabled", async () => {
    await renderApp(`/br/${portalKey}`, {
      width: 1366,
      api: {
        '/api/authentication/session': () => sessionAnswer('BOOKING_REQUEST'),
        '/api/config/patient-portal': () =>
          portalConfig({ patientPortalBackgroundImageEnabled: true }),
        [summary]: () => bookingRequestOf(),
      },
    });
    const background = await screen.findByTestId('patient-portal-background');
    expect(background).toHaveAttribute('aria-hidden', 'true');
    expect(background.style.backgroundImage).toBe(
      'url("/api/assets/application/patient_portal_background")',
    );
    act(() => setViewportWidth(390));
    expect(screen.queryByTestId('patient-portal-background')).toBeNull();
    act(() => setViewportWidth(1366));
  });

  it('hands the live chat the request it shows (key, exams, names only), and takes it back on leaving', async () => {
    const { router } = await renderPage({
      [summary]: () => bookingRequestOf({ patientNotes: 'Mornings suit me best.' }),
    });
    await screen.findByText('Mornings suit me best.');
    expect(chatBookingRequest()).toEqual({
      slug: portalKey,
      patientNotes: 'Mornings suit me best.',
      bookingDetails: {
        exams: [{ slug: 'mri-knee', name: 'MRI knee', nameWithModality: 'MRI knee' }],
        clinicName: null,
      },
      patientDetails: {
        title: null,
        firstName: 'Alex',
        lastName: 'Citizen',
        dateOfBirth: null,
        email: null,
        contactNumber: null,
        postalCode: null,
      },
    });
    await act(() => router.navigate('/'));
    await waitFor(() => expect(chatBookingRequest()).toBeNull());
  });
});
