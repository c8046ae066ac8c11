import type { AppointmentAttachmentsResponse, Attachment } from '@portal/contract';
import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import type { Mock } from 'vitest';
import { describe, expect, it } from 'vitest';
import { errorResponse, jsonResponse } from '../../../testing/fixtures.ts';
import { renderApp } from '../../../testing/render-app.tsx';
import {
  appointmentId,
  appointmentOf,
  appointmentPageApi,
  callsTo,
  portalKey,
  summaryOf,
} from '../testing.ts';

// The first render loads the page's lazy route module and the section's: slow on a loaded machine.
const slow = { timeout: 20_000 };
const base = `/api/secured/appointments/${portalKey}/attachments`;
const referral = { id: 1, slug: 'referral', title: 'Referral', description: 'From your doctor.' };
const pdfId = '5a7e8f3e-2f4a-4b6c-9d58-3d7c1a3e5f11';
const pngId = '5a7e8f3e-2f4a-4b6c-9d58-3d7c1a3e5f12';
const reportId = '5a7e8f3e-2f4a-4b6c-9d58-3d7c1a3e5f13';

const attachmentOf = (overrides: Partial<Attachment>): Attachment => ({
  id: pdfId,
  fileName: 'referral.pdf',
  contentType: 'application/pdf',
  size: 1200,
  documentType: referral,
  appointmentId,
  slug: 'ct-head',
  createdAt: '2031-05-01T00:00:00Z',
  updatedAt: '2031-05-01T00:00:00Z',
  ...overrides,
});

/** A photo of a document, without a type. */
const photo = () =>
  attachmentOf({ id: pngId, fileName: 'photo.png', contentType: 'image/png', documentType: null });

function listOf(attachments: Attachment[], importable = 0) {
  const uploaded = attachments.find((attachment) => attachment.documentType?.id === referral.id);
  return jsonResponse({
    bookingKey: portalKey,
    appointments: [
      {
        appointmentId,
        examSlug: 'ct-head',
        examName: 'CT head',
        examDocumentTypes: [
          {
            documentTypeId: referral.id,
            slug: referral.slug,
            title: referral.title,
            description: referral.description,
            required: true,
            hasUploadedDocument: Boolean(uploaded),
            uploadedDocument: uploaded ? { id: uploaded.id, fileName: uploaded.fileName } : null,
          },
        ],
        attachments,
      },
    ],
    importable,
  } satisfies AppointmentAttachmentsResponse);
}

function renderPage(api: Record<string, () => Response | Promise<Response>>, status = 'BOOKED') {
  return renderApp(`/appointments/${portalKey}`, {
    api: {
      ...appointmentPageApi(),
      '/api/config/booking': () =>
        jsonResponse({ validReferralContentTypes: ['application/pdf', 'image/png'] }),
      [`/api/secured/appointments/${portalKey}`]: () =>
        summaryOf(appointmentOf({ status: status as 'BOOKED' })),
      ...api,
    },
  });
}

const section = () => screen.findByRole('region', { name: 'Documents' });
const pdf = () => new File(['%PDF-1.4'], 'scan.pdf', { type: 'application/pdf' });

/** The multipart fields the upload call sent, in order. */
function sentFields(fetchMock: Mock, path: string, method: string) {
  const call = (fetchMock.mock.calls as unknown as Array<[string, RequestInit | undefined]>).find(
    ([input, init]) =>
      new URL(input, 'http://localhost').pathname === path && init?.method === method,
  );
  const body = call?.[1]?.body;
  if (!(body instanceof FormData)) return null;
  return [...body.entries()].map(
    ([name, value]) => [name, typeof value === 'string' ? value : value.name] as const,
  );
}

