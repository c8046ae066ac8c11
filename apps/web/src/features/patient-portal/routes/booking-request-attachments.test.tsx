import type {
  Attachment,
  BookingRequestAttachmentsResponse,
  ExamDocumentType,
} from '@portal/contract';
import { act, screen, waitFor, within } from '@testing-library/react';
import { afterEach, describe, expect, it } from 'vitest';
import { jsonResponse } from '../../../testing/fixtures.ts';
import { renderApp } from '../../../testing/render-app.tsx';
import { setViewportWidth } from '../../../testing/viewport.ts';
import { bookingRequestOf, callsTo, portalConfig, portalKey, sessionAnswer } from '../testing.ts';

// The first render loads the page's lazy route module and the documents': slow on a loaded machine.
const slow = { timeout: 20_000 };
const summary = `/api/secured/booking_requests/${portalKey}`;
const base = `${summary}/attachments`;
const referral = { id: 1, slug: 'referral', title: 'Referral', description: 'From your doctor.' };
const kidney = { id: 2, slug: 'kidney-function', title: 'Kidney function test', description: '' };
const pdfId = '5a7e8f3e-2f4a-4b6c-9d58-3d7c1a3e5f11';
const pngId = '5a7e8f3e-2f4a-4b6c-9d58-3d7c1a3e5f12';

const attachmentOf = (overrides: Partial<Attachment> = {}): Attachment => ({
  id: pdfId,
  fileName: 'referral.pdf',
  contentType: 'application/pdf',
  size: 1200,
  documentType: referral,
  appointmentId: null,
  slug: null,
  createdAt: '2031-05-01T00:00:00Z',
  updatedAt: '2031-05-01T00:00:00Z',
  ...overrides,
});

const png = attachmentOf({
  id: pngId,
  fileName: 'photo.png',
  contentType: 'image/png',
  documentType: null,
});

function needOf(type: typeof referral, required: boolean, attachments: Attachment[]) {
  const uploaded = attachments.find((attachment) => attachment.documentType?.id === type.id);
  return {
    documentTypeId: type.id,
    slug: type.slug,
    title: type.title,
    description: type.description,
    required,
    hasUploadedDocument: Boolean(uploaded),
    uploadedDocument: uploaded ? { id: uploaded.id, fileName: uploaded.fileName } : null,
  } satisfies ExamDocumentType;
}

/** Two exams: both need the referral (the second requires it), the first a kidney function test. */
function listOf(attachments: Attachment[]) {
  return jsonResponse({
    bookingKey: portalKey,
    examGroupName: null,
    exams: [
      {
        examSlug: 'mri-knee',
        examName: 'MRI knee',
        examDocumentTypes: [
          needOf(referral, false, attachments),
          needOf(kidney, false, attachments),
        ],
      },
      {
        examSlug: 'ct-abdomen',
        examName: 'CT abdomen',
        examDocumentTypes: [needOf(referral, true, attachments)],
      },
    ],
    attachments,
    importable: 0,
  } satisfies BookingRequestAttachmentsResponse);
}

function renderPage(
  api: Record<string, () => Response>,
  { status = 'RECEIVED', downloadEnabled = true } = {},
) {
  return renderApp(`/booking-requests/${portalKey}`, {
    api: {
      '/api/authentication/session': () => sessionAnswer('BOOKING_REQUEST'),
      '/api/config/patient-portal': () => portalConfig(),
      '/api/config/booking': () =>
        jsonResponse({
          validReferralContentTypes: ['application/pdf', 'image/png'],
          bookingRequestsDownloadReferralEnabled: downloadEnabled,
        }),
      [summary]: () =>
        bookingRequestOf({ status, cancellable: status === 'RECEIVED' || status === 'CONTACTED' }),
      ...api,
    },
  });
}

const section = () => screen.findByRole('region', { name: 'Documents' });
const header = () => screen.getByRole('banner');
const card = () => screen.getByRole('article', { name: 'Your request' });

afterEach(() => setViewportWidth(1366));

