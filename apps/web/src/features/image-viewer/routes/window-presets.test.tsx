import type { ImageViewerStudy } from '@portal/contract';
import { screen, waitFor, within } from '@testing-library/react';
import { beforeEach, describe, expect, it } from 'vitest';
import { jsonResponse } from '../../../testing/fixtures.ts';
import { renderApp } from '../../../testing/render-app.tsx';
import {
  framePaths,
  reportPath,
  requestsTo,
  stubObjectUrls,
  study,
  viewerApi,
} from './image-viewer-testing.ts';

/**
 * The viewer's window presets (docs/product/images.md#the-viewer): the control and the keys
 * 1 to 5 on a CT series, the frame requests' `?window=center,width`, the cache per window, and
 * nothing of it for another modality.
 */

const slow = { timeout: 20_000 };
beforeEach(() => {
  stubObjectUrls();
});

const viewerOf = () => screen.findByRole('application', { name: 'Image' }, { timeout: 10_000 });
const windowGroup = () => screen.getByRole('group', { name: 'Window' });
const firstImage = () => screen.findByRole('img', { name: 'Series 1: Axial, Image 1 of 3' });
const liveRegion = (viewer: HTMLElement) =>
  viewer.closest('section')?.querySelector('[aria-live="polite"]');

const pngBytes = Uint8Array.from(
  atob(
    'iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mNkYPhfDwAChwGA60e6kgAAAABJRU5ErkJggg==',
  ),
  (char) => char.charCodeAt(0),
);

/**
 * Frames that can be held: while `hold` is on, a frame's body does not arrive until released,
 * as a slow PACS renders it.
 */
function holdableFrames() {
  const held: (() => void)[] = [];
  const state = { hold: false };
  const frame = () => {
    if (!state.hold) return undefined as unknown as Response;
    const body = new ReadableStream<Uint8Array>({
      start(controller) {
        held.push(() => {
          controller.enqueue(pngBytes);
          controller.close();
        });
      },
    });
    return new Response(body, { headers: { 'Content-Type': 'image/png' } });
  };
  const release = () => {
    for (const send of held.splice(0)) send();
  };
  return { state, frame, release };
}

