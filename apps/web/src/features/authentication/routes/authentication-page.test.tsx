import { screen, waitFor, within } from '@testing-library/react';
import type { UserEvent } from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { errorResponse, jsonResponse } from '../../../testing/fixtures.ts';
import { renderApp } from '../../../testing/render-app.tsx';

// The first render loads the page's lazy route module: on a loaded 2-core machine that alone
// can take longer than Vitest's default 5 s.
const slow = { timeout: 20_000 };
const key = 'k'.repeat(32);
const accessConfig =
  (overrides: Record<string, unknown> = {}) =>
  () =>
    jsonResponse({
      contactNumberAuthentication: false,
      otpEnabled: true,
      otpForPatientPortal: false,
      otpSecondsBetweenRequests: 5,
      captcha: { provider: 'none', siteKey: null },
      ...overrides,
    });
const answer =
  (overrides: Record<string, unknown> = {}) =>
  () =>
    jsonResponse({
      success: true,
      maxAttemptsReached: false,
      otpRequired: false,
      otpChannel: null,
      otpSecondsBetweenRequests: 5,
      message: null,
      ...overrides,
    });
const page = (query: string) => `/authentication?${query}`;
const appointmentQuery = `returnUrl=%2Fappointments%2F${key}&bookingKey=${key}&type=APPOINTMENT`;

async function typeDateOfBirth(
  user: UserEvent,
  day: string,
  month: string,
  year: string,
  title = 'Confirm your date of birth',
) {
  const dialog = await screen.findByRole('dialog', { name: title });
  await user.type(within(dialog).getByRole('textbox', { name: 'Day' }), day);
  await user.type(within(dialog).getByRole('textbox', { name: 'Month' }), month);
  await user.type(within(dialog).getByRole('textbox', { name: 'Year' }), year);
  return dialog;
}

function bodyOf(fetchMock: ReturnType<typeof vi.fn>, path: string): unknown {
  const call = fetchMock.mock.calls.find(([input]) => String(input) === path);
  return call ? JSON.parse(String((call[1] as RequestInit).body)) : undefined;
}

afterEach(() => {
  vi.useRealTimers();
});

