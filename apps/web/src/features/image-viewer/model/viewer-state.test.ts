import { describe, expect, it } from 'vitest';
import { preloadOrder } from './study-frames.ts';
import {
  clampPan,
  initialViewerState,
  keyAction,
  maxZoom,
  pageStep,
  pinchZoom,
  swipeFrames,
  type ViewerAction,
  type ViewerBox,
  type ViewerState,
  viewerReducer,
  wheelAction,
  wheelPixels,
} from './viewer-state.ts';
import { ctWindowPresets } from './window-presets.ts';

// A 400x300 box showing a 300x300 image at zoom 1.
const box: ViewerBox = {
  viewport: { width: 400, height: 300 },
  image: { width: 300, height: 300 },
};
const noKeys = { shiftKey: false };
const run = (state: ViewerState, ...actions: (ViewerAction | null)[]) =>
  actions.reduce((current, action) => (action ? viewerReducer(current, action) : current), state);
const at = (frameIndex: number, zoom = 1): ViewerState => ({
  ...initialViewerState,
  frameIndex,
  zoom,
});

describe('the viewer keys', () => {
  const keys = (key: string, state: ViewerState, frameCount = 20, shiftKey = false) =>
    run(state, keyAction(key, { shiftKey }, { frameCount, zoom: state.zoom, box }));

  it('arrows move one image, PageUp/PageDown a tenth of the series, Home and End to the ends', () => {
    expect(keys('ArrowDown', at(0)).frameIndex).toBe(1);
    expect(keys('ArrowRight', at(0)).frameIndex).toBe(1);
    expect(keys('ArrowUp', at(5)).frameIndex).toBe(4);
    expect(keys('ArrowLeft', at(5)).frameIndex).toBe(4);
    expect(keys('PageDown', at(0), 40).frameIndex).toBe(4);
    expect(keys('PageUp', at(10), 40).frameIndex).toBe(6);
    expect(keys('End', at(3), 40).frameIndex).toBe(39);
    expect(keys('Home', at(30), 40).frameIndex).toBe(0);
    expect(pageStep(5)).toBe(1);
  });

  it('stays inside the series at both ends', () => {
    expect(keys('ArrowUp', at(0))).toEqual(at(0));
    expect(keys('ArrowDown', at(19)).frameIndex).toBe(19);
    expect(keys('PageDown', at(18), 20).frameIndex).toBe(19);
    expect(keys('PageUp', at(1), 20).frameIndex).toBe(0);
  });

  it('+ and - zoom by half steps between 1 and the maximum; 0 fits the image again', () => {
    const once = keys('+', at(0));
    expect(once.zoom).toBe(1.5);
    expect(keys('=', once).zoom).toBe(2);
    expect(run(at(0, 2.5), keyAction('+', noKeys, { frameCount: 20, zoom: 2.5, box })).zoom).toBe(
      3,
    );
    expect(keys('+', at(0, maxZoom)).zoom).toBe(maxZoom);
    expect(keys('-', at(0, 1)).zoom).toBe(1);
    expect(keys('0', { ...at(0, 2), pan: { x: 30, y: -10 } })).toEqual(at(0));
  });

  it('Shift and an arrow pans while zoomed, and moves through the series when not', () => {
    const zoomed = keys('ArrowLeft', at(4, 2), 20, true);
    expect(zoomed.frameIndex).toBe(4);
    expect(zoomed.pan).toEqual({ x: 40, y: 0 });
    expect(keys('ArrowLeft', at(4, 1), 20, true).frameIndex).toBe(3);
  });

  it('leaves keys with Ctrl, Alt or Meta, and other keys, to the browser', () => {
    const context = { frameCount: 20, zoom: 1, box };
    expect(keyAction('ArrowDown', { shiftKey: false, ctrlKey: true }, context)).toBeNull();
    expect(keyAction('+', { shiftKey: false, metaKey: true }, context)).toBeNull();
    expect(keyAction('End', { shiftKey: false, altKey: true }, context)).toBeNull();
    expect(keyAction('Tab', noKeys, context)).toBeNull();
    expect(keyAction('a', noKeys, context)).toBeNull();
  });

  it("1 to 5 choose a CT series' window presets, and keep the image and zoom", () => {
    const ct = { frameCount: 20, zoom: 2, box, windowPresets: ctWindowPresets };
    const lung = run(at(4, 2), keyAction('3', noKeys, ct));
    expect(lung).toEqual({ ...at(4, 2), windowPreset: 'lung' });
    expect(run(lung, keyAction('4', noKeys, ct)).windowPreset).toBe('bone');
    expect(run(lung, keyAction('1', noKeys, ct)).windowPreset).toBe('default');
    // The same preset again changes nothing (so nothing is said again).
    expect(run(lung, keyAction('3', noKeys, ct))).toBe(lung);
    // 0 is still "fit"; 6 is no preset; a series without presets (MR) leaves the digits alone.
    expect(keyAction('0', noKeys, ct)).toEqual({ type: 'resetZoom' });
    expect(keyAction('6', noKeys, ct)).toBeNull();
    expect(keyAction('3', noKeys, { ...ct, windowPresets: [] })).toBeNull();
    expect(keyAction('3', { shiftKey: false, ctrlKey: true }, ct)).toBeNull();
  });
});