describe('window presets on a CT series', slow, () => {
  it('offers Default, Soft tissue, Lung, Bone and Brain, Default chosen, and says the keys', async () => {
    const { fetchMock } = await renderApp(reportPath, { api: viewerApi() });
    const viewer = await viewerOf();
    const radios = within(windowGroup()).getAllByRole('radio');
    expect(radios.map((radio) => radio.closest('label')?.textContent)).toEqual([
      'Default',
      'Soft tissue',
      'Lung',
      'Bone',
      'Brain',
    ]);
    expect(within(windowGroup()).getByRole('radio', { name: 'Default' })).toBeChecked();
    expect(viewer).toHaveAccessibleDescription(
      expect.stringContaining('On CT images, the keys 1 to 5 choose the window'),
    );
    // The first frames are asked without a window: the PACS's own rendering.
    const [first] = framePaths();
    expect(requestsTo(fetchMock, first ?? '')[0]?.query).toEqual({});
  });

  it('choosing Lung asks each frame with window=-600,1500, keeps the image shown until it comes, and says it', async () => {
    const frames = holdableFrames();
    const { user, fetchMock } = await renderApp(reportPath, {
      api: viewerApi({ frame: frames.frame }),
    });
    const viewer = await viewerOf();
    const before = (await firstImage()).getAttribute('src');
    const [first, second, third] = framePaths();
    await waitFor(() => expect(requestsTo(fetchMock, third ?? '')).toHaveLength(1));

    frames.state.hold = true;
    await user.click(within(windowGroup()).getByRole('radio', { name: 'Lung' }));
    expect(within(windowGroup()).getByRole('radio', { name: 'Lung' })).toBeChecked();
    await waitFor(() =>
      expect(requestsTo(fetchMock, first ?? '').map((call) => call.query)).toEqual([
        {},
        { window: '-600,1500' },
      ]),
    );
    // The frame's neighbours are preloaded in the new window too, with the same Bearer header.
    await waitFor(() =>
      expect(requestsTo(fetchMock, second ?? '').at(-1)?.query).toEqual({ window: '-600,1500' }),
    );
    const calls = fetchMock.mock.calls as unknown as [string, RequestInit | undefined][];
    const lungCall = calls.find(([input]) => input === `${first}?window=-600,1500`);
    expect(lungCall?.[1]?.headers).toMatchObject({
      Authorization: expect.stringMatching(/^Bearer /),
    });
    // Still rendering: the default frame stays on screen, no "Loading image…".
    expect(screen.getByRole('img', { name: 'Series 1: Axial, Image 1 of 3' })).toHaveAttribute(
      'src',
      before,
    );
    expect(within(viewer).queryByText('Loading image…')).not.toBeInTheDocument();

    frames.release();
    await waitFor(() =>
      expect(
        screen.getByRole('img', { name: 'Series 1: Axial, Image 1 of 3' }).getAttribute('src'),
      ).not.toBe(before),
    );
    await waitFor(() => expect(liveRegion(viewer)?.textContent).toBe('Window: Lung'));
  });

  it('1 to 5 on the image choose the presets; back to Default shows the cached frame without asking again', async () => {
    const { user, fetchMock } = await renderApp(reportPath, { api: viewerApi() });
    const viewer = await viewerOf();
    const defaultSrc = (await firstImage()).getAttribute('src');
    const [first] = framePaths();
    viewer.focus();
    await user.keyboard('4');
    expect(within(windowGroup()).getByRole('radio', { name: 'Bone' })).toBeChecked();
    await waitFor(() =>
      expect(requestsTo(fetchMock, first ?? '').at(-1)?.query).toEqual({ window: '300,1500' }),
    );
    await waitFor(() =>
      expect(
        screen.getByRole('img', { name: 'Series 1: Axial, Image 1 of 3' }).getAttribute('src'),
      ).not.toBe(defaultSrc),
    );
    const boneSrc = screen.getByRole('img', { name: /Image 1 of 3/ }).getAttribute('src');
    await user.keyboard('5');
    expect(within(windowGroup()).getByRole('radio', { name: 'Brain' })).toBeChecked();
    await waitFor(() =>
      expect(requestsTo(fetchMock, first ?? '').at(-1)?.query).toEqual({ window: '40,80' }),
    );

    const asked = requestsTo(fetchMock, first ?? '').length;
    await user.keyboard('1');
    expect(within(windowGroup()).getByRole('radio', { name: 'Default' })).toBeChecked();
    await waitFor(() =>
      expect(screen.getByRole('img', { name: /Image 1 of 3/ })).toHaveAttribute('src', defaultSrc),
    );
    await user.keyboard('4');
    await waitFor(() =>
      expect(screen.getByRole('img', { name: /Image 1 of 3/ })).toHaveAttribute('src', boneSrc),
    );
    // Default and Bone were cached: neither is asked again.
    expect(requestsTo(fetchMock, first ?? '')).toHaveLength(asked);
    await waitFor(() => expect(liveRegion(viewer)?.textContent).toBe('Window: Bone'));
    // The other keys still work: the image and the zoom keep the window.
    await user.keyboard('{ArrowDown}+');
    expect(screen.getByText('Zoom 150%')).toBeInTheDocument();
    expect(within(windowGroup()).getByRole('radio', { name: 'Bone' })).toBeChecked();
  });

  it('keeps the window on another CT series, and its thumbnails in the default rendering', async () => {
    const { user, fetchMock } = await renderApp(reportPath, { api: viewerApi() });
    await viewerOf();
    await user.click(within(windowGroup()).getByRole('radio', { name: 'Lung' }));
    const list = screen.getByRole('navigation', { name: 'Series' });
    await user.click(within(list).getByRole('button', { name: /Series 2: Localiser/ }));
    expect(within(windowGroup()).getByRole('radio', { name: 'Lung' })).toBeChecked();
    const localiser = framePaths().slice(3);
    await waitFor(() =>
      expect(requestsTo(fetchMock, localiser[1] ?? '').map((call) => call.query)).toEqual([
        { window: '-600,1500' },
      ]),
    );
    // The thumbnail (the first frame) was asked once without a window, then in Lung to show it.
    expect(requestsTo(fetchMock, localiser[0] ?? '').map((call) => call.query)).toEqual([
      {},
      { window: '-600,1500' },
    ]);
  });
});

describe('no window presets for another modality', slow, () => {
  const mri: ImageViewerStudy = {
    ...study,
    description: 'MRI knee',
    modalities: ['MR'],
    series: study.series.map((series) => ({ ...series, modality: 'MR' })),
  };

  it("shows no control, ignores the digits and asks every frame in the PACS's default", async () => {
    const { user, fetchMock } = await renderApp(reportPath, {
      api: viewerApi({ study: () => jsonResponse(mri) }),
    });
    const viewer = await viewerOf();
    await firstImage();
    expect(screen.queryByRole('group', { name: 'Window' })).not.toBeInTheDocument();
    expect(viewer).not.toHaveAccessibleDescription(expect.stringContaining('1 to 5'));
    viewer.focus();
    await user.keyboard('3');
    await user.keyboard('{ArrowDown}');
    expect(screen.getByText('Image 2 of 3', { exact: true })).toBeInTheDocument();
    await new Promise((resolve) => setTimeout(resolve, 800));
    expect(liveRegion(viewer)?.textContent).toBe('Series 1: Axial. Image 2 of 3');
    const frameQueries = framePaths().flatMap((path) =>
      requestsTo(fetchMock, path).map((call) => call.query),
    );
    expect(frameQueries.length).toBeGreaterThan(0);
    expect(frameQueries.every((query) => Object.keys(query).length === 0)).toBe(true);
  });
});
