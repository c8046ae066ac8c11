/**
 * The embedded viewer's state and rules (docs/product/image-viewer-web.md#the-viewer): which
 * image of which series is shown, how far it is zoomed and moved, and the window chosen.
 * Pure, so the keyboard, wheel, swipe and pinch rules are tested without a browser.
 */
import {
  defaultWindowPreset,
  presetForKey,
  type WindowPreset,
  type WindowPresetId,
} from './window-presets.ts';

/** Spec 1 §9 (image zoom): the default maximum, the double tap's scale and the wheel's step. */
export const maxZoom = 3;
export const doubleTapZoom = 2;
export const wheelZoomFactor = 0.2;
/** The +/- buttons' and keys' step. */
export const zoomStep = 0.5;

export interface Pan {
  x: number;
  y: number;
}

export interface ViewerState {
  seriesIndex: number;
  /** 0-based, over the series' frames (every frame of every instance, in order). */
  frameIndex: number;
  zoom: number;
  /** CSS pixels the zoomed image is moved from the centre. */
  pan: Pan;
  /** The window chosen (model/window-presets.ts); applied only to a series that has presets. */
  windowPreset: WindowPresetId;
}

export const initialViewerState: ViewerState = {
  seriesIndex: 0,
  frameIndex: 0,
  zoom: 1,
  pan: { x: 0, y: 0 },
  windowPreset: defaultWindowPreset,
};

/** The room the image has: the box it is drawn in, and the size it has there at zoom 1. */
export interface ViewerBox {
  viewport: { width: number; height: number };
  image: { width: number; height: number };
}

export type ViewerAction =
  | { type: 'step'; by: number; frameCount: number }
  | { type: 'goTo'; frameIndex: number; frameCount: number }
  | { type: 'selectSeries'; seriesIndex: number }
  | { type: 'zoomTo'; zoom: number; box?: ViewerBox | undefined }
  | { type: 'zoomBy'; by: number; box?: ViewerBox | undefined }
  | { type: 'toggleZoom'; box?: ViewerBox | undefined }
  | { type: 'panBy'; dx: number; dy: number; box: ViewerBox }
  | { type: 'resetZoom' }
  | { type: 'chooseWindow'; preset: WindowPresetId };

const clamp = (value: number, min: number, max: number) => Math.min(max, Math.max(min, value));

/** The zoom kept between 1 (the whole image) and maxZoom, rounded to hundredths. */
export const clampZoom = (zoom: number) => Math.round(clamp(zoom, 1, maxZoom) * 100) / 100;

/** A pan kept so the zoomed image still covers the box's middle: no empty space pulled in. */
export function clampPan(pan: Pan, zoom: number, box: ViewerBox | undefined): Pan {
  if (!box || zoom <= 1) return { x: 0, y: 0 };
  const limitX = Math.max(0, (box.image.width * zoom - box.viewport.width) / 2);
  const limitY = Math.max(0, (box.image.height * zoom - box.viewport.height) / 2);
  return { x: clamp(pan.x, -limitX, limitX), y: clamp(pan.y, -limitY, limitY) };
}

const withZoom = (state: ViewerState, zoom: number, box: ViewerBox | undefined): ViewerState => {
  const next = clampZoom(zoom);
  // The pan scales with the zoom, so the point in the middle stays in the middle.
  const scale = state.zoom > 0 ? next / state.zoom : 1;
  const pan = clampPan({ x: state.pan.x * scale, y: state.pan.y * scale }, next, box);
  return { ...state, zoom: next, pan };
};

export function viewerReducer(state: ViewerState, action: ViewerAction): ViewerState {
  switch (action.type) {
    case 'step':
    case 'goTo': {
      if (action.frameCount < 1) return state;
      const target = action.type === 'step' ? state.frameIndex + action.by : action.frameIndex;
      const frameIndex = clamp(Math.round(target), 0, action.frameCount - 1);
      return frameIndex === state.frameIndex ? state : { ...state, frameIndex };
    }
    case 'selectSeries':
      // The window stays: the next CT series of a chest read in lung window is read so too.
      return action.seriesIndex === state.seriesIndex
        ? state
        : {
            ...initialViewerState,
            seriesIndex: action.seriesIndex,
            windowPreset: state.windowPreset,
          };
    case 'chooseWindow':
      return action.preset === state.windowPreset
        ? state
        : { ...state, windowPreset: action.preset };
    case 'zoomTo':
      return withZoom(state, action.zoom, action.box);
    case 'zoomBy':
      return withZoom(state, state.zoom + action.by, action.box);
    case 'toggleZoom':
      return withZoom(state, state.zoom > 1 ? 1 : doubleTapZoom, action.box);
    case 'panBy':
      return {
        ...state,
        pan: clampPan(
          { x: state.pan.x + action.dx, y: state.pan.y + action.dy },
          state.zoom,
          action.box,
        ),
      };
    case 'resetZoom':
      return { ...state, zoom: 1, pan: { x: 0, y: 0 } };
  }
}

/** PageUp and PageDown move a tenth of the series (at least one image). */
export const pageStep = (frameCount: number) => Math.max(1, Math.round(frameCount / 10));