describe('authentication page', slow, () => {
  it('checks the date of birth and goes to the returnUrl', async () => {
    const { user, router, fetchMock } = await renderApp(page(appointmentQuery), {
      api: { '/api/config/authentication': accessConfig(), '/api/authentication': answer() },
    });
    expect(screen.getByRole('heading', { level: 1 })).toHaveTextContent('View your appointment');
    const dialog = await typeDateOfBirth(user, '9', '3', '1984');
    await user.click(within(dialog).getByRole('button', { name: 'Continue' }));
    await waitFor(() => expect(router.state.location.pathname).toBe(`/appointments/${key}`));
    expect(bodyOf(fetchMock, '/api/authentication')).toEqual({
      bookingKey: key,
      dateOfBirth: '1984-03-09',
      contactNumber: null,
      authenticationType: 'APPOINTMENT',
      shared: false,
    });
  });

  it('keeps the button disabled for a future date and says why', async () => {
    const { user } = await renderApp(page(appointmentQuery), {
      api: { '/api/config/authentication': accessConfig() },
    });
    const dialog = await typeDateOfBirth(user, '1', '1', '2999');
    expect(within(dialog).getByRole('button', { name: 'Continue' })).toBeDisabled();
    expect(within(dialog).getByText('The date of birth must be in the past')).toBeInTheDocument();
  });

  it('reopens the modal with the error after a failure', async () => {
    const { user } = await renderApp(page(appointmentQuery), {
      api: {
        '/api/config/authentication': accessConfig(),
        '/api/authentication': answer({ success: false, message: 'message.authentication_error' }),
      },
    });
    const dialog = await typeDateOfBirth(user, '9', '3', '1984');
    await user.click(within(dialog).getByRole('button', { name: 'Continue' }));
    const reopened = await screen.findByRole('dialog', { name: 'Confirm your date of birth' });
    expect(within(reopened).getByRole('alert')).toHaveTextContent(
      'We could not confirm your details',
    );
  });

  it('asks for a valid contact number when the provider checks it', async () => {
    const { user } = await renderApp(page(appointmentQuery), {
      api: { '/api/config/authentication': accessConfig({ contactNumberAuthentication: true }) },
    });
    const dialog = await typeDateOfBirth(user, '9', '3', '1984');
    const contact = within(dialog).getByRole('textbox', { name: 'Contact number' });
    await user.type(contact, '04a');
    await user.tab();
    expect(within(dialog).getByText('Please enter valid contact number.')).toBeInTheDocument();
    expect(within(dialog).getByRole('button', { name: 'Continue' })).toBeDisabled();
    await user.clear(contact);
    await user.type(contact, '0412345678');
    expect(within(dialog).getByRole('button', { name: 'Continue' })).toBeEnabled();
  });

  it('goes to /deny with the shared message when the attempts are used up', async () => {
    const { user, router } = await renderApp(page(`${appointmentQuery}&shared=true`), {
      api: {
        '/api/config/authentication': accessConfig(),
        '/api/authentication': answer({ success: false, maxAttemptsReached: true }),
      },
    });
    const dialog = await typeDateOfBirth(
      user,
      '9',
      '3',
      '1984',
      "Confirm the patient's date of birth",
    );
    await user.click(within(dialog).getByRole('button', { name: 'Continue' }));
    await waitFor(() => expect(router.state.location.pathname).toBe('/deny'));
    expect(router.state.location.search).toBe(
      '?maxAttempts=true&message=max_attempts_reached_shared',
    );
  });

  it('submits a dateOfBirth from the query at once, with no contact number', async () => {
    const { router, fetchMock } = await renderApp(
      page(`${appointmentQuery}&dateOfBirth=1984-03-09&shared=true`),
      { api: { '/api/config/authentication': accessConfig(), '/api/authentication': answer() } },
    );
    await waitFor(() => expect(router.state.location.search).toBe('?shared=true'));
    expect(router.state.location.pathname).toBe(`/appointments/${key}`);
    expect(bodyOf(fetchMock, '/api/authentication')).toMatchObject({
      dateOfBirth: '1984-03-09',
      contactNumber: null,
      shared: true,
    });
  });

  it('only warns when a parameter is missing', async () => {
    const warn = vi.spyOn(console, 'warn').mockImplementation(() => {});
    await renderApp(page(`bookingKey=${key}`), {
      api: { '/api/config/authentication': accessConfig() },
    });
    // The warning comes from an effect, which a loaded machine may run after the first paint.
    await waitFor(() => expect(warn).toHaveBeenCalledWith('Authentication needs returnUrl, type'));
    expect(screen.queryByRole('dialog')).not.toBeInTheDocument();
  });

  it('refuses an off-site returnUrl', async () => {
    const warn = vi.spyOn(console, 'warn').mockImplementation(() => {});
    await renderApp(
      page(`returnUrl=https%3A%2F%2Fevil.example&bookingKey=${key}&type=APPOINTMENT`),
      {
        api: { '/api/config/authentication': accessConfig() },
      },
    );
    // The warning comes from an effect, which a loaded machine may run after the first paint.
    await waitFor(() =>
      expect(warn).toHaveBeenCalledWith('Authentication returnUrl is not a path on this site'),
    );
    expect(screen.queryByRole('dialog')).not.toBeInTheDocument();
  });

  it('detects the patient portal from the returnUrl', async () => {
    await renderApp(
      page(
        `returnUrl=%2Fappointments%2F${key}%2Fresult%2Fpatient&bookingKey=${key}&type=APPOINTMENT`,
      ),
      { api: { '/api/config/authentication': accessConfig() } },
    );
    expect(screen.getByRole('heading', { level: 1 })).toHaveTextContent(
      'Sign in to your patient portal',
    );
  });

  it('shows the cookies banner and the cookies failure text when cookies are off', async () => {
    vi.spyOn(navigator, 'cookieEnabled', 'get').mockReturnValue(false);
    const { user } = await renderApp(page(appointmentQuery), {
      api: {
        '/api/config/authentication': accessConfig(),
        '/api/authentication': answer({ success: false, message: 'message.authentication_error' }),
      },
    });
    expect(await screen.findByText(/Cookies are turned off in your browser/)).toBeInTheDocument();
    const dialog = await typeDateOfBirth(user, '9', '3', '1984');
    await user.click(within(dialog).getByRole('button', { name: 'Continue' }));
    const reopened = await screen.findByRole('dialog', { name: 'Confirm your date of birth' });
    expect(within(reopened).getByRole('alert')).toHaveTextContent('because cookies are turned off');
  });
});

