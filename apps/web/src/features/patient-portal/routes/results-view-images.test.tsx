import { screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { errorResponse, jsonResponse } from '../../../testing/fixtures.ts';
import { renderApp } from '../../../testing/render-app.tsx';
import { callsTo, portalKey } from '../testing.ts';
import {
  olderResultId,
  ownerPageApi,
  ownerResultsPath,
  resultOf,
  resultsOf,
} from './results-testing.ts';

const slow = { timeout: 20_000 };
const generatePath = '/api/image_viewer/generate';
const withImages = () =>
  resultsOf({
    results: [
      resultOf({ imagesAvailable: true, accessionNumber: 'ACC-1001' }),
      // Released, but the PACS has no study: no button, the card says so.
      resultOf({
        appointmentId: olderResultId,
        startsAt: '2031-04-01T23:00:00Z',
        exam: { name: 'MRI knee', modalityName: 'MRI' },
      }),
    ],
  });

describe('results page, View images', slow, () => {
  it('offers View images only on a result whose images exist, and opens its link', async () => {
    const viewerUrl = `${window.location.origin}/referrer-report?imsec=abc.def.ghi&repositorySource=PORTAL`;
    const { user, router, fetchMock } = await renderApp(`/appointments/${portalKey}/result`, {
      api: {
        ...ownerPageApi(),
        [ownerResultsPath]: withImages,
        [generatePath]: () =>
          jsonResponse({
            url: viewerUrl,
            imageViewerLinkStatus: 'ACTIVE',
            redirectUrl: null,
            preference: 'PORTAL',
            pacsUrl: null,
          }),
      },
    });
    const ct = await screen.findByRole('article', { name: 'CT head' });
    const mri = screen.getByRole('article', { name: 'MRI knee' });
    expect(within(mri).queryByRole('button', { name: /View images/ })).not.toBeInTheDocument();
    expect(within(mri).getByText('Images are not available yet.')).toBeInTheDocument();
    await user.click(within(ct).getByRole('button', { name: 'View images: CT head' }));
    await waitFor(() => expect(router.state.location.pathname).toBe('/referrer-report'));
    expect(router.state.location.search).toBe('?imsec=abc.def.ghi&repositorySource=PORTAL');
    expect(callsTo(fetchMock, generatePath)).toEqual([
      { method: 'POST', query: { accessionNumber: 'ACC-1001' }, body: undefined },
    ]);
  });

  it("says message.user_not_have_access_to_images when the study is not the patient's", async () => {
    const { user } = await renderApp(`/appointments/${portalKey}/result`, {
      api: {
        ...ownerPageApi(),
        [ownerResultsPath]: withImages,
        [generatePath]: () => errorResponse(403, 'IMAGE_ACCESSION_FORBIDDEN'),
      },
    });
    const ct = await screen.findByRole('article', { name: 'CT head' });
    await user.click(within(ct).getByRole('button', { name: 'View images: CT head' }));
    expect(await within(ct).findByRole('alert')).toHaveTextContent(
      'You do not have access to these images.',
    );
  });

  it('says message.error_generating_images_url when the PACS is down', async () => {
    const { user } = await renderApp(`/appointments/${portalKey}/result`, {
      api: {
        ...ownerPageApi(),
        [ownerResultsPath]: withImages,
        [generatePath]: () => errorResponse(502, 'PACS_UNAVAILABLE'),
      },
    });
    const ct = await screen.findByRole('article', { name: 'CT head' });
    await user.click(within(ct).getByRole('button', { name: 'View images: CT head' }));
    expect(await within(ct).findByRole('alert')).toHaveTextContent(
      'We could not open these images.',
    );
    expect(within(ct).getByRole('button', { name: /View images/ })).toBeEnabled();
  });
});