describe('booking request page documents', slow, () => {
  it('lists what the exams need, each once, and the documents with their links', async () => {
    await renderPage({ [`${base}/response`]: () => listOf([attachmentOf(), png]) });
    const documents = within(await section());
    expect(
      documents.getByRole('heading', { name: 'What your booking request needs' }),
    ).toBeVisible();
    const needs = documents.getAllByRole('list')[0]!;
    const items = within(needs).getAllByRole('listitem');
    expect(items.map((item) => item.querySelector('p')?.textContent)).toEqual([
      'Referral Required',
      'Kidney function test Optional',
    ]);
    expect(items[0]).toHaveTextContent('Uploaded: referral.pdf');
    expect(documents.getByRole('link', { name: 'Download referral.pdf' })).toHaveAttribute(
      'href',
      `${base}/${pdfId}/download`,
    );
    expect(
      documents.getByRole('link', { name: 'View referral.pdf (opens in a new tab)' }),
    ).toHaveAttribute('href', `${base}/${pdfId}/view`);
    expect(documents.getByRole('link', { name: 'Download photo.png' })).toBeInTheDocument();
    expect(documents.getByRole('button', { name: 'Delete photo.png' })).toBeInTheDocument();
  });

  it('uploads a document with its type and without an appointment, then lists it', async () => {
    let attachments: Attachment[] = [];
    const { user, fetchMock } = await renderPage({
      [`${base}/response`]: () => listOf(attachments),
      [base]: () => {
        attachments = [attachmentOf({ fileName: 'scan.pdf' })];
        return jsonResponse(attachments[0], 201);
      },
    });
    const documents = within(await section());
    expect(
      documents.getByText('You have not uploaded any documents for this booking request.'),
    ).toBeInTheDocument();
    await user.click(documents.getByRole('button', { name: 'Upload a document' }));
    const dialog = await screen.findByRole('dialog', { name: 'Upload a document' });
    expect(within(dialog).getByRole('combobox', { name: 'Document type' })).toHaveValue('1');
    await user.upload(
      within(dialog).getByLabelText('File'),
      new File(['%PDF-1.4'], 'scan.pdf', { type: 'application/pdf' }),
    );
    await user.click(within(dialog).getByRole('button', { name: 'Upload' }));

    expect(await documents.findByRole('link', { name: 'Download scan.pdf' })).toBeVisible();
    expect(within(card()).getByRole('status')).toHaveTextContent('scan.pdf has been uploaded.');
    const post = (fetchMock.mock.calls as unknown as Array<[string, RequestInit | undefined]>)
      .filter(([input]) => new URL(input, 'http://localhost').pathname === base)
      .map(([, init]) => init?.body);
    expect(post).toHaveLength(1);
    const fields = [...(post[0] as FormData).entries()].map(([name, value]) => [
      name,
      typeof value === 'string' ? value : value.name,
    ]);
    expect(fields).toEqual([
      ['documentTypeId', '1'],
      ['file', 'scan.pdf'],
    ]);
  });

  it('deletes a document after the confirm', async () => {
    let attachments = [attachmentOf()];
    const { user, fetchMock } = await renderPage({
      [`${base}/response`]: () => listOf(attachments),
      [`${base}/${pdfId}`]: () => {
        attachments = [];
        return new Response(null, { status: 204 });
      },
    });
    await user.click(
      await within(await section()).findByRole('button', { name: 'Delete referral.pdf' }),
    );
    const confirm = await screen.findByRole('alertdialog', { name: 'Delete this document?' });
    expect(confirm).toHaveTextContent('referral.pdf will be removed from your booking request.');
    await user.click(within(confirm).getByRole('button', { name: 'Yes, delete it' }));
    expect(
      await within(await section()).findByText(
        'You have not uploaded any documents for this booking request.',
      ),
    ).toBeInTheDocument();
    expect(callsTo(fetchMock, `${base}/${pdfId}`)).toEqual([
      { method: 'DELETE', query: {}, body: undefined },
    ]);
    await waitFor(() => expect(screen.getByRole('heading', { name: 'Documents' })).toHaveFocus());
  });

  it('shows a closed request’s documents read-only', async () => {
    await renderPage(
      { [`${base}/response`]: () => listOf([attachmentOf()]) },
      { status: 'BOOKED' },
    );
    const documents = within(await section());
    expect(await documents.findByRole('link', { name: 'Download referral.pdf' })).toBeVisible();
    for (const name of [/^Upload/, /^Replace/, /^Delete/]) {
      expect(documents.queryByRole('button', { name })).toBeNull();
    }
    expect(
      documents.getByText('Documents can only be changed while your booking request is open.'),
    ).toBeInTheDocument();
  });
});

describe('View referral', slow, () => {
  it('is not offered when the provider has it off', async () => {
    const { fetchMock } = await renderPage(
      { [`${base}/response`]: () => listOf([attachmentOf()]) },
      { downloadEnabled: false },
    );
    expect(await within(await section()).findByText('referral.pdf')).toBeInTheDocument();
    await waitFor(() => expect(callsTo(fetchMock, '/api/config/booking')).toHaveLength(1));
    // The booking config was asked for; once it is in, still no link.
    await new Promise((resolve) => setTimeout(resolve, 50));
    expect(within(header()).queryByText('View referral')).toBeNull();
  });

  it('is not offered without documents', async () => {
    await renderPage({ [`${base}/response`]: () => listOf([]) });
    await section();
    expect(within(header()).queryByText('View referral')).toBeNull();
  });

  it('links to the referral download with one document, on a desktop and a phone', async () => {
    await renderPage({ [`${base}/response`]: () => listOf([attachmentOf()]) });
    const link = await within(header()).findByRole('link', { name: 'View referral' });
    expect(link).toHaveAttribute('href', `${summary}/download`);
    act(() => setViewportWidth(390));
    expect(await within(header()).findByRole('link', { name: 'View referral' })).toHaveAttribute(
      'href',
      `${summary}/download`,
    );
  });

  it('opens the carousel viewer at the referral with several', async () => {
    // The photo first: the viewer still opens at the referral.
    const { user } = await renderPage({
      [`${base}/response`]: () => listOf([png, attachmentOf()]),
    });
    const button = await within(header()).findByRole('button', { name: 'View referral' });
    expect(button).toHaveAttribute('aria-haspopup', 'dialog');
    await user.click(button);
    const dialog = await screen.findByRole('dialog', { name: 'referral.pdf' });
    expect(within(dialog).getByText('Document 1 of 2')).toBeVisible();
    expect(
      within(dialog).getAllByRole('link', { name: 'Download referral.pdf' })[0],
    ).toHaveAttribute('href', `${base}/${pdfId}/download`);
    await user.keyboard('{Escape}');
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
    await waitFor(() => expect(button).toHaveFocus());
  });
});
