import { viewableContentTypes } from '@portal/contract';

/**
 * The attachment carousel viewer's rules (docs/product/attachments.md#the-carousel-viewer): what
 * each document's slide shows, and spec 1 §9's image zoom mapped onto yet-another-react-lightbox's
 * Zoom plugin. Kept apart from the component so the mapping is read, and tested, in one place.
 */

/**
 * What a document's slide shows: 'image', a zoomable picture from its view link; 'pdf', a file
 * card with Download and View (phones cannot show a PDF inside a page, so View opens the
 * browser's own viewer in a new tab); 'file', a card with Download only (HEIC and other types no
 * browser can be relied on to draw).
 */
export type SlideKind = 'image' | 'pdf' | 'file';

export function slideKindOf(contentType: string): SlideKind {
  if (contentType === 'application/pdf') return 'pdf';
  // The view call's types (the upload sniffed the bytes): a PDF, or a picture it sends inline.
  return (viewableContentTypes as readonly string[]).includes(contentType) ? 'image' : 'file';
}

/**
 * Spec 1 §9, "Image zoom: maximum is the original image size, default maximum 3, double-tap
 * scale 2, wheel factor 0.2, transition 200 ms", as the Zoom plugin's settings:
 *
 * - maximum = the original image size: `maxZoomPixelRatio: 1`, one image pixel per screen pixel
 *   at the largest zoom (the plugin reads the natural size once the image has loaded). The
 *   "default maximum 3" is the limit the spec's viewer falls back to when it cannot know the
 *   original size; the plugin always knows it for a picture, and zooms nothing else, so it has
 *   no setting to map onto. A small image (no larger than it is shown) does not zoom at all.
 * - double-tap (and double-click) scale 2: `zoomInMultiplier: 2`, also the Zoom in and Zoom out
 *   buttons' and + / - keys' step. The plugin's double-tap step is the larger of that multiplier
 *   and maxZoom^(1/doubleClickMaxStops); with 8 stops it stays 2 for any image up to 256 times
 *   the size it is shown at. At the maximum a double-tap goes back to 1.
 * - wheel factor 0.2: each wheel step zooms by 1.2. The plugin scales by 1 + deltaY / factor, and
 *   a mouse wheel's step is 100 px (deltaY), so the factor is 100 / 0.2 = 500. The wheel zooms
 *   without Ctrl (`scrollToZoom`), as the spec's viewer does.
 * - transition 200 ms: `animation.zoom` (the plugin skips it under prefers-reduced-motion).
 * - auto-advance off: the Slideshow plugin is not used.
 */
export const wheelStepPixels = 100;
export const viewerZoom = {
  maxZoomPixelRatio: 1,
  zoomInMultiplier: 2,
  doubleClickMaxStops: 8,
  wheelZoomDistanceFactor: wheelStepPixels / 0.2,
  scrollToZoom: true,
} as const;
export const viewerAnimation = { zoom: 200 } as const;
