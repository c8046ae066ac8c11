import type { AppointmentConsentForm } from '@portal/contract';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { render, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { I18nextProvider } from 'react-i18next';
import { createMemoryRouter, RouterProvider } from 'react-router';
import { beforeAll, describe, expect, it, type Mock, vi } from 'vitest';
import { errorResponse, jsonResponse } from '../../../testing/fixtures.ts';
import { testI18n } from '../../../testing/render-app.tsx';
import { ConsentFormsSection } from './consent-forms-section.tsx';

// SurveyJS loads cold in jsdom: slow under load.
const slow = { timeout: 20_000 };
const portalKey = 'a'.repeat(32);
const appointmentId = '0b8e8f3e-2f4a-4b6c-9d58-3d7c1a3e5f01';
const path = `/api/secured/appointments/${portalKey}/consent_forms`;

// jsdom has no ResizeObserver; SurveyJS's responsive layout needs one.
beforeAll(() => {
  if (typeof window.ResizeObserver === 'function') return;
  window.ResizeObserver = class {
    observe() {}
    unobserve() {}
    disconnect() {}
  } as unknown as typeof ResizeObserver;
});

const definition = {
  pages: [
    {
      name: 'consent',
      elements: [
        {
          type: 'radiogroup',
          name: 'agree',
          title: 'Do you agree to the scan?',
          isRequired: true,
          choices: [{ value: 'yes', text: 'I agree' }],
        },
      ],
    },
  ],
  showQuestionNumbers: 'off',
  completeText: 'Sign',
};

function formOf(overrides: Partial<AppointmentConsentForm> = {}): AppointmentConsentForm {
  return {
    appointmentId,
    examName: 'CT head',
    consentFormId: '6b8e8f3e-2f4a-4b6c-9d58-3d7c1a3e5f01',
    slug: 'imaging-and-privacy',
    version: 1,
    title: 'Consent to imaging',
    definition,
    status: 'TO_SIGN',
    signature: null,
    ...overrides,
  };
}

const signedOf = (form: AppointmentConsentForm, verified = true): AppointmentConsentForm => ({
  ...form,
  status: 'SIGNED',
  signature: {
    signedAt: '2031-05-04T00:15:00Z',
    answers: { agree: 'yes' },
    signerName: 'Alex Citizen',
    verified,
  },
});

const contrast = formOf({
  consentFormId: '6b8e8f3e-2f4a-4b6c-9d58-3d7c1a3e5f02',
  slug: 'contrast-consent',
  title: 'Consent to contrast',
});

/**
 * The section on an appointment page of a memory router (with a home page to leave to), fetch
 * mocked: GET and POST of the consent forms both get `forms()`, anything else a 404.
 */
function renderPage(forms: () => Response) {
  const fetchMock: Mock = vi.fn(async (input: RequestInfo | URL) =>
    new URL(String(input), 'http://localhost').pathname === path
      ? forms()
      : errorResponse(404, 'NOT_FOUND'),
  );
  vi.stubGlobal('fetch', fetchMock);
  const router = createMemoryRouter(
    [
      { path: '/', element: <h1>Home</h1> },
      {
        path: '/appointments/:bookingKey',
        element: (
          <main>
            <h1>Your appointment</h1>
            <ConsentFormsSection bookingKey={portalKey} />
          </main>
        ),
      },
    ],
    { initialEntries: [`/appointments/${portalKey}`] },
  );
  const client = new QueryClient({ defaultOptions: { queries: { retry: false } } });
  render(
    <QueryClientProvider client={client}>
      <I18nextProvider i18n={testI18n()}>
        <RouterProvider router={router} />
      </I18nextProvider>
    </QueryClientProvider>,
  );
  return { router, fetchMock, user: userEvent.setup() };
}

/** What fetch was called with for the consent forms: method and JSON body. */
const callsTo = (fetchMock: Mock) =>
  (fetchMock.mock.calls as unknown as Array<[string, RequestInit | undefined]>)
    .filter(([input]) => new URL(String(input), 'http://localhost').pathname === path)
    .map(([, init]) => ({
      method: init?.method ?? 'GET',
      body: typeof init?.body === 'string' ? (JSON.parse(init.body) as unknown) : undefined,
    }));

const section = () => screen.findByRole('region', { name: 'Consent forms' }, slow);
const question = () => screen.findByRole('radiogroup', {}, slow);

describe('the consent forms section', slow, () => {
  it('lists forms to sign and signed ones (when, verified), with no dialog on opening', async () => {
    renderPage(() => jsonResponse({ appointmentConsentForms: [formOf(), signedOf(contrast)] }));
    const forms = within(await section());
    expect(
      forms.getByText('Please read and sign this form before your appointment.'),
    ).toBeVisible();
    expect(forms.getByText('Not signed yet')).toBeInTheDocument();
    expect(forms.getByText(/^Signed by Alex Citizen on/)).toBeInTheDocument();
    expect(
      forms.getByText('Verified: this is the form exactly as you signed it.'),
    ).toBeInTheDocument();
    expect(forms.getByRole('button', { name: 'Sign Consent to imaging' })).toBeInTheDocument();
    expect(forms.getByRole('button', { name: 'View Consent to contrast' })).toBeInTheDocument();
    // The notification follows a signature (docs/decisions/026), not the page's opening.
    expect(screen.queryByRole('dialog')).toBeNull();
  });

  it('shows no notification when every form is signed, and an unverified one as such', async () => {
    renderPage(() => jsonResponse({ appointmentConsentForms: [signedOf(formOf(), false)] }));
    const forms = within(await section());
    expect(forms.getByText('You have signed every form your appointment needs.')).toBeVisible();
    expect(
      forms.getByText('This signed form could not be verified. Please call the clinic.'),
    ).toBeInTheDocument();
    expect(screen.queryByRole('dialog')).toBeNull();
  });

  it('shows nothing when no form is needed', async () => {
    const { fetchMock } = renderPage(() => jsonResponse({ appointmentConsentForms: [] }));
    await waitFor(() => expect(callsTo(fetchMock)).toHaveLength(1));
    await new Promise((resolve) => setTimeout(resolve, 50));
    expect(screen.queryByRole('region', { name: 'Consent forms' })).toBeNull();
  });

  it('signs a form, then the notification says so and offers the next one', async () => {
    let signed = false;
    const { user, fetchMock } = renderPage(() => {
      if (!signed) return jsonResponse({ appointmentConsentForms: [formOf(), contrast] });
      return jsonResponse({
        appointmentConsentForms: [signedOf(formOf()), contrast],
        notifyPatient: true,
      });
    });
    const forms = within(await section());
    signed = true;
    await user.click(forms.getByRole('button', { name: 'Sign Consent to imaging' }));
    const dialog = await screen.findByRole('dialog', { name: 'Consent to imaging' }, slow);
    await question();
    await user.click(within(dialog).getByRole('radio', { name: 'I agree' }));
    await user.click(within(dialog).getByRole('button', { name: 'Sign' }));
    await waitFor(() => expect(dialog).not.toBeInTheDocument(), slow);
    const posts = callsTo(fetchMock).filter((call) => call.method === 'POST');
    expect(posts.at(-1)?.body).toEqual({
      appointmentId,
      consentFormId: formOf().consentFormId,
      version: 1,
      answers: { agree: 'yes' },
    });
    const notice = await screen.findByRole(
      'dialog',
      { name: 'You signed Consent to imaging.' },
      slow,
    );
    expect(notice).toHaveTextContent('We have e-mailed you a notice of your signature.');
    expect(notice).toHaveTextContent('needs 1 consent form signed');
    expect(await forms.findByText(/^Signed by Alex Citizen on/)).toBeInTheDocument();
    await user.click(within(notice).getByRole('button', { name: 'Sign now' }));
    expect(await screen.findByRole('dialog', { name: 'Consent to contrast' }, slow)).toBeVisible();
  });

  it('asks before closing with forms unsigned, and leaving goes to the home page', async () => {
    const { user, router } = renderPage(() =>
      jsonResponse({ appointmentConsentForms: [formOf(), contrast] }),
    );
    const forms = within(await section());
    await user.click(forms.getByRole('button', { name: 'Sign Consent to imaging' }));
    const dialog = await screen.findByRole('dialog', { name: 'Consent to imaging' }, slow);
    expect(dialog).toHaveTextContent('Form 1 of 2');
    await question();
    // Static: Escape does not close it.
    await user.keyboard('{Escape}');
    expect(dialog).toBeInTheDocument();

    await user.click(within(dialog).getByRole('button', { name: 'Close consent form' }));
    const confirm = await screen.findByRole('alertdialog', { name: 'Leave without signing?' });
    await user.click(within(confirm).getByRole('button', { name: 'Keep signing' }));
    await waitFor(() => expect(confirm).not.toBeInTheDocument());
    expect(dialog).toBeInTheDocument();
    expect(router.state.location.pathname).toBe(`/appointments/${portalKey}`);

    await user.click(within(dialog).getByRole('button', { name: 'Close consent form' }));
    await user.click(await screen.findByRole('button', { name: 'Leave' }));
    await waitFor(() => expect(router.state.location.pathname).toBe('/'), slow);
  });

  it('shows a signed form read-only, as the version signed', async () => {
    const { user } = renderPage(() =>
      jsonResponse({ appointmentConsentForms: [signedOf(formOf())] }),
    );
    const forms = within(await section());
    await user.click(forms.getByRole('button', { name: 'View Consent to imaging' }));
    const dialog = await screen.findByRole('dialog', { name: 'Consent to imaging' }, slow);
    await question();
    expect(within(dialog).getByRole('radio', { name: 'I agree' })).toBeChecked();
    expect(within(dialog).queryByRole('button', { name: 'Sign' })).toBeNull();
    expect(dialog).toHaveTextContent('Verified: this is the form exactly as you signed it.');
  });
});
