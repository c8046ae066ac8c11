import { describe, expect, it } from 'vitest';
import { slideKindOf, viewerAnimation, viewerZoom, wheelStepPixels } from './attachment-viewer.ts';

describe('the carousel viewer’s rules', () => {
  it('shows JPEG and PNG as pictures, PDFs as a card with View, anything else as a file', () => {
    expect(slideKindOf('image/jpeg')).toBe('image');
    expect(slideKindOf('image/png')).toBe('image');
    expect(slideKindOf('application/pdf')).toBe('pdf');
    expect(slideKindOf('image/heic')).toBe('file');
    expect(slideKindOf('application/octet-stream')).toBe('file');
  });

  it('maps spec 1 §9’s zoom onto the Zoom plugin', () => {
    // Maximum: the original image size (one image pixel a screen pixel).
    expect(viewerZoom.maxZoomPixelRatio).toBe(1);
    // Double-tap scale 2: the step stays 2 up to a maximum zoom of 2^stops.
    expect(viewerZoom.zoomInMultiplier).toBe(2);
    expect(256 ** (1 / viewerZoom.doubleClickMaxStops)).toBeLessThanOrEqual(2);
    // Wheel factor 0.2: one wheel step (100 px) zooms by 1 + 100 / factor = 1.2.
    expect(1 + wheelStepPixels / viewerZoom.wheelZoomDistanceFactor).toBeCloseTo(1.2);
    expect(viewerZoom.scrollToZoom).toBe(true);
    expect(viewerAnimation.zoom).toBe(200);
  });
});
