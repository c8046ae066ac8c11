import { act, fireEvent, screen, waitFor, within } from '@testing-library/react';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import { errorResponse, jsonResponse } from '../../../testing/fixtures.ts';
import { renderApp } from '../../../testing/render-app.tsx';
import { leavePortal } from '../model/leave-portal.ts';
import {
  frameError,
  framePaths,
  imsec,
  linkAnswer,
  reportPath,
  requestsTo,
  stubObjectUrls,
  study,
  viewerApi,
} from './image-viewer-testing.ts';

vi.mock('../model/leave-portal.ts', () => ({ leavePortal: vi.fn() }));

// The first render loads the page's lazy route module and the viewer's chunk.
const slow = { timeout: 20_000 };

beforeEach(() => {
  stubObjectUrls();
  vi.mocked(leavePortal).mockClear();
});

const viewerOf = () => screen.findByRole('application', { name: 'Image' }, { timeout: 10_000 });
const positionText = () => screen.getByText(/^Image \d+ of \d+$/).textContent;

describe('image viewer report page, the link', slow, () => {
  it('asks GET /api/image_viewer with the imsec and source, then shows the study', async () => {
    const { fetchMock } = await renderApp(reportPath, { api: viewerApi() });
    expect(screen.getByRole('heading', { level: 1 })).toHaveTextContent('Image viewer');
    await viewerOf();
    expect(requestsTo(fetchMock, '/api/image_viewer')[0]?.query).toEqual({
      input: imsec,
      repositorySource: 'COMRAD',
    });
    expect(screen.getByRole('heading', { name: /CT head/ })).toBeInTheDocument();
    // The study and its frames are read with the imsec as a Bearer header, not a cookie.
    const calls = fetchMock.mock.calls as unknown as [string, RequestInit | undefined][];
    const studyCall = calls.find(([input]) => input.startsWith('/api/image_viewer/study'));
    expect(studyCall?.[1]).toMatchObject({
      headers: { Authorization: `Bearer ${imsec}` },
      credentials: 'omit',
    });
    const img = await screen.findByRole('img', { name: 'Series 1: Axial, Image 1 of 3' });
    expect(img).toHaveAttribute('src', expect.stringMatching(/^blob:frame-/));
    // No open-PACS link without a pacsUrl; no feedback button while the feature is off.
    expect(screen.queryByRole('link', { name: /PACS/ })).not.toBeInTheDocument();
    expect(screen.queryByRole('link', { name: /feedback/ })).not.toBeInTheDocument();
  });

  it('offers the PACS viewer and the report feedback when configured', async () => {
    await renderApp(reportPath, {
      api: viewerApi({ link: () => linkAnswer({ pacsUrl: 'https://pacs.example.org/viewer' }) }),
      config: { application: { referrerReportQualityFeedbackEnabled: true } },
    });
    await viewerOf();
    const pacs = screen.getByRole('link', { name: /Open in the PACS viewer/ });
    expect(pacs).toHaveAttribute('href', 'https://pacs.example.org/viewer');
    expect(pacs).toHaveAttribute('rel', 'noopener noreferrer');
    expect(screen.getByRole('link', { name: 'Give feedback on this report' })).toHaveAttribute(
      'href',
      `/referrer/report-feedback?imsec=${encodeURIComponent(imsec)}`,
    );
  });

  it('keeps the embeddable shell: under /iframe/ the feedback link stays under /iframe/', async () => {
    await renderApp(`/iframe${reportPath}`, {
      api: viewerApi(),
      config: { application: { referrerReportQualityFeedbackEnabled: true } },
    });
    await viewerOf();
    expect(screen.getByRole('link', { name: 'Give feedback on this report' })).toHaveAttribute(
      'href',
      `/iframe/referrer/report-feedback?imsec=${encodeURIComponent(imsec)}`,
    );
  });

  it('sends an EXPIRED link to its redirect, and fetches no study', async () => {
    const { router, fetchMock } = await renderApp(reportPath, {
      api: viewerApi({
        link: () =>
          linkAnswer({
            url: null,
            imageViewerLinkStatus: 'EXPIRED',
            redirectUrl: `${window.location.origin}/about`,
          }),
      }),
    });
    await waitFor(() => expect(router.state.location.pathname).toBe('/about'));
    expect(requestsTo(fetchMock, '/api/image_viewer/study')).toEqual([]);
  });

  it("goes to the PACS's own viewer when the provider prefers it", async () => {
    const { fetchMock } = await renderApp(reportPath, {
      api: viewerApi({
        link: () => linkAnswer({ preference: 'PACS', pacsUrl: 'https://pacs.example.org/v?s=1' }),
      }),
    });
    await waitFor(() => expect(leavePortal).toHaveBeenCalledWith('https://pacs.example.org/v?s=1'));
    expect(requestsTo(fetchMock, '/api/image_viewer/study')).toEqual([]);
  });

  it('never leaves for a javascript: address', async () => {
    await renderApp(reportPath, {
      api: viewerApi({
        link: () => linkAnswer({ preference: 'PACS', pacsUrl: 'javascript:alert(1)' }),
      }),
    });
    await new Promise((resolve) => setTimeout(resolve, 100));
    expect(leavePortal).not.toHaveBeenCalled();
  });

  it('says message.error_generating_images_url for an answer without url, and without imsec', async () => {
    await renderApp(reportPath, { api: viewerApi({ link: () => linkAnswer({ url: null }) }) });
    expect(await screen.findByRole('alert')).toHaveTextContent(
      'We could not open these images. Please try again later, or contact the clinic.',
    );
  });

  it('says the link could not be made, in red, when the call fails', async () => {
    await renderApp(reportPath, {
      api: viewerApi({ link: () => errorResponse(403, 'IMAGE_VIEWER_TOKEN_FORBIDDEN') }),
    });
    const alert = await screen.findByRole('alert');
    expect(alert).toHaveTextContent('Error generating the link to these images.');
    expect(alert.className).toMatch(/error/);
  });

  it('warns that images are not available for a study without any, or one the PACS lacks', async () => {
    await renderApp(reportPath, {
      api: viewerApi({ study: () => jsonResponse({ ...study, series: [] }) }),
    });
    const warning = await screen.findByText('Images are not available for this study.');
    expect(warning).toHaveAttribute('role', 'status');
  });

  it('warns the same when the proxy answers IMAGE_STUDY_NOT_FOUND', async () => {
    await renderApp(reportPath, {
      api: viewerApi({ study: () => errorResponse(404, 'IMAGE_STUDY_NOT_FOUND') }),
    });
    expect(await screen.findByText('Images are not available for this study.')).toBeInTheDocument();
  });

  it('offers another try when the PACS is down', async () => {
    await renderApp(reportPath, {
      api: viewerApi({ study: () => errorResponse(502, 'PACS_UNAVAILABLE') }),
    });
    expect(await screen.findByRole('button', { name: 'Try again' })).toBeInTheDocument();
  });

  it('without an imsec asks nothing and says the link is missing', async () => {
    const { fetchMock } = await renderApp('/referrer-report', { api: viewerApi() });
    expect(await screen.findByRole('alert')).toHaveTextContent('We could not open these images.');
    expect(requestsTo(fetchMock, '/api/image_viewer')).toEqual([]);
  });
});

