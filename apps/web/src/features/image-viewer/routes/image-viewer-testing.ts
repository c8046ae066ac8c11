import type { ImageViewerResponse, ImageViewerStudy } from '@portal/contract';
import { type Mock, vi } from 'vitest';
import { errorResponse, jsonResponse } from '../../../testing/fixtures.ts';
import { framesOf, renderedFramePath } from '../model/study-frames.ts';

/** Fixtures of the image viewer's page tests: a link, its study and its rendered frames. */

export const imsec = 'eyJhbGciOiJIUzI1NiJ9.test-token.signature';
export const reportPath = `/referrer-report?imsec=${imsec}&repositorySource=COMRAD`;

export const linkAnswer = (overrides: Partial<ImageViewerResponse> = {}) =>
  jsonResponse({
    url: `${window.location.origin}${reportPath}`,
    imageViewerLinkStatus: 'ACTIVE',
    redirectUrl: null,
    preference: 'PORTAL',
    pacsUrl: null,
    ...overrides,
  } satisfies ImageViewerResponse);

/** A CT head: an axial series of 3 single-frame images and a 2-frame localiser. */
export const study: ImageViewerStudy = {
  accessionNumber: 'ACC-1001',
  studyInstanceUid: '1.2.3',
  studyDate: '2031-05-06',
  description: 'CT head',
  modalities: ['CT'],
  series: [
    {
      seriesInstanceUid: '1.2.3.1',
      seriesNumber: 1,
      modality: 'CT',
      description: 'Axial',
      instances: [1, 2, 3].map((number) => ({
        sopInstanceUid: `1.2.3.1.${number}`,
        instanceNumber: number,
        frames: 1,
      })),
    },
    {
      seriesInstanceUid: '1.2.3.2',
      seriesNumber: 2,
      modality: 'CT',
      description: 'Localiser',
      instances: [{ sopInstanceUid: '1.2.3.2.1', instanceNumber: 1, frames: 2 }],
    },
  ],
};

export const framePaths = (of: ImageViewerStudy = study) =>
  of.series.flatMap((series) => framesOf(of, series).map(renderedFramePath));

const pngBytes = Uint8Array.from(
  atob(
    'iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mNkYPhfDwAChwGA60e6kgAAAABJRU5ErkJggg==',
  ),
  (char) => char.charCodeAt(0),
);

/** The API of an ACTIVE link: the link, its study and every frame (or a frame's error). */
export function viewerApi(
  options: {
    link?: () => Response;
    study?: () => Response;
    frame?: (path: string) => Response;
  } = {},
): Record<string, () => Response> {
  const frames = Object.fromEntries(
    framePaths().map((path) => [
      path,
      () =>
        options.frame?.(path) ??
        new Response(pngBytes, { headers: { 'Content-Type': 'image/png' } }),
    ]),
  );
  return {
    '/api/image_viewer': options.link ?? (() => linkAnswer()),
    '/api/image_viewer/study': options.study ?? (() => jsonResponse(study)),
    ...frames,
  };
}

export const frameError = () => errorResponse(502, 'PACS_UNAVAILABLE');

/**
 * jsdom has no object URLs: each frame's Blob gets `blob:frame-n`, in the order they were made.
 * Returns the mock, to count them and see them revoked.
 */
export function stubObjectUrls() {
  let made = 0;
  const create = vi.fn(() => {
    made += 1;
    return `blob:frame-${made}`;
  });
  const revoke = vi.fn();
  URL.createObjectURL = create;
  URL.revokeObjectURL = revoke;
  return { create, revoke };
}

/** The calls the page made to one path: their method, query and JSON body. */
export function requestsTo(fetchMock: Mock, path: string) {
  return fetchMock.mock.calls
    .map(
      ([input, init]) => [new URL(String(input), 'http://localhost'), init as RequestInit] as const,
    )
    .filter(([url]) => url.pathname === path)
    .map(([url, init]) => ({
      method: init?.method ?? 'GET',
      query: Object.fromEntries(url.searchParams),
      body: typeof init?.body === 'string' ? (JSON.parse(init.body) as unknown) : undefined,
    }));
}
