import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { render, screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { I18nextProvider } from 'react-i18next';
import { describe, expect, it, vi } from 'vitest';
import { jsonResponse } from '../../../testing/fixtures.ts';
import { renderApp, testI18n } from '../../../testing/render-app.tsx';
import { ErrorModal } from './error-modal.tsx';
import { PostalCodeModal } from './postal-code-modal.tsx';
import { isAllowedReferral } from './referral-upload.tsx';

const exams = [
  {
    slug: 'ct-brain',
    name: 'CT brain',
    nameWithModality: 'CT brain',
    modalityId: 2,
    modalityName: 'CT',
    modalitySlug: 'ct',
    priority: 1,
    examCode: null,
    notes: null,
    prepInstructions: null,
    durationMinutes: 15,
    walkIn: false,
    bookingRequestOnly: false,
    showBookingRequestInfoModal: false,
    bodyParts: ['head'],
  },
  {
    slug: 'chest-x-ray',
    name: 'Chest X-ray',
    nameWithModality: 'X-ray chest',
    modalityId: 1,
    modalityName: 'X-ray',
    modalitySlug: 'x-ray',
    priority: 2,
    examCode: null,
    notes: null,
    prepInstructions: null,
    durationMinutes: 15,
    walkIn: true,
    bookingRequestOnly: false,
    showBookingRequestInfoModal: false,
    bodyParts: ['chest'],
  },
];
const api = {
  '/api/exams': () => jsonResponse(exams),
  '/api/exam-groups': () => jsonResponse([]),
  '/api/body-parts': () =>
    jsonResponse([{ slug: 'head', name: 'Head', view: 'FRONT', examSlugs: ['ct-brain'] }]),
  '/api/exams/walk-in': () =>
    jsonResponse([{ slug: 'chest-x-ray', name: 'Chest X-ray', prepTime: 0, minutesPrior: 10 }]),
};

describe('booking home', () => {
  it('changing the tab resets groupName; choosing exams sets it', async () => {
    const { router, user } = await renderApp('/?procedureTab=multiple', { api });
    await user.click(await screen.findByRole('checkbox', { name: /CT brain/ }));
    expect(router.state.location.search).toContain('groupName=ct-brain');
    await user.click(screen.getByRole('radio', { name: 'One exam' }));
    expect(router.state.location.search).toContain('procedureTab=single');
    expect(router.state.location.search).not.toContain('groupName');
  });

  it('warns about a walk-in exam among two modalities, then continues', async () => {
    const { router, user } = await renderApp('/?procedureTab=multiple', { api });
    await user.click(await screen.findByRole('checkbox', { name: /CT brain/ }));
    await user.click(screen.getByRole('checkbox', { name: /Chest X-ray/ }));
    await user.click(screen.getByRole('button', { name: 'Continue' }));
    const dialog = await screen.findByRole('dialog', { name: 'A walk-in exam is in your booking' });
    expect(dialog).toHaveTextContent('Chest X-ray');
    await user.click(screen.getByRole('button', { name: 'Continue booking' }));
    // Walk-in applies, so the booking request info modal follows; Proceed goes on to the clinics.
    await user.click(await screen.findByRole('button', { name: 'Proceed' }));
    await waitFor(() => expect(router.state.location.pathname).toBe('/select-clinic'));
    expect(router.state.location.search).toContain('procedureTab=single');
  });

  it("the header's Booking info button shows while no exam is chosen and opens the booking request info", async () => {
    const { router, user } = await renderApp('/', { api, width: 1366 });
    await screen.findByRole('radio', { name: /CT brain/ });
    await user.click(screen.getByRole('button', { name: 'Booking info' }));
    const dialog = await screen.findByRole('dialog', { name: 'About your booking request' });
    expect(dialog).toHaveTextContent('We could not match your request to an exam.');
    // Proceed without an exam asks for one instead of going on.
    await user.click(screen.getByRole('button', { name: 'Proceed' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
    expect(router.state.location.pathname).toBe('/');
    expect(screen.getByRole('alert')).toHaveTextContent(/choose/i);
    await user.click(screen.getByRole('radio', { name: /CT brain/ }));
    expect(screen.queryByRole('button', { name: 'Booking info' })).not.toBeInTheDocument();
  });

  it('the body figure is keyboard-operable and filters the exams', async () => {
    const { user } = await renderApp('/', { api });
    const head = await screen.findByRole('button', { name: 'Head' });
    head.focus();
    await user.keyboard('{Enter}');
    expect(head).toHaveAttribute('aria-pressed', 'true');
    expect(screen.getByText('1 exam found')).toBeInTheDocument();
  });
});

describe('error modal', () => {
  it('is static: Escape does not close it, its button does', async () => {
    const onClose = vi.fn();
    render(
      <I18nextProvider i18n={testI18n()}>
        <ErrorModal message="Taken" onClose={onClose} />
      </I18nextProvider>,
    );
    const dialog = screen.getByRole('alertdialog');
    expect(dialog).toHaveTextContent('Taken');
    await userEvent.keyboard('{Escape}');
    expect(onClose).not.toHaveBeenCalled();
    await userEvent.click(screen.getByRole('button', { name: 'Choose another time' }));
    expect(onClose).toHaveBeenCalledOnce();
  });
});

describe("the 'can't locate' postal code box", () => {
  const places = [
    { id: 7, code: '2000', country: 'AU', suburb: 'Sydney', latitude: -33.87, longitude: 151.21 },
    {
      id: 8,
      code: '2010',
      country: 'AU',
      suburb: 'Surry Hills',
      latitude: -33.88,
      longitude: 151.21,
    },
  ];
  function renderModal() {
    vi.stubGlobal(
      'fetch',
      vi.fn(async (input: RequestInfo | URL) => {
        const q = new URL(String(input), 'http://localhost').searchParams.get('q') ?? '';
        return jsonResponse(places.filter((place) => place.code.startsWith(q)));
      }),
    );
    const onChoose = vi.fn();
    render(
      <QueryClientProvider client={new QueryClient()}>
        <I18nextProvider i18n={testI18n()}>
          <PostalCodeModal isOpen located={false} onChoose={onChoose} onClose={() => {}} />
        </I18nextProvider>
      </QueryClientProvider>,
    );
    return { onChoose, box: screen.getByRole('textbox', { name: 'Postcode or suburb' }) };
  }

  it('Enter picks the single match, even when pressed before the results arrive', async () => {
    const { onChoose, box } = renderModal();
    await userEvent.type(box, '2000{Enter}');
    await waitFor(() => expect(onChoose).toHaveBeenCalledWith(places[0]));
  });

  it('Enter with several matches moves focus to the first of them', async () => {
    const { onChoose, box } = renderModal();
    await userEvent.type(box, '20');
    await screen.findByRole('button', { name: 'Surry Hills 2010' });
    await userEvent.keyboard('{Enter}');
    expect(screen.getByRole('button', { name: 'Sydney 2000' })).toHaveFocus();
    expect(onChoose).not.toHaveBeenCalled();
  });
});

describe('referral file types', () => {
  it('accepts only validReferralContentTypes', () => {
    const valid = ['application/pdf', 'image/png'];
    expect(isAllowedReferral(new File(['x'], 'r.pdf', { type: 'application/pdf' }), valid)).toBe(
      true,
    );
    expect(
      isAllowedReferral(new File(['x'], 'r.exe', { type: 'application/x-msdownload' }), valid),
    ).toBe(false);
  });
});
