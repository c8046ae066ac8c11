import { act, render, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { I18nextProvider } from 'react-i18next';
import { beforeAll, describe, expect, it, vi } from 'vitest';
import { testI18n } from '../../../testing/render-app.tsx';
import { stubResizeObserver, tinyQuestionnaire } from '../testing.ts';
import { QuestionnaireModal, type QuestionnaireModalProps } from './questionnaire-modal.tsx';

// Under load (2 cores, several test runs) saving and navigating can take seconds.
const slow = { timeout: 10_000 };

beforeAll(stubResizeObserver);

function renderModal(props: Partial<QuestionnaireModalProps> = {}) {
  const onSubmit = vi.fn(async (_result: string) => {});
  const onSaved = vi.fn();
  const onClose = vi.fn();
  const i18n = testI18n();
  render(
    <I18nextProvider i18n={i18n}>
      <QuestionnaireModal
        questionnaire={tinyQuestionnaire()}
        onSubmit={onSubmit}
        onSaved={onSaved}
        onClose={onClose}
        {...props}
      />
    </I18nextProvider>,
  );
  return { onSubmit, onSaved, onClose, user: userEvent.setup(), i18n };
}

/** The survey is a lazy chunk; its question shows once SurveyJS has rendered. */
const question = () => screen.findByRole('radiogroup', {}, { timeout: 15_000 });

// SurveyJS renders slowly in jsdom, more so on a loaded machine
// (docs/product/questionnaires.md#testing-notes).
describe('QuestionnaireModal', { timeout: 30_000 }, () => {
  it('is sized by modalSize lowercased, lg by default', async () => {
    renderModal({ questionnaire: tinyQuestionnaire({ modalSize: 'SM' }) });
    const dialog = await screen.findByRole('dialog', { name: 'MRI safety' });
    expect(dialog).toHaveAttribute('data-modal-size', 'sm');
    await question();
  });

  it('falls back to lg for a size it does not know', async () => {
    renderModal({ questionnaire: { ...tinyQuestionnaire(), modalSize: undefined as never } });
    expect(await screen.findByRole('dialog')).toHaveAttribute('data-modal-size', 'lg');
    await question();
  });

  it('shows a close control for screening but none for pain score, protocol or booking form', async () => {
    renderModal();
    await question();
    expect(screen.getByRole('button', { name: 'Close questionnaire' })).toBeInTheDocument();
  });

  it.each(['PAIN_SCORE_INITIAL', 'PAIN_SCORE_FINAL', 'PROTOCOL', 'BOOKING_FORM'] as const)(
    '%s has no close control',
    async (type) => {
      renderModal({ questionnaire: tinyQuestionnaire({ type }) });
      await question();
      expect(screen.queryByRole('button', { name: 'Close questionnaire' })).toBeNull();
    },
  );

  it('is not closed by Escape (static, keyboard close disabled)', async () => {
    const { user, onClose } = renderModal();
    await question();
    await user.keyboard('{Escape}');
    expect(screen.getByRole('dialog', { name: 'MRI safety' })).toBeInTheDocument();
    expect(onClose).not.toHaveBeenCalled();
  });

  it('closes at once without showClosingConfirmation', async () => {
    const { user, onClose } = renderModal();
    await question();
    await user.click(screen.getByRole('button', { name: 'Close questionnaire' }));
    expect(onClose).toHaveBeenCalledTimes(1);
  });

  it('asks before closing with showClosingConfirmation', async () => {
    const { user, onClose } = renderModal({
      questionnaire: tinyQuestionnaire({ showClosingConfirmation: true }),
    });
    await question();
    await user.click(screen.getByRole('button', { name: 'Close questionnaire' }));
    const confirm = await screen.findByRole('alertdialog', { name: 'Leave this questionnaire?' });
    expect(onClose).not.toHaveBeenCalled();
    await user.click(screen.getByRole('button', { name: 'Keep answering' }));
    await waitFor(() => expect(confirm).not.toBeInTheDocument(), slow);
    expect(onClose).not.toHaveBeenCalled();

    await user.click(screen.getByRole('button', { name: 'Close questionnaire' }));
    await user.click(await screen.findByRole('button', { name: 'Leave the questionnaire' }));
    expect(onClose).toHaveBeenCalledTimes(1);
  });

  it('saves survey.data as JSON text, then reports it saved', async () => {
    const { user, onSubmit, onSaved } = renderModal();
    await question();
    await user.click(screen.getByRole('radio', { name: 'No' }));
    await user.click(screen.getByRole('button', { name: 'Complete' }));
    await waitFor(() => expect(onSaved).toHaveBeenCalledTimes(1), slow);
    expect(onSubmit).toHaveBeenCalledWith(JSON.stringify({ pacemaker: 'no' }));
  });

  it('does not complete a required question left blank', async () => {
    const { user, onSubmit } = renderModal();
    await question();
    await user.click(screen.getByRole('button', { name: 'Complete' }));
    expect(await screen.findByText(/response required/i)).toBeInTheDocument();
    expect(onSubmit).not.toHaveBeenCalled();
  });

  it('announces a failed save and keeps the answers for another try', async () => {
    const onSubmit = vi
      .fn(async (_result: string) => {})
      .mockRejectedValueOnce(new Error('We could not save your answers.'));
    const { user, onSaved } = renderModal({ onSubmit });
    await question();
    await user.click(screen.getByRole('radio', { name: 'Yes' }));
    await user.click(screen.getByRole('button', { name: 'Complete' }));
    expect(await screen.findByRole('alert')).toHaveTextContent('We could not save your answers.');
    expect(onSaved).not.toHaveBeenCalled();
    expect(screen.getByRole('radio', { name: 'Yes' })).toBeChecked();

    await user.click(screen.getByRole('button', { name: 'Complete' }));
    await waitFor(() => expect(onSaved).toHaveBeenCalledTimes(1), slow);
    expect(onSubmit).toHaveBeenLastCalledWith(JSON.stringify({ pacemaker: 'yes' }));
  });

  it('names a yes/no question shown as radios by its title (SurveyJS leaves it unnamed)', async () => {
    renderModal({
      questionnaire: tinyQuestionnaire({
        definition: {
          elements: [
            {
              type: 'boolean',
              name: 'pacemaker',
              title: 'Do you have a pacemaker?',
              isRequired: true,
              renderAs: 'radio',
            },
          ],
        },
      }),
    });
    const group = await screen.findByRole(
      'radiogroup',
      { name: 'Do you have a pacemaker?' },
      { timeout: 15_000 },
    );
    expect(group).toHaveAttribute('aria-required', 'true');
    expect(within(group).getAllByRole('radio')).toHaveLength(2);
  });

  it("keeps the provider's questionnaireCss after SurveyJS's stylesheet, so it wins ties", async () => {
    const provider = document.createElement('style');
    provider.dataset.style = 'questionnaire';
    provider.textContent = '.sd-btn { background: #123456; }';
    document.head.append(provider);
    // What loading the survey chunk does: its stylesheet lands after the provider's style.
    document.head.append(document.createElement('link'));
    renderModal();
    await question();
    expect(document.head.lastElementChild).toBe(provider);
  });

  it('speaks Macedonian in its survey when the app does', async () => {
    const { i18n } = renderModal();
    await act(async () => {
      await i18n.changeLanguage('mk');
    });
    await question();
    expect(await screen.findByRole('button', { name: 'Заврши' })).toBeInTheDocument();
  });
});
