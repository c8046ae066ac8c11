import { screen, waitFor } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { errorResponse, jsonResponse } from '../../../testing/fixtures.ts';
import { renderApp } from '../../../testing/render-app.tsx';
import { imsec, reportPath, requestsTo, viewerApi } from './image-viewer-testing.ts';

const slow = { timeout: 20_000 };

describe('referrer access page', slow, () => {
  it('keeps Open images disabled until the link, a name and a valid e-mail are given', async () => {
    const { user } = await renderApp('/referrer-access');
    expect(screen.getByRole('heading', { level: 1 })).toHaveTextContent('Referrer access');
    const submit = screen.getByRole('button', { name: 'Open images' });
    expect(submit).toBeDisabled();
    await user.type(screen.getByLabelText(/Image link or accession number/), 'ACC-1001');
    await user.type(screen.getByLabelText('Your full name'), 'Dr Jane Smith');
    await user.type(screen.getByLabelText('Your e-mail address'), 'jane.smith@');
    expect(submit).toBeDisabled();
    await user.type(screen.getByLabelText('Your e-mail address'), 'radiology.example.org');
    expect(submit).toBeEnabled();
    await user.clear(screen.getByLabelText('Your full name'));
    await user.type(screen.getByLabelText('Your full name'), '   ');
    expect(submit).toBeDisabled();
  });

  it('sends the token of a pasted link with the name and e-mail, then opens the viewer', async () => {
    const { user, router, fetchMock } = await renderApp('/referrer-access', {
      api: {
        ...viewerApi(),
        '/api/image_viewer/direct': () =>
          jsonResponse({ url: `${window.location.origin}${reportPath}` }),
      },
    });
    await user.type(
      screen.getByLabelText(/Image link or accession number/),
      `https://portal.example.org/referrer-report?imsec=${imsec}&repositorySource=COMRAD`,
    );
    await user.type(screen.getByLabelText('Your full name'), ' Dr Jane Smith ');
    await user.type(screen.getByLabelText('Your e-mail address'), 'jane@radiology.example.org');
    await user.keyboard('{Enter}');
    await waitFor(() => expect(router.state.location.pathname).toBe('/referrer-report'));
    expect(requestsTo(fetchMock, '/api/image_viewer/direct')).toEqual([
      {
        method: 'POST',
        query: {},
        body: { input: imsec, username: 'Dr Jane Smith', email: 'jane@radiology.example.org' },
      },
    ]);
    expect(await screen.findByRole('application', { name: 'Image' })).toBeInTheDocument();
  });

  it('says message.user_not_have_access_to_images when refused, and lets them try again', async () => {
    const { user } = await renderApp('/referrer-access?imsec=ACC-1001', {
      api: {
        '/api/image_viewer/direct': () => errorResponse(403, 'USER_NOT_HAVE_ACCESS_TO_IMAGES'),
      },
    });
    expect(screen.getByLabelText(/Image link or accession number/)).toHaveValue('ACC-1001');
    await user.type(screen.getByLabelText('Your full name'), 'Dr Jane Smith');
    await user.type(screen.getByLabelText('Your e-mail address'), 'jane@elsewhere.example.com');
    await user.click(screen.getByRole('button', { name: 'Open images' }));
    expect(await screen.findByRole('alert')).toHaveTextContent(
      'You do not have access to these images.',
    );
    expect(screen.getByRole('button', { name: 'Open images' })).toBeEnabled();
  });

  it('says message.error_generating_images_url for any other failure', async () => {
    const { user } = await renderApp('/referrer-access?input=ACC-1001', {
      api: { '/api/image_viewer/direct': () => errorResponse(502, 'PACS_UNAVAILABLE') },
    });
    await user.type(screen.getByLabelText('Your full name'), 'Dr Jane Smith');
    await user.type(screen.getByLabelText('Your e-mail address'), 'jane@radiology.example.org');
    await user.click(screen.getByRole('button', { name: 'Open images' }));
    expect(await screen.findByRole('alert')).toHaveTextContent('We could not open these images.');
  });
});