describe('the embedded viewer', slow, () => {
  it('moves through the series with the keys, and says where it is once the patient pauses', async () => {
    const { user } = await renderApp(reportPath, { api: viewerApi() });
    const viewer = await viewerOf();
    await screen.findByRole('img', { name: /Image 1 of 3/ });
    const live = viewer.closest('section')?.querySelector('[aria-live="polite"]');
    expect(live?.textContent).toBe('');
    viewer.focus();
    await user.keyboard('{ArrowDown}');
    expect(positionText()).toBe('Image 2 of 3');
    await user.keyboard('{End}');
    expect(positionText()).toBe('Image 3 of 3');
    await user.keyboard('{ArrowDown}');
    expect(positionText()).toBe('Image 3 of 3');
    await user.keyboard('{Home}');
    expect(positionText()).toBe('Image 1 of 3');
    await user.keyboard('{PageDown}');
    expect(positionText()).toBe('Image 2 of 3');
    // One announcement, of where the keys stopped, not one for each key.
    await waitFor(() => expect(live?.textContent).toBe('Series 1: Axial. Image 2 of 3'));
    expect(screen.getByRole('img', { name: 'Series 1: Axial, Image 2 of 3' })).toBeInTheDocument();
  });

  it('preloads the neighbours of the image shown', async () => {
    const { fetchMock } = await renderApp(reportPath, { api: viewerApi() });
    await viewerOf();
    const [first, second, third] = framePaths();
    await waitFor(() => {
      for (const path of [first, second, third]) {
        expect(requestsTo(fetchMock, path ?? '')).toHaveLength(1);
      }
    });
  });

  it('zooms with + and -, the buttons and Fit, between 100% and 300%', async () => {
    const { user } = await renderApp(reportPath, { api: viewerApi() });
    const viewer = await viewerOf();
    viewer.focus();
    await user.keyboard('+');
    expect(screen.getByText('Zoom 150%')).toBeInTheDocument();
    const zoomIn = screen.getByRole('button', { name: 'Zoom in' });
    await user.click(zoomIn);
    await user.click(zoomIn);
    await user.click(zoomIn);
    expect(screen.getByText('Zoom 300%')).toBeInTheDocument();
    const img = screen.getByRole('img', { name: /Image 1 of 3/ });
    expect(img.style.transform).toContain('scale(3)');
    await user.click(screen.getByRole('button', { name: 'Zoom out' }));
    expect(screen.getByText('Zoom 250%')).toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: 'Fit' }));
    expect(screen.getByText('Zoom 100%')).toBeInTheDocument();
    viewer.focus();
    await user.keyboard('-');
    expect(screen.getByText('Zoom 100%')).toBeInTheDocument();
  });

  it('moves with the slider and the previous and next buttons', async () => {
    const { user } = await renderApp(reportPath, { api: viewerApi() });
    await viewerOf();
    const slider = screen.getByRole('slider', { name: 'Image in series' });
    expect(slider).toHaveAttribute('aria-valuetext', 'Image 1 of 3');
    await user.click(screen.getByRole('button', { name: 'Next image' }));
    expect(slider).toHaveAttribute('aria-valuetext', 'Image 2 of 3');
    // jsdom has no range keys: a change is what a browser's slider sends for them.
    fireEvent.change(slider, { target: { value: '3' } });
    expect(positionText()).toBe('Image 3 of 3');
    await user.click(screen.getByRole('button', { name: 'Previous image' }));
    expect(positionText()).toBe('Image 2 of 3');
  });

  it('chooses another series from the list, starting at its first image', async () => {
    const { user } = await renderApp(reportPath, { api: viewerApi() });
    await viewerOf();
    const list = screen.getByRole('navigation', { name: 'Series' });
    const axial = within(list).getByRole('button', { name: /Series 1: Axial/ });
    const localiser = within(list).getByRole('button', { name: /Series 2: Localiser/ });
    expect(axial).toHaveAttribute('aria-pressed', 'true');
    expect(localiser).toHaveTextContent('2 images');
    await user.click(localiser);
    expect(localiser).toHaveAttribute('aria-pressed', 'true');
    expect(positionText()).toBe('Image 1 of 2');
    expect(
      await screen.findByRole('img', { name: 'Series 2: Localiser, Image 1 of 2' }),
    ).toBeInTheDocument();
  });

  it('says when an image could not be loaded, and goes on (an error counts as loaded)', async () => {
    const [first] = framePaths();
    const { user } = await renderApp(reportPath, {
      api: viewerApi({ frame: (path) => (path === first ? frameError() : undefined) as Response }),
    });
    const viewer = await viewerOf();
    expect(await within(viewer).findByText('This image could not be loaded.')).toBeInTheDocument();
    expect(within(viewer).queryByText('Loading image…')).not.toBeInTheDocument();
    viewer.focus();
    await user.keyboard('{ArrowDown}');
    expect(
      await screen.findByRole('img', { name: 'Series 1: Axial, Image 2 of 3' }),
    ).toBeInTheDocument();
    await act(async () => {});
  });
});
