import {
  type KeyboardEvent,
  type PointerEvent,
  type RefObject,
  useCallback,
  useEffect,
  useRef,
} from 'react';
import {
  keyAction,
  pinchZoom,
  swipeFrames,
  type ViewerAction,
  type ViewerBox,
  type ViewerState,
  wheelAction,
  wheelPixels,
} from '../model/viewer-state.ts';
import type { WindowPreset } from '../model/window-presets.ts';

/** What the gestures read when an event comes: the state then, not when the handler was made. */
export interface GestureContext {
  state: ViewerState;
  frameCount: number;
  box: ViewerBox | undefined;
  /** The shown series' window presets: the digit keys choose among them. */
  windowPresets: readonly WindowPreset[];
}

/** A second tap within this time and distance of the first is a double tap. */
const doubleTapMs = 300;
const tapSlopPx = 10;

interface Drag {
  x: number;
  y: number;
  lastX: number;
  lastY: number;
  frameIndex: number;
  startedAt: number;
  moved: boolean;
}

const distance = (points: { x: number; y: number }[]) => {
  const [a, b] = points;
  return a && b ? Math.hypot(a.x - b.x, a.y - b.y) : 0;
};

/**
 * The viewer's input (docs/product/image-viewer-web.md#the-viewer): keys, the wheel (a
 * non-passive listener, so the page does not scroll under it), one pointer dragging (scrubs
 * the series at zoom 1, pans when zoomed), two pinching (zoom), and a double tap or click
 * (zoom 2x and back). `context` is read at each event.
 */
export function useViewerGestures(
  element: RefObject<HTMLElement | null>,
  context: RefObject<GestureContext>,
  dispatch: (action: ViewerAction) => void,
  onUserMove: () => void,
) {
  const pointers = useRef(new Map<number, { x: number; y: number }>());
  const drag = useRef<Drag | null>(null);
  const pinch = useRef<{ distance: number; zoom: number } | null>(null);
  const lastTap = useRef<{ at: number; x: number; y: number } | null>(null);
  const wheelRest = useRef(0);
  const lastPointerType = useRef('mouse');

  const act = useCallback(
    (action: ViewerAction | null) => {
      if (!action) return false;
      onUserMove();
      dispatch(action);
      return true;
    },
    [dispatch, onUserMove],
  );

  useEffect(() => {
    const node = element.current;
    if (!node) return;
    const onWheel = (event: WheelEvent) => {
      const { state, frameCount, box } = context.current;
      const { action, rest } = wheelAction(
        wheelPixels(event.deltaY, event.deltaMode),
        wheelRest.current,
        { ctrlKey: event.ctrlKey },
        { frameCount, zoom: state.zoom, box },
      );
      event.preventDefault();
      wheelRest.current = rest;
      act(action);
    };
    node.addEventListener('wheel', onWheel, { passive: false });
    return () => node.removeEventListener('wheel', onWheel);
  }, [element, context, act]);

  const onKeyDown = useCallback(
    (event: KeyboardEvent<HTMLElement>) => {
      const { state, frameCount, box, windowPresets } = context.current;
      const action = keyAction(event.key, event, {
        frameCount,
        zoom: state.zoom,
        box,
        windowPresets,
      });
      if (act(action)) event.preventDefault();
    },
    [context, act],
  );

  const onPointerDown = useCallback(
    (event: PointerEvent<HTMLElement>) => {
      lastPointerType.current = event.pointerType;
      if (event.pointerType === 'mouse' && event.button !== 0) return;
      event.currentTarget.setPointerCapture?.(event.pointerId);
      pointers.current.set(event.pointerId, { x: event.clientX, y: event.clientY });
      const { state } = context.current;
      if (pointers.current.size === 2) {
        drag.current = null;
        pinch.current = { distance: distance([...pointers.current.values()]), zoom: state.zoom };
      } else if (pointers.current.size === 1) {
        drag.current = {
          x: event.clientX,
          y: event.clientY,
          lastX: event.clientX,
          lastY: event.clientY,
          frameIndex: state.frameIndex,
          startedAt: event.timeStamp,
          moved: false,
        };
      }
    },
    [context],
  );

  const onPointerMove = useCallback(
    (event: PointerEvent<HTMLElement>) => {
      if (!pointers.current.has(event.pointerId)) return;
      pointers.current.set(event.pointerId, { x: event.clientX, y: event.clientY });
      const { state, frameCount, box } = context.current;
      if (pinch.current && pointers.current.size >= 2) {
        const zoom = pinchZoom(
          pinch.current.zoom,
          pinch.current.distance,
          distance([...pointers.current.values()]),
        );
        act({ type: 'zoomTo', zoom, box });
        return;
      }
      const current = drag.current;
      if (!current) return;
      const dx = event.clientX - current.x;
      const dy = event.clientY - current.y;
      if (Math.hypot(dx, dy) > tapSlopPx) current.moved = true;
      if (state.zoom > 1 && box) {
        act({
          type: 'panBy',
          dx: event.clientX - current.lastX,
          dy: event.clientY - current.lastY,
          box,
        });
      } else if (current.moved && box) {
        const frames = swipeFrames(dx, box.viewport.width, frameCount);
        if (current.frameIndex + frames !== state.frameIndex) {
          act({ type: 'goTo', frameIndex: current.frameIndex + frames, frameCount });
        }
      }
      current.lastX = event.clientX;
      current.lastY = event.clientY;
    },
    [context, act],
  );

  const onPointerEnd = useCallback(
    (event: PointerEvent<HTMLElement>) => {
      if (!pointers.current.delete(event.pointerId)) return;
      const current = drag.current;
      if (pointers.current.size < 2) pinch.current = null;
      if (pointers.current.size > 0) return;
      drag.current = null;
      // A touch double tap zooms (a mouse's double click comes as dblclick).
      if (event.pointerType !== 'touch' || !current || current.moved) return;
      if (event.type === 'pointercancel') return;
      const tap = { at: event.timeStamp, x: event.clientX, y: event.clientY };
      const previous = lastTap.current;
      if (
        previous &&
        tap.at - previous.at < doubleTapMs &&
        Math.hypot(tap.x - previous.x, tap.y - previous.y) < tapSlopPx * 3
      ) {
        lastTap.current = null;
        act({ type: 'toggleZoom', box: context.current.box });
      } else {
        lastTap.current = tap;
      }
    },
    [context, act],
  );

  const onDoubleClick = useCallback(() => {
    // A browser may also send dblclick after two taps, which the taps already toggled.
    if (lastPointerType.current === 'touch') return;
    act({ type: 'toggleZoom', box: context.current.box });
  }, [context, act]);

  return {
    onKeyDown,
    onPointerDown,
    onPointerMove,
    onPointerUp: onPointerEnd,
    onPointerCancel: onPointerEnd,
    onDoubleClick,
  };
}
