import type { ImageViewerSeries, ImageViewerStudy } from '@portal/contract';
import { type RenderWindow, windowQuery } from './window-presets.ts';

/** One image of a series: a frame of one instance (1-based, as DICOMweb numbers frames). */
export interface FrameRef {
  studyInstanceUid: string;
  seriesInstanceUid: string;
  sopInstanceUid: string;
  frame: number;
  /** The window the PACS renders it with (model/window-presets.ts); none: its default. */
  window?: RenderWindow | null;
}

/** The same frames rendered with a window (the same array when there is none). */
export const withWindow = (frames: FrameRef[], window: RenderWindow | null): FrameRef[] =>
  window ? frames.map((frame) => ({ ...frame, window })) : frames;

/** Every frame of a series, instance by instance in the server's order (by instance number). */
export function framesOf(study: ImageViewerStudy, series: ImageViewerSeries): FrameRef[] {
  return series.instances.flatMap((instance) =>
    Array.from({ length: Math.max(1, instance.frames) }, (_, index) => ({
      studyInstanceUid: study.studyInstanceUid,
      seriesInstanceUid: series.seriesInstanceUid,
      sopInstanceUid: instance.sopInstanceUid,
      frame: index + 1,
    })),
  );
}

/** The series that have an image to show; a study without any has no images to view. */
export const viewableSeries = (study: ImageViewerStudy) =>
  study.series.filter((series) => series.instances.length > 0);

/** The proxy's path of one rendered frame (docs/product/images.md#the-proxy), without its window. */
export function renderedFramePath(frame: FrameRef): string {
  const part = encodeURIComponent;
  return `/api/image_viewer/dicomweb/studies/${part(frame.studyInstanceUid)}/series/${part(frame.seriesInstanceUid)}/instances/${part(frame.sopInstanceUid)}/frames/${frame.frame}/rendered`;
}

/** The address a frame is fetched from: its path, and `?window=center,width` when it has one. */
export function renderedFrameUrl(frame: FrameRef): string {
  const query = windowQuery(frame.window);
  return query ? `${renderedFramePath(frame)}?${query}` : renderedFramePath(frame);
}

/**
 * The frames to fetch around the one shown, nearest first: the shown one, then the next ones
 * further in the direction the patient is going than behind (scrolling on is the likely next
 * step). Indexes are kept inside the series.
 */
export function preloadOrder(
  frameIndex: number,
  frameCount: number,
  direction: 1 | -1,
  ahead = 3,
  behind = 1,
): number[] {
  const order = [frameIndex];
  for (let step = 1; step <= Math.max(ahead, behind); step += 1) {
    if (step <= ahead) order.push(frameIndex + direction * step);
    if (step <= behind) order.push(frameIndex - direction * step);
  }
  return order.filter((index) => index >= 0 && index < frameCount);
}
