import type {
  ImageViewerDirectRequest,
  ImageViewerDirectResponse,
  ImageViewerReport,
  ImageViewerResponse,
  ImageViewerStudy,
} from '@portal/contract';
import { useQuery } from '@tanstack/react-query';
import { apiGet, apiRequest, toApiError } from '../../../lib/api-client.ts';
import { type FrameRef, renderedFrameUrl } from '../model/study-frames.ts';

/** The calls of spec 1 §7 (Image viewer) and the study proxy (docs/product/images.md). */

export const imageViewerPath = '/api/image_viewer';
export const imageViewerStudyPath = '/api/image_viewer/study';
export const imageViewerReportPath = '/api/image_viewer/report';

/** A viewer link (imsec) and where it came from, as the report page's query names them. */
export interface ViewerLink {
  imsec: string;
  repositorySource: string | null;
}

/** GET /api/image_viewer?input={imsec}&repositorySource=: what to do with the link. */
export function useImageViewerLink(link: ViewerLink, enabled = true) {
  return useQuery({
    enabled,
    queryKey: ['image-viewer', 'link', link.imsec, link.repositorySource],
    queryFn: ({ signal }) =>
      apiGet<ImageViewerResponse>(imageViewerPath, {
        query: { input: link.imsec, repositorySource: link.repositorySource },
        signal,
      }),
    retry: false,
    staleTime: Number.POSITIVE_INFINITY,
  });
}

/** POST /api/image_viewer/generate (empty body): a signed-in patient's link to a study. */
export function generateImageViewerLink(query: {
  accessionNumber: string;
  repositorySource?: string | undefined;
  repositorySourceId?: string | undefined;
}) {
  return apiRequest<ImageViewerResponse>(`${imageViewerPath}/generate`, {
    method: 'POST',
    query,
  });
}

/** POST /api/image_viewer/direct: an external radiologist's link (spec 1 §5). */
export function requestDirectImageAccess(body: ImageViewerDirectRequest) {
  return apiRequest<ImageViewerDirectResponse>(`${imageViewerPath}/direct`, {
    method: 'POST',
    body,
  });
}

/**
 * A call to the study proxy: the imsec goes as a Bearer token (never in the URL after the
 * page's own, so it stays out of the proxy's logs). Not through apiRequest: a 401 here is
 * the link's, and must not log a patient out of the portal.
 */
async function bearerFetch(path: string, imsec: string, accept: string, signal?: AbortSignal) {
  const response = await fetch(path, {
    headers: { Authorization: `Bearer ${imsec}`, Accept: accept },
    credentials: 'omit',
    signal: signal ?? null,
  });
  if (!response.ok) throw await toApiError(response.status, await response.text());
  return response;
}

/** GET /api/image_viewer/study: the token's study with its series and instances. */
export function useImageViewerStudy(imsec: string, enabled: boolean) {
  return useQuery({
    queryKey: ['image-viewer', 'study', imsec],
    queryFn: async ({ signal }) =>
      (await (
        await bearerFetch(imageViewerStudyPath, imsec, 'application/json', signal)
      ).json()) as ImageViewerStudy,
    enabled,
    retry: false,
    staleTime: Number.POSITIVE_INFINITY,
  });
}

/** One rendered frame (JPEG or PNG, decoded and windowed by the PACS) as a Blob for an object URL. */
export async function fetchRenderedFrame(
  imsec: string,
  frame: FrameRef,
  signal?: AbortSignal,
): Promise<Blob> {
  const response = await bearerFetch(
    renderedFrameUrl(frame),
    imsec,
    'image/jpeg, image/png',
    signal,
  );
  return response.blob();
}

/** GET /api/image_viewer/report: the released report of the link's study (the quick report). */
export function useQuickReport(imsec: string, enabled: boolean) {
  return useQuery({
    queryKey: ['image-viewer', 'report', imsec],
    queryFn: async ({ signal }) =>
      (await (
        await bearerFetch(imageViewerReportPath, imsec, 'application/json', signal)
      ).json()) as ImageViewerReport,
    enabled,
    retry: false,
    staleTime: Number.POSITIVE_INFINITY,
  });
}
