import { screen, waitFor } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { errorResponse, jsonResponse } from '../../../testing/fixtures.ts';
import { renderApp } from '../../../testing/render-app.tsx';

/** Kiosk check-in's page (docs/product/kiosk.md#check-in) against a faked API. */
function setCookie(text: string) {
  // biome-ignore lint/suspicious/noDocumentCookie: the test plays the browser's cookie jar.
  document.cookie = text;
}

afterEach(() => {
  for (const name of ['kioskIdentity', 'patientKioskIdentity']) {
    setCookie(`${name}=; path=/; expires=Thu, 01 Jan 1970 00:00:00 GMT`);
  }
  vi.unstubAllGlobals();
});

const bookingKey = 'abcdefghijklmnopqrstuvwxyz012345';
const appointmentId = '7b0c3c2e-8a52-4a57-9b52-3c8f1d0b8e11';
const checkInPath = `/api/secured/appointments/${bookingKey}/items/${appointmentId}/check_in`;

const api = {
  '/api/kiosk/identity_check': () =>
    jsonResponse({
      appointmentBookingKeys: [bookingKey],
      samePatient: true,
      feedbackQuestionnaireAnswered: true,
      disabledReason: null,
      maxAttemptsReached: false,
    }),
  '/api/authentication': () =>
    jsonResponse({
      success: true,
      maxAttemptsReached: false,
      otpRequired: true,
      otpChannel: 'EMAIL',
      otpSecondsBetweenRequests: 5,
      message: null,
    }),
  '/api/authentication/otp/validate': () =>
    jsonResponse({ success: true, maxAttemptsReached: false, message: null }),
  [`/api/secured/appointments/${bookingKey}/kiosk_appointments`]: () =>
    jsonResponse({
      appointments: [
        {
          id: appointmentId,
          startsAt: '2031-05-04T10:30:00+10:00',
          timeZone: 'Australia/Sydney',
          examName: 'Screening mammogram',
          clinicName: 'Harbourside City',
          canCheckIn: true,
          window: 'OPEN',
          checkInState: null,
        },
      ],
      feedbackQuestionnaireAnswered: true,
      feedbackDue: false,
      disabledReason: null,
    }),
  [checkInPath]: () => jsonResponse({ appointmentId, checkIn: { state: 'DELIVERED' } }),
};

describe('kiosk check-in page', () => {
  it('starts at the name whatever step the URL names, and keeps kiosk mode', async () => {
    setCookie('kioskIdentity=Tablet%20A; path=/');
    const { router } = await renderApp('/check-in?step=CONFIRM');
    expect(screen.getByRole('textbox', { name: 'What is your last name?' })).toBeInTheDocument();
    await waitFor(() => {
      const params = new URLSearchParams(router.state.location.search);
      expect(params.get('step')).toBe('LAST_NAME');
      expect(params.get('kioskMode')).toBe('true');
    });
  });

  it('goes name, date of birth, code, your appointment, checked in; nothing of the patient in the URL', {
    timeout: 15_000,
  }, async () => {
    setCookie('kioskIdentity=Tablet%20A; path=/');
    const { router, user, fetchMock } = await renderApp('/check-in?kioskMode=true', { api });
    await user.type(screen.getByRole('textbox', { name: 'What is your last name?' }), 'Sample');
    await user.click(screen.getByRole('button', { name: 'Continue' }));
    await user.type(await screen.findByRole('textbox', { name: 'Day' }), '21');
    await user.type(screen.getByRole('textbox', { name: 'Month' }), '8');
    await user.type(screen.getByRole('textbox', { name: 'Year' }), '1975');
    await user.click(screen.getByRole('button', { name: 'Continue' }));
    await user.type(await screen.findByRole('textbox', { name: 'Security code' }), '123456');
    await user.click(screen.getByRole('button', { name: 'Continue' }));
    expect(
      await screen.findByRole('heading', { name: 'Your appointment today' }),
    ).toBeInTheDocument();
    expect(screen.getByText('Screening mammogram')).toBeInTheDocument();
    expect(router.state.location.search).toContain('step=CONFIRM');
    await user.click(screen.getByRole('button', { name: 'Check in' }));
    expect(await screen.findByRole('heading', { name: 'You are checked in' })).toBeInTheDocument();
    expect(router.state.location.search).toBe('?kioskMode=true&step=SUCCESS');
    const calls = fetchMock.mock.calls as unknown as [string, RequestInit | undefined][];
    const identityCall = calls.find(([url]) => String(url).includes('identity_check'));
    expect(JSON.parse(String(identityCall?.[1]?.body))).toEqual({
      lastName: 'Sample',
      dateOfBirth: '1975-08-21',
    });
  });

  it('sends the patient to the front desk when nothing matched, offering to try again', async () => {
    setCookie('kioskIdentity=Tablet%20A; path=/');
    const { user } = await renderApp('/check-in?kioskMode=true', {
      api: {
        '/api/kiosk/identity_check': () =>
          jsonResponse({
            appointmentBookingKeys: [],
            samePatient: false,
            feedbackQuestionnaireAnswered: false,
            disabledReason: null,
            maxAttemptsReached: false,
          }),
      },
    });
    await user.type(screen.getByRole('textbox', { name: 'What is your last name?' }), 'Nobody');
    await user.click(screen.getByRole('button', { name: 'Continue' }));
    await user.type(await screen.findByRole('textbox', { name: 'Day' }), '1');
    await user.type(screen.getByRole('textbox', { name: 'Month' }), '1');
    await user.type(screen.getByRole('textbox', { name: 'Year' }), '1990');
    await user.click(screen.getByRole('button', { name: 'Continue' }));
    expect(
      await screen.findByRole('heading', { name: 'Please see the front desk' }),
    ).toBeInTheDocument();
    expect(screen.getByText(/could not find an appointment today/)).toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: 'Try again' }));
    expect(await screen.findByRole('textbox', { name: 'What is your last name?' })).toHaveValue('');
  });

  it('a browser that is not a named kiosk is sent to the kiosk start', async () => {
    vi.stubGlobal('fetch', async () => errorResponse(404, 'NOT_FOUND'));
    await renderApp('/check-in?kioskMode=true');
    expect(screen.getByText(/not set up as a kiosk/)).toBeInTheDocument();
  });
});