describe('zoom and pan', () => {
  it('keeps the pan inside the zoomed image: no black pulled into the middle', () => {
    // At 2x the 300x300 image is 600x600 in a 400x300 box: 100 px of room sideways, 150 up and down.
    expect(clampPan({ x: 500, y: -500 }, 2, box)).toEqual({ x: 100, y: -150 });
    expect(clampPan({ x: 50, y: 20 }, 1, box)).toEqual({ x: 0, y: 0 });
    const panned = run(
      at(0, 2),
      { type: 'panBy', dx: 70, dy: 70, box },
      { type: 'panBy', dx: 70, dy: 0, box },
    );
    expect(panned.pan).toEqual({ x: 100, y: 70 });
  });

  it('a double tap zooms to 2x and the next one back to the whole image', () => {
    const zoomed = run(at(0), { type: 'toggleZoom', box });
    expect(zoomed.zoom).toBe(2);
    expect(run({ ...zoomed, pan: { x: 50, y: 50 } }, { type: 'toggleZoom', box })).toEqual(at(0));
  });

  it('zooming out scales the pan with it, so the middle stays the middle', () => {
    const state = { ...at(0, 3), pan: { x: 150, y: 0 } };
    expect(run(state, { type: 'zoomTo', zoom: 2.5, box }).pan).toEqual({ x: 125, y: 0 });
    // ... and is clamped to the smaller image's room: at 1.5x, 450 px in 400 leave 25 a side.
    expect(run(state, { type: 'zoomTo', zoom: 1.5, box }).pan).toEqual({ x: 25, y: 0 });
  });

  it('a pinch zooms by how far apart the fingers went, within 1 and the maximum', () => {
    expect(pinchZoom(1, 100, 200)).toBe(2);
    expect(pinchZoom(2, 100, 50)).toBe(1);
    expect(pinchZoom(2, 100, 10)).toBe(1);
    expect(pinchZoom(1, 100, 1000)).toBe(maxZoom);
  });

  it('choosing another series starts it at its first image, zoom 1, in the same window', () => {
    const state: ViewerState = { ...at(7, 2), pan: { x: 10, y: 10 }, windowPreset: 'lung' };
    expect(run(state, { type: 'selectSeries', seriesIndex: 1 })).toEqual({
      ...initialViewerState,
      seriesIndex: 1,
      windowPreset: 'lung',
    });
    expect(run(state, { type: 'selectSeries', seriesIndex: 0 })).toBe(state);
  });
});

describe('the wheel and swipes', () => {
  const context = { frameCount: 20, zoom: 1, box };

  it('a wheel notch moves one image on; small trackpad deltas add up to one', () => {
    const notch = wheelAction(wheelPixels(100, 0), 0, { ctrlKey: false }, context);
    expect(notch.action).toEqual({ type: 'step', by: 1, frameCount: 20 });
    const line = wheelAction(wheelPixels(1, 1), 0, { ctrlKey: false }, context);
    expect(line.action).toBeNull();
    expect(line.rest).toBe(40);
    const next = wheelAction(wheelPixels(65, 0), line.rest, { ctrlKey: false }, context);
    expect(next.action).toEqual({ type: 'step', by: 1, frameCount: 20 });
    expect(next.rest).toBe(5);
    const back = wheelAction(-120, 0, { ctrlKey: false }, context);
    expect(back.action).toEqual({ type: 'step', by: -1, frameCount: 20 });
    expect(back.rest).toBe(-20);
    expect(wheelAction(wheelPixels(3, 2), 0, { ctrlKey: false }, context).action).toEqual({
      type: 'step',
      by: 24,
      frameCount: 20,
    });
  });

  it('with Ctrl (a trackpad pinch) the wheel zooms by a fifth a notch', () => {
    expect(wheelAction(-100, 0, { ctrlKey: true }, context).action).toEqual({
      type: 'zoomTo',
      zoom: 1.2,
      box,
    });
    const state = run(at(0), wheelAction(-100, 0, { ctrlKey: true }, context).action);
    expect(state.zoom).toBe(1.2);
  });

  it('a swipe scrubs the series: left is the next image, the box width the whole series', () => {
    // 20 images over 400 px: 20 px an image.
    expect(swipeFrames(-100, 400, 20)).toBe(5);
    expect(swipeFrames(65, 400, 20)).toBe(-3);
    expect(swipeFrames(-5, 400, 20)).toBe(0);
    // A long series: at least 8 px an image; a short one at most 40.
    expect(swipeFrames(-80, 400, 500)).toBe(10);
    expect(swipeFrames(-80, 400, 2)).toBe(2);
  });
});

describe('preloading', () => {
  it('fetches the shown image first, then three ahead in the direction of travel and one behind', () => {
    expect(preloadOrder(5, 20, 1)).toEqual([5, 6, 4, 7, 8]);
    expect(preloadOrder(5, 20, -1)).toEqual([5, 4, 6, 3, 2]);
    expect(preloadOrder(0, 2, 1)).toEqual([0, 1]);
    expect(preloadOrder(19, 20, 1)).toEqual([19, 18]);
  });
});
