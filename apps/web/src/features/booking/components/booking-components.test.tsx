import { render, screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { I18nextProvider } from 'react-i18next';
import { describe, expect, it, vi } from 'vitest';
import { jsonResponse } from '../../../testing/fixtures.ts';
import { renderApp, testI18n } from '../../../testing/render-app.tsx';
import { ErrorModal } from './error-modal.tsx';
import { isAllowedReferral } from './patient-form.tsx';

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