/** The keyboard pans this many CSS pixels a press (Shift and an arrow, while zoomed). */
export const keyPanStep = 40;

/**
 * What a key does on the focused viewer (docs/product/image-viewer-web.md#keyboard):
 * arrows and PageUp/PageDown/Home/End move through the series, + and - zoom, 0 resets;
 * Shift with an arrow pans while zoomed; 1 to 5 choose the series' window presets, when it
 * has them. Null leaves the key to the browser.
 */
export function keyAction(
  key: string,
  modifiers: { shiftKey: boolean; ctrlKey?: boolean; metaKey?: boolean; altKey?: boolean },
  context: {
    frameCount: number;
    zoom: number;
    box?: ViewerBox | undefined;
    windowPresets?: readonly WindowPreset[];
  },
): ViewerAction | null {
  // Browser and screen reader shortcuts keep their modifiers.
  if (modifiers.ctrlKey || modifiers.metaKey || modifiers.altKey) return null;
  const { frameCount, zoom, box } = context;
  const preset = presetForKey(key, context.windowPresets ?? []);
  if (preset) return { type: 'chooseWindow', preset };
  if (modifiers.shiftKey && zoom > 1 && box) {
    const pan: Record<string, [number, number]> = {
      ArrowLeft: [keyPanStep, 0],
      ArrowRight: [-keyPanStep, 0],
      ArrowUp: [0, keyPanStep],
      ArrowDown: [0, -keyPanStep],
    };
    const move = pan[key];
    if (move) return { type: 'panBy', dx: move[0], dy: move[1], box };
  }
  switch (key) {
    case 'ArrowDown':
    case 'ArrowRight':
      return { type: 'step', by: 1, frameCount };
    case 'ArrowUp':
    case 'ArrowLeft':
      return { type: 'step', by: -1, frameCount };
    case 'PageDown':
      return { type: 'step', by: pageStep(frameCount), frameCount };
    case 'PageUp':
      return { type: 'step', by: -pageStep(frameCount), frameCount };
    case 'Home':
      return { type: 'goTo', frameIndex: 0, frameCount };
    case 'End':
      return { type: 'goTo', frameIndex: frameCount - 1, frameCount };
    case '+':
    case '=':
      return { type: 'zoomBy', by: zoomStep, box };
    case '-':
    case '_':
      return { type: 'zoomBy', by: -zoomStep, box };
    case '0':
      return { type: 'resetZoom' };
    default:
      return null;
  }
}

/** A wheel's delta in pixels (lines and pages as a browser scrolls them). */
export function wheelPixels(deltaY: number, deltaMode: number): number {
  if (deltaMode === 1) return deltaY * 40;
  if (deltaMode === 2) return deltaY * 800;
  return deltaY;
}

/** A wheel notch is about 100 px (one image); a trackpad sends small deltas that add up. */
export const wheelPixelsPerFrame = 100;

/**
 * The wheel: with Ctrl (a trackpad's pinch arrives so) it zooms by wheelZoomFactor a notch;
 * otherwise it moves through the series, one image each wheelPixelsPerFrame gathered.
 * Answers the action and the pixels left over for the next event.
 */
export function wheelAction(
  pixels: number,
  gathered: number,
  modifiers: { ctrlKey: boolean },
  context: { frameCount: number; zoom: number; box?: ViewerBox | undefined },
): { action: ViewerAction | null; rest: number } {
  if (modifiers.ctrlKey) {
    const notches = clamp(-pixels / 100, -1, 1);
    return {
      action: {
        type: 'zoomTo',
        zoom: context.zoom * (1 + wheelZoomFactor * notches),
        box: context.box,
      },
      rest: 0,
    };
  }
  const total = gathered + pixels;
  const frames = Math.trunc(total / wheelPixelsPerFrame);
  if (frames === 0) return { action: null, rest: total };
  return {
    action: { type: 'step', by: frames, frameCount: context.frameCount },
    rest: total - frames * wheelPixelsPerFrame,
  };
}

/**
 * A horizontal swipe scrubs the series: the whole width of the box is the whole series, but
 * never less than 8 nor more than 40 pixels an image (a long series needs several swipes; a
 * short one does not jump at a twitch). Dragging left shows the next image, as a page turns.
 */
export function swipePixelsPerFrame(viewportWidth: number, frameCount: number): number {
  return clamp(viewportWidth / Math.max(1, frameCount), 8, 40);
}

export function swipeFrames(dx: number, viewportWidth: number, frameCount: number): number {
  return Math.trunc(-dx / swipePixelsPerFrame(viewportWidth, frameCount));
}

/** Two fingers: the zoom at their start times how much further apart they are now. */
export function pinchZoom(startZoom: number, startDistance: number, distance: number): number {
  if (startDistance <= 0) return startZoom;
  return clampZoom((startZoom * distance) / startDistance);
}

/** The size of an image of natural size `image` fitted whole inside `viewport`. */
export function fittedSize(
  image: { width: number; height: number },
  viewport: { width: number; height: number },
): { width: number; height: number } {
  if (image.width <= 0 || image.height <= 0) return { width: 0, height: 0 };
  const scale = Math.min(viewport.width / image.width, viewport.height / image.height);
  return { width: image.width * scale, height: image.height * scale };
}
