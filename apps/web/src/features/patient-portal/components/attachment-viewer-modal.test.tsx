import type { Attachment } from '@portal/contract';
import { render, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { I18nextProvider } from 'react-i18next';
import { describe, expect, it, vi } from 'vitest';
import { testI18n } from '../../../testing/render-app.tsx';
import { AttachmentInfoModal } from './attachment-info-modal.tsx';
import { AttachmentViewerModal } from './attachment-viewer-modal.tsx';

const referral = { id: 1, slug: 'referral', title: 'Referral', description: 'From your doctor.' };
const attachmentOf = (id: string, overrides: Partial<Attachment>): Attachment => ({
  id: `5a7e8f3e-2f4a-4b6c-9d58-3d7c1a3e5f${id}`,
  fileName: 'referral.pdf',
  contentType: 'application/pdf',
  size: 1_234_567,
  documentType: referral,
  appointmentId: null,
  slug: null,
  createdAt: '2031-05-01T03:04:00Z',
  updatedAt: '2031-05-01T03:04:00Z',
  ...overrides,
});
const pdf = attachmentOf('11', {});
const photo = attachmentOf('12', {
  fileName: 'photo.png',
  contentType: 'image/png',
  documentType: null,
});
const heic = attachmentOf('13', { fileName: 'scan.heic', contentType: 'image/heic' });
const fileUrl = (id: string, what: 'download' | 'view') => `/files/${id}/${what}`;

function renderViewer(startIndex: number) {
  const onClose = vi.fn();
  // A new array and a new fileUrl on every render, as the section passes them.
  const viewer = () => (
    <I18nextProvider i18n={testI18n()}>
      <button type="button">Show</button>
      <AttachmentViewerModal
        attachments={[pdf, photo, heic]}
        startIndex={startIndex}
        fileUrl={(id, what) => fileUrl(id, what)}
        isOpen
        onClose={onClose}
      />
    </I18nextProvider>
  );
  const { rerender } = render(viewer());
  return { onClose, user: userEvent.setup(), rerender: () => rerender(viewer()) };
}

const currentSlide = () =>
  screen.getAllByRole('group').find((slide) => !slide.hasAttribute('inert')) ?? null;

describe('the attachment carousel viewer', () => {
  it('opens at the document asked for, a picture from its view link', async () => {
    renderViewer(1);
    const dialog = await screen.findByRole('dialog', { name: 'photo.png' });
    expect(within(dialog).getByText('Document 2 of 3')).toBeVisible();
    expect(within(dialog).getByText('Other document')).toBeVisible();
    const slide = currentSlide();
    expect(slide).toHaveAttribute('aria-label', 'Document 2 of 3');
    expect(within(slide as HTMLElement).getByRole('img', { name: 'photo.png' })).toHaveAttribute(
      'src',
      `/files/${photo.id}/view`,
    );
    expect(within(dialog).getByRole('link', { name: 'Download photo.png' })).toHaveAttribute(
      'href',
      `/files/${photo.id}/download`,
    );
    expect(within(dialog).getByRole('button', { name: 'Zoom in' })).toBeInTheDocument();
    expect(within(dialog).getByRole('region', { name: 'Your documents' })).toBeInTheDocument();
  });

  it('shows a PDF as a card with Download and View (a new tab), and moves between documents', async () => {
    const { user, rerender } = renderViewer(0);
    const dialog = await screen.findByRole('dialog', { name: 'referral.pdf' });
    const slide = within(currentSlide() as HTMLElement);
    expect(slide.getByText('referral.pdf')).toBeVisible();
    expect(slide.getByRole('link', { name: 'Download referral.pdf' })).toHaveAttribute(
      'href',
      `/files/${pdf.id}/download`,
    );
    const view = slide.getByRole('link', { name: 'View referral.pdf (opens in a new tab)' });
    expect(view).toHaveAttribute('href', `/files/${pdf.id}/view`);
    expect(view).toHaveAttribute('target', '_blank');
    expect(view).toHaveAttribute('rel', 'noopener');
    expect(within(dialog).getByRole('button', { name: 'Previous document' })).toBeDisabled();

    await user.click(within(dialog).getByRole('button', { name: 'Next document' }));
    await user.click(within(dialog).getByRole('button', { name: 'Next document' }));
    await screen.findByRole('dialog', { name: 'scan.heic' });
    await waitFor(() => expect(currentSlide()).toHaveTextContent('scan.heic'));
    // The page renders again (its list read again): the carousel stays where the patient is.
    rerender();
    await new Promise((resolve) => setTimeout(resolve, 50));
    expect(currentSlide()).toHaveTextContent('scan.heic');
    expect(screen.getByRole('dialog', { name: 'scan.heic' })).toBeVisible();
    const file = within(currentSlide() as HTMLElement);
    expect(file.getByRole('link', { name: 'Download scan.heic' })).toBeVisible();
    expect(file.queryByRole('link', { name: /View/ })).toBeNull();
    expect(file.getByText(/cannot be shown here/)).toBeVisible();
  });
});

describe('the attachment info modal', () => {
  it('names the document type with its description, the file, its size and upload date', async () => {
    render(
      <I18nextProvider i18n={testI18n()}>
        <AttachmentInfoModal attachment={pdf} onClose={() => undefined} />
      </I18nextProvider>,
    );
    const dialog = await screen.findByRole('dialog', { name: 'Referral' });
    expect(within(dialog).getByText('From your doctor.')).toBeVisible();
    const facts = within(dialog).getByText('File name').closest('dl');
    expect(facts).toHaveTextContent('File namereferral.pdf');
    expect(facts).toHaveTextContent('Size1.2 MB');
    expect(facts).toHaveTextContent(/Uploaded1 May 2031 at \d/);
  });
});
