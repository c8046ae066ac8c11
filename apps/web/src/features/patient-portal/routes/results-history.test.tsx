import { screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { errorResponse, jsonResponse } from '../../../testing/fixtures.ts';
import { renderApp } from '../../../testing/render-app.tsx';
import { callsTo, portalConfig, portalKey } from '../testing.ts';
import {
  answerByMethod,
  olderResultId,
  ownerPageApi,
  ownerResultsPath,
  resultOf,
  resultsOf,
  sessionOf,
  shareOf,
} from './results-testing.ts';

const slow = { timeout: 30_000 };
const historyKey = 'h'.repeat(32);
const matchPath = `${ownerResultsPath}/patient_match`;
const historyPath = `/api/secured/appointments/${historyKey}/result/history`;
const historySharesPath = `/api/secured/appointments/${historyKey}/result/shares`;

async function openMatchForm(matchAnswer: () => Response) {
  const rendered = await renderApp(`/appointments/${portalKey}/result`, {
    api: { ...ownerPageApi(), [matchPath]: matchAnswer },
  });
  const toggle = await screen.findByRole('button', { name: 'See all my results' });
  await rendered.user.click(toggle);
  expect(toggle).toHaveAttribute('aria-expanded', 'true');
  const form = await screen.findByRole('form', { name: 'Your other results' });
  return { ...rendered, form };
}

describe('patient match (See all my results)', slow, () => {
  it('proves the date of birth and e-mail, then goes to the history page', async () => {
    const { user, form, router, fetchMock } = await openMatchForm(() =>
      jsonResponse({ historyAppointments: historyKey }),
    );
    await user.click(within(form).getByRole('button', { name: 'Continue' }));
    expect(within(form).getByText(/Enter a date of birth/)).toBeInTheDocument();
    expect(within(form).getByText(/Enter your email address/)).toBeInTheDocument();
    expect(callsTo(fetchMock, matchPath)).toEqual([]);

    await user.type(within(form).getByRole('textbox', { name: 'Day' }), '9');
    await user.type(within(form).getByRole('textbox', { name: 'Month' }), '3');
    await user.type(within(form).getByRole('textbox', { name: 'Year' }), '1984');
    await user.type(
      within(form).getByRole('textbox', { name: 'Your email address' }),
      'alex@example.com',
    );
    await user.click(within(form).getByRole('button', { name: 'Continue' }));
    await waitFor(() =>
      expect(router.state.location.pathname).toBe(`/appointments/${historyKey}/result/patient`),
    );
    expect(router.state.location.search).toBe('?dateOfBirth=1984-03-09&otpType=EMAIL');
    expect(callsTo(fetchMock, matchPath)[0]?.body).toEqual({
      dateOfBirth: '1984-03-09',
      email: 'alex@example.com',
      otpType: 'EMAIL',
    });
  });

  it('asks for a mobile number when the code is to go by SMS', async () => {
    const { user, form, router, fetchMock } = await openMatchForm(() =>
      jsonResponse({ historyAppointments: historyKey }),
    );
    await user.click(within(form).getByRole('radio', { name: 'By text message (SMS)' }));
    await user.type(within(form).getByRole('textbox', { name: 'Day' }), '9');
    await user.type(within(form).getByRole('textbox', { name: 'Month' }), '3');
    await user.type(within(form).getByRole('textbox', { name: 'Year' }), '1984');
    await user.type(
      within(form).getByRole('textbox', { name: 'Your mobile number' }),
      '0412 345 678',
    );
    await user.click(within(form).getByRole('button', { name: 'Continue' }));
    await waitFor(() => expect(router.state.location.search).toContain('otpType=SMS'));
    expect(callsTo(fetchMock, matchPath)[0]?.body).toEqual({
      dateOfBirth: '1984-03-09',
      contactNumber: '0412345678',
      otpType: 'SMS',
    });
  });

  it('says message.patient_matching_error when nobody matches', async () => {
    const { user, form, router } = await openMatchForm(() =>
      errorResponse(422, 'PATIENT_MATCHING_FAILED'),
    );
    await user.type(within(form).getByRole('textbox', { name: 'Day' }), '9');
    await user.type(within(form).getByRole('textbox', { name: 'Month' }), '3');
    await user.type(within(form).getByRole('textbox', { name: 'Year' }), '1984');
    await user.type(
      within(form).getByRole('textbox', { name: 'Your email address' }),
      'alex@example.com',
    );
    await user.click(within(form).getByRole('button', { name: 'Continue' }));
    expect(await within(form).findByRole('alert')).toHaveTextContent(
      'We could not match your details.',
    );
    expect(router.state.location.pathname).toBe(`/appointments/${portalKey}/result`);
  });

  it('goes to the deny page after too many failed checks', async () => {
    const { user, form, router } = await openMatchForm(() =>
      errorResponse(429, 'MAX_ATTEMPTS_REACHED'),
    );
    await user.type(within(form).getByRole('textbox', { name: 'Day' }), '9');
    await user.type(within(form).getByRole('textbox', { name: 'Month' }), '3');
    await user.type(within(form).getByRole('textbox', { name: 'Year' }), '1984');
    await user.type(
      within(form).getByRole('textbox', { name: 'Your email address' }),
      'alex@example.com',
    );
    await user.click(within(form).getByRole('button', { name: 'Continue' }));
    await waitFor(() => expect(router.state.location.pathname).toBe('/deny'));
    expect(router.state.location.search).toBe(
      '?maxAttempts=true&message=max_attempts_reached_results',
    );
  });
});

describe('history page', slow, () => {
  it('signs in on the results page, handing it the date of birth (decision 023)', async () => {
    const { router, fetchMock } = await renderApp(
      `/appointments/${historyKey}/result/patient?dateOfBirth=1984-03-09&otpType=SMS`,
      { api: { '/api/authentication/session': () => errorResponse(401, 'UNAUTHENTICATED') } },
    );
    await waitFor(() => expect(router.state.location.pathname).toBe('/authentication'));
    // The history needs a result's proof: a patient-portal sign-in could skip the OTP.
    expect(callsTo(fetchMock, '/api/authentication/session')[0]?.query).toEqual({
      bookingKey: historyKey,
      authenticationType: 'APPOINTMENT_RESULTS',
    });
    expect(Object.fromEntries(new URLSearchParams(router.state.location.search))).toEqual({
      returnUrl: `/appointments/${historyKey}/result`,
      bookingKey: historyKey,
      type: 'APPOINTMENT_RESULTS',
      dateOfBirth: '1984-03-09',
    });
    expect(callsTo(fetchMock, historyPath)).toEqual([]);
  });

  it('lists every result newest first and shares the history', async () => {
    const { user, fetchMock } = await renderApp(`/appointments/${historyKey}/result/patient`, {
      api: {
        '/api/authentication/session': () => sessionOf('APPOINTMENT_RESULTS', historyKey),
        '/api/config/patient-portal': () => portalConfig(),
        [historyPath]: () =>
          resultsOf({
            bookingKey: historyKey,
            results: [
              resultOf({
                appointmentId: olderResultId,
                startsAt: '2030-01-10T00:00:00Z',
                exam: { name: 'X-ray chest', modalityName: 'X-ray' },
              }),
              resultOf(),
            ],
          }),
      },
    });
    expect(screen.getByRole('heading', { level: 1 })).toHaveTextContent('All your results');
    await screen.findByRole('article', { name: 'CT head' });
    expect(
      screen.getAllByRole('article').map((card) => card.getAttribute('aria-labelledby')),
    ).toEqual([`result-${resultOf().appointmentId}`, `result-${olderResultId}`]);
    // The history shares as a whole; its results have no Share button of their own.
    expect(screen.queryByRole('button', { name: /Share this result/ })).not.toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'See all my results' })).not.toBeInTheDocument();

    answerByMethod(fetchMock, historySharesPath, {
      get: () => jsonResponse({ shares: [shareOf({ type: 'HISTORY', appointmentId: null })] }),
      post: () => jsonResponse(shareOf({ type: 'HISTORY', appointmentId: null }), 201),
    });
    await user.click(screen.getByRole('button', { name: 'Share my history' }));
    const dialog = await screen.findByRole('dialog', { name: 'Share results' });
    expect(within(dialog).getByText('You are sharing all your results.')).toBeVisible();
    expect(await within(dialog).findByText('All your results')).toBeInTheDocument();
    await user.type(
      within(dialog).getByRole('textbox', { name: 'Their email address' }),
      'gp@clinic.example',
    );
    await user.click(within(dialog).getByRole('button', { name: 'Share' }));
    await screen.findByRole('dialog', { name: 'Results shared' });
    expect(
      callsTo(fetchMock, historySharesPath).find((call) => call.method === 'POST')?.body,
    ).toEqual({
      contactDetails: 'gp@clinic.example',
      contactDetailsType: 'EMAIL',
      type: 'HISTORY',
      expiresInDays: 14,
    });
  });
});