describe('appointment page documents', slow, () => {
  it('lists what the exam needs and the documents, with download and (PDF only) view links', async () => {
    await renderPage({
      [`${base}/response`]: () => listOf([attachmentOf({}), photo()]),
    });
    const documents = within(await section());
    expect(await documents.findByText('Uploaded: referral.pdf')).toBeInTheDocument();
    expect(documents.getByText('Required')).toBeInTheDocument();
    expect(documents.getByText('From your doctor.')).toBeInTheDocument();
    expect(documents.getByRole('heading', { name: 'Other documents' })).toBeInTheDocument();
    expect(documents.getByRole('link', { name: 'Download referral.pdf' })).toHaveAttribute(
      'href',
      `${base}/${pdfId}/download`,
    );
    const view = documents.getByRole('link', { name: 'View referral.pdf (opens in a new tab)' });
    expect(view).toHaveAttribute('href', `${base}/${pdfId}/view`);
    expect(view).toHaveAttribute('target', '_blank');
    expect(view).toHaveAttribute('rel', 'noopener');
    expect(documents.getByRole('link', { name: 'Download photo.png' })).toBeInTheDocument();
    expect(documents.queryByRole('link', { name: /View photo\.png/ })).toBeNull();
    expect(documents.getByRole('button', { name: 'Replace photo.png' })).toBeInTheDocument();
    expect(documents.getByRole('button', { name: 'Upload a document' })).toBeInTheDocument();
  });

  it('shows a cancelled appointment’s documents read-only', async () => {
    await renderPage({ [`${base}/response`]: () => listOf([attachmentOf({})]) }, 'CANCELED');
    const documents = within(await section());
    expect(await documents.findByRole('link', { name: 'Download referral.pdf' })).toBeVisible();
    // Reading stays: Show and About; nothing that changes the documents.
    expect(documents.getAllByRole('button').map((button) => button.textContent)).toEqual([
      'Show',
      'About',
    ]);
  });

  it('uploads a document with its type, then lists it and says so', async () => {
    let attachments: Attachment[] = [];
    const { user, fetchMock } = await renderPage({
      [`${base}/response`]: () => listOf(attachments),
      [base]: () => {
        attachments = [attachmentOf({ fileName: 'scan.pdf' })];
        return jsonResponse(attachments[0], 201);
      },
    });
    await user.click(
      await within(await section()).findByRole('button', { name: 'Upload a document' }),
    );
    const dialog = await screen.findByRole('dialog', { name: 'Upload a document' });
    expect(within(dialog).getByRole('combobox', { name: 'Document type' })).toHaveValue('1');
    await user.upload(within(dialog).getByLabelText('File'), pdf());
    await user.click(within(dialog).getByRole('button', { name: 'Upload' }));

    const documents = within(await section());
    expect(await documents.findByRole('link', { name: 'Download scan.pdf' })).toBeVisible();
    expect(
      within(screen.getByRole('article', { name: 'CT head' })).getByRole('status'),
    ).toHaveTextContent('scan.pdf has been uploaded.');
    expect(sentFields(fetchMock, base, 'POST')).toEqual([
      ['documentTypeId', '1'],
      ['appointmentId', appointmentId],
      ['file', 'scan.pdf'],
    ]);
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
  });

  it('refuses a file of another type before sending it', async () => {
    const { user, fetchMock } = await renderPage({ [`${base}/response`]: () => listOf([]) });
    await user.click(
      await within(await section()).findByRole('button', { name: 'Upload a document' }),
    );
    const dialog = await screen.findByRole('dialog', { name: 'Upload a document' });
    const input = within(dialog).getByLabelText<HTMLInputElement>('File');
    // The provider's types load with the booking configuration, then the field names them.
    await within(dialog).findByText('Allowed file types: PDF, PNG');
    // The picker's accept filter aside (a patient may choose "All files"): the page checks too.
    fireEvent.change(input, {
      target: { files: [new File(['<html>'], 'page.html', { type: 'text/html' })] },
    });
    expect(await within(dialog).findByRole('alert')).toHaveTextContent(
      'The referral must be one of these file types: PDF, PNG.',
    );
    expect(input.value).toBe('');
    expect(callsTo(fetchMock, base)).toEqual([]);
  });

  it('checks a file chosen before the provider’s types had loaded when it is sent', async () => {
    let answerConfig = () => {};
    const config = new Promise<Response>((resolve) => {
      answerConfig = () =>
        resolve(jsonResponse({ validReferralContentTypes: ['application/pdf', 'image/png'] }));
    });
    const { user, fetchMock } = await renderPage({
      [`${base}/response`]: () => listOf([]),
      '/api/config/booking': () => config,
    });
    await user.click(
      await within(await section()).findByRole('button', { name: 'Upload a document' }),
    );
    const dialog = await screen.findByRole('dialog', { name: 'Upload a document' });
    fireEvent.change(within(dialog).getByLabelText('File'), {
      target: { files: [new File(['<html>'], 'page.html', { type: 'text/html' })] },
    });
    expect(within(dialog).queryByRole('alert')).toBeNull();
    answerConfig();
    await within(dialog).findByText('Allowed file types: PDF, PNG');
    await user.click(within(dialog).getByRole('button', { name: 'Upload' }));
    expect(await within(dialog).findByRole('alert')).toHaveTextContent(
      'The referral must be one of these file types: PDF, PNG.',
    );
    expect(callsTo(fetchMock, base)).toEqual([]);
  });

  it('says why the server refused an upload, on the document type too', async () => {
    const { user } = await renderPage({
      [`${base}/response`]: () => listOf([]),
      [base]: () => errorResponse(413, 'FILE_TOO_LARGE', 'Too large'),
    });
    await user.click(
      await within(await section()).findByRole('button', { name: 'Upload a document' }),
    );
    const dialog = await screen.findByRole('dialog', { name: 'Upload a document' });
    await user.upload(within(dialog).getByLabelText('File'), pdf());
    await user.click(within(dialog).getByRole('button', { name: 'Upload' }));
    const message = 'The file is too large. Choose a smaller file.';
    expect(await within(dialog).findByRole('alert')).toHaveTextContent(message);
    await user.click(within(dialog).getByRole('button', { name: 'Cancel' }));
    const referralItem = within(await section())
      .getByText('Referral', { exact: false })
      .closest('li');
    expect(referralItem).toHaveTextContent(`scan.pdf was not uploaded. ${message}`);
  });

  it('deletes a document after the confirm, and keeps focus on the page', async () => {
    let attachments = [attachmentOf({})];
    const { user, fetchMock } = await renderPage({
      [`${base}/response`]: () => listOf(attachments),
      [`${base}/${pdfId}`]: () => {
        attachments = [];
        return new Response(null, { status: 204 });
      },
    });
    const remove = await within(await section()).findByRole('button', {
      name: 'Delete referral.pdf',
    });
    await user.click(remove);
    const confirm = await screen.findByRole('alertdialog', { name: 'Delete this document?' });
    await user.click(within(confirm).getByRole('button', { name: 'No, keep it' }));
    await waitFor(() => expect(remove).toHaveFocus());
    expect(callsTo(fetchMock, `${base}/${pdfId}`)).toEqual([]);

    await user.click(remove);
    const again = await screen.findByRole('alertdialog', { name: 'Delete this document?' });
    await user.click(within(again).getByRole('button', { name: 'Yes, delete it' }));
    const documents = within(await section());
    expect(
      await documents.findByText('You have not uploaded any documents for this appointment.'),
    ).toBeInTheDocument();
    expect(callsTo(fetchMock, `${base}/${pdfId}`)).toEqual([
      { method: 'DELETE', query: {}, body: undefined },
    ]);
    expect(
      within(screen.getByRole('article', { name: 'CT head' })).getByRole('status'),
    ).toHaveTextContent('referral.pdf has been deleted.');
    await waitFor(() => expect(screen.getByRole('heading', { name: 'Documents' })).toHaveFocus());
  });

  it('takes the documents uploaded while booking onto the appointment once, and lists them', async () => {
    let imported = false;
    const { fetchMock } = await renderPage({
      [`${base}/response`]: () =>
        imported ? listOf([attachmentOf({ fileName: 'while booking.pdf' })]) : listOf([], 1),
      [`${base}/imported`]: () => {
        imported = true;
        return jsonResponse({ imported: 1, attachments: [] });
      },
    });
    const documents = within(await section());
    expect(
      await documents.findByRole('link', { name: 'Download while booking.pdf' }),
    ).toBeVisible();
    expect(callsTo(fetchMock, `${base}/imported`)).toEqual([
      { method: 'POST', query: {}, body: undefined },
    ]);
  });

  it('groups the documents under their type, the exam’s types first and untyped ones last', async () => {
    const report = { id: 2, slug: 'report', title: 'Previous report', description: '' };
    await renderPage({
      [`${base}/response`]: () =>
        listOf([
          photo(),
          attachmentOf({ id: reportId, fileName: 'report.pdf', documentType: report }),
          attachmentOf({}),
        ]),
    });
    const documents = within(await section());
    await documents.findByRole('heading', { name: 'Other documents' });
    // Each type's heading, and the file names in the list under it.
    const order = documents.getAllByRole('heading', { level: 5 }).map((heading) => [
      heading.textContent,
      ...within(heading.nextElementSibling as HTMLElement)
        .getAllByRole('listitem')
        .map((item) => item.firstElementChild?.textContent),
    ]);
    expect(order).toEqual([
      ['Referral', 'referral.pdf'],
      ['Previous report', 'report.pdf'],
      ['Other documents', 'photo.png'],
    ]);
  });

  it('opens the carousel at the document shown, and gives focus back on close', async () => {
    const { user } = await renderPage({
      [`${base}/response`]: () => listOf([attachmentOf({}), photo()]),
    });
    const show = await within(await section()).findByRole('button', { name: 'Show photo.png' });
    await user.click(show);
    const dialog = await screen.findByRole('dialog', { name: 'photo.png' }, slow);
    expect(within(dialog).getByText('Document 2 of 2')).toBeVisible();
    expect(within(dialog).getByRole('img', { name: 'photo.png' })).toHaveAttribute(
      'src',
      `${base}/${pngId}/view`,
    );
    await user.click(within(dialog).getByRole('button', { name: 'Previous document' }));
    await screen.findByRole('dialog', { name: 'referral.pdf' });
    await user.keyboard('{Escape}');
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
    await waitFor(() => expect(show).toHaveFocus());
  });

  it('says what a document is in the attachment info modal', async () => {
    const { user } = await renderPage({
      [`${base}/response`]: () => listOf([attachmentOf({ size: 48_000 })]),
    });
    await user.click(
      await within(await section()).findByRole('button', { name: 'About referral.pdf' }),
    );
    const dialog = await screen.findByRole('dialog', { name: 'Referral' }, slow);
    expect(dialog).toHaveTextContent('From your doctor.');
    expect(dialog).toHaveTextContent('File namereferral.pdf');
    expect(dialog).toHaveTextContent('Size48 kB');
    expect(dialog).toHaveTextContent(/Uploaded1 May 2031 at/);
  });
});