describe('OTP step', slow, () => {
  it('takes 6 digits, blocks resend during the countdown, then validates', async () => {
    const { user, router, fetchMock } = await renderApp(page(appointmentQuery), {
      api: {
        '/api/config/authentication': accessConfig(),
        '/api/authentication': answer({
          otpRequired: true,
          otpChannel: 'EMAIL',
          otpSecondsBetweenRequests: 2,
        }),
        '/api/authentication/otp': () => jsonResponse({ sent: true, retryAfterSeconds: 2 }),
        '/api/authentication/otp/validate': () =>
          jsonResponse({ success: true, maxAttemptsReached: false, message: null }),
      },
    });
    const dialog = await typeDateOfBirth(user, '9', '3', '1984');
    await user.click(within(dialog).getByRole('button', { name: 'Continue' }));
    const otp = await screen.findByRole('dialog', { name: 'Enter the security code' });
    const resend = within(otp).getByRole('button', { name: 'Send a new code' });
    expect(resend).toBeDisabled();
    expect(within(otp).getByText('You can ask for a new code in 2 seconds.')).toBeInTheDocument();
    await waitFor(() => expect(resend).toBeEnabled(), { timeout: 4000 });
    await user.click(resend);
    await waitFor(() => expect(resend).toBeDisabled());

    const input = within(otp).getByRole('textbox', { name: 'Security code' });
    expect(input).toHaveAttribute('autocomplete', 'one-time-code');
    expect(input).toHaveAttribute('inputmode', 'numeric');
    await user.type(input, '12a345');
    expect(within(otp).getByRole('button', { name: 'Confirm' })).toBeDisabled();
    await user.type(input, '6');
    await user.click(within(otp).getByRole('button', { name: 'Confirm' }));
    await waitFor(() => expect(router.state.location.pathname).toBe(`/appointments/${key}`));
    expect(bodyOf(fetchMock, '/api/authentication/otp/validate')).toEqual({
      otp: '123456',
      bookingKey: key,
      authenticationType: 'APPOINTMENT',
      shared: false,
    });
  });

  it('says the wait in minutes when the hourly cap holds the next code back', async () => {
    const { user } = await renderApp(page(appointmentQuery), {
      api: {
        '/api/config/authentication': accessConfig(),
        '/api/authentication': answer({
          otpRequired: true,
          otpChannel: 'EMAIL',
          otpSecondsBetweenRequests: 1,
        }),
        // The key's hourly cap: the server says how long until the hour is over.
        '/api/authentication/otp': () => jsonResponse({ sent: false, retryAfterSeconds: 3545 }),
      },
    });
    const dialog = await typeDateOfBirth(user, '9', '3', '1984');
    await user.click(within(dialog).getByRole('button', { name: 'Continue' }));
    const otp = await screen.findByRole('dialog', { name: 'Enter the security code' });
    const resend = within(otp).getByRole('button', { name: 'Send a new code' });
    await waitFor(() => expect(resend).toBeEnabled(), { timeout: 4000 });
    await user.click(resend);
    await within(otp).findByText('You can ask for a new code in 60 minutes.');
    expect(resend).toBeDisabled();
  });

  it('reopens the OTP modal with the OTP error on a wrong code', async () => {
    const { user } = await renderApp(page(appointmentQuery), {
      api: {
        '/api/config/authentication': accessConfig(),
        '/api/authentication': answer({ otpRequired: true, otpChannel: 'SMS' }),
        '/api/authentication/otp/validate': () =>
          jsonResponse({
            success: false,
            maxAttemptsReached: false,
            message: 'message.authentication_otp_error',
          }),
      },
    });
    const dialog = await typeDateOfBirth(user, '9', '3', '1984');
    await user.click(within(dialog).getByRole('button', { name: 'Continue' }));
    let otp = await screen.findByRole('dialog', { name: 'Enter the security code' });
    expect(otp).toHaveTextContent('by text message');
    await user.type(within(otp).getByRole('textbox', { name: 'Security code' }), '000000');
    await user.click(within(otp).getByRole('button', { name: 'Confirm' }));
    otp = await screen.findByRole('dialog', { name: 'Enter the security code' });
    expect(within(otp).getByRole('alert')).toHaveTextContent('That security code is not right');
  });

  it('sends a results link to /deny with the results message after too many codes', async () => {
    const { user, router } = await renderApp(
      page(
        `returnUrl=%2Fappointments%2F${key}%2Fresult&bookingKey=${key}&type=APPOINTMENT_RESULTS`,
      ),
      {
        api: {
          '/api/config/authentication': accessConfig(),
          '/api/authentication': answer({ otpRequired: true, otpChannel: 'EMAIL' }),
          '/api/authentication/otp/validate': () =>
            jsonResponse({ success: false, maxAttemptsReached: true, message: null }),
        },
      },
    );
    const dialog = await typeDateOfBirth(user, '9', '3', '1984');
    await user.click(within(dialog).getByRole('button', { name: 'Continue' }));
    const otp = await screen.findByRole('dialog', { name: 'Enter the security code' });
    await user.type(within(otp).getByRole('textbox', { name: 'Security code' }), '111111');
    await user.click(within(otp).getByRole('button', { name: 'Confirm' }));
    await waitFor(() => expect(router.state.location.pathname).toBe('/deny'));
    expect(router.state.location.search).toContain('message=max_attempts_reached_results');
  });

  it('words a shared link for the recipient, says shared at every step, and ends on the shared deny message', async () => {
    const { user, router, fetchMock } = await renderApp(
      page(
        `returnUrl=%2Fappointments%2F${key}%2Fresult%3Fshared%3Dtrue&bookingKey=${key}&type=APPOINTMENT_RESULTS&shared=true`,
      ),
      {
        api: {
          '/api/config/authentication': accessConfig(),
          '/api/authentication': answer({ otpRequired: true, otpChannel: 'EMAIL' }),
          '/api/authentication/otp/validate': () =>
            jsonResponse({ success: false, maxAttemptsReached: true, message: null }),
        },
      },
    );
    const dialog = await typeDateOfBirth(
      user,
      '9',
      '3',
      '1984',
      "Confirm the patient's date of birth",
    );
    expect(dialog).toHaveTextContent('check that these results were shared with you');
    expect(within(dialog).getByRole('group', { name: "Patient's date of birth" })).toBeVisible();
    await user.click(within(dialog).getByRole('button', { name: 'Continue' }));
    const otp = await screen.findByRole('dialog', { name: 'Enter the security code' });
    expect(otp).toHaveTextContent('to the email address the results were shared with');
    await user.type(within(otp).getByRole('textbox', { name: 'Security code' }), '111111');
    await user.click(within(otp).getByRole('button', { name: 'Confirm' }));
    await waitFor(() => expect(router.state.location.pathname).toBe('/deny'));
    expect(router.state.location.search).toBe(
      '?maxAttempts=true&message=max_attempts_reached_shared',
    );
    expect(bodyOf(fetchMock, '/api/authentication')).toMatchObject({ shared: true });
    expect(bodyOf(fetchMock, '/api/authentication/otp/validate')).toMatchObject({
      otp: '111111',
      shared: true,
    });
  });

  it('returns to the date of birth when the pending session is gone (401)', async () => {
    const { user } = await renderApp(page(appointmentQuery), {
      api: {
        '/api/config/authentication': accessConfig(),
        '/api/authentication': answer({ otpRequired: true, otpChannel: 'EMAIL' }),
        '/api/authentication/otp/validate': () => errorResponse(401, 'UNAUTHENTICATED'),
      },
    });
    const dialog = await typeDateOfBirth(user, '9', '3', '1984');
    await user.click(within(dialog).getByRole('button', { name: 'Continue' }));
    const otp = await screen.findByRole('dialog', { name: 'Enter the security code' });
    await user.type(within(otp).getByRole('textbox', { name: 'Security code' }), '111111');
    await user.click(within(otp).getByRole('button', { name: 'Confirm' }));
    expect(
      await screen.findByRole('dialog', { name: 'Confirm your date of birth' }),
    ).toBeInTheDocument();
  });
});
