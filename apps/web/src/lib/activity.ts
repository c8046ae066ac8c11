import type { EventsType } from 'react-idle-timer';

/**
 * What counts as someone being at the screen (docs/product/kiosk.md#idle-flow): mouse move, key
 * down, scroll, touch, mouse down and wheel. The kiosk's idle watcher and the keepalive
 * (docs/product/shell-and-configuration.md#keepalive) read the same signal, so "active" means
 * the same thing to the kiosk's logout as to the ping that keeps a session open.
 */
export const activityEvents: EventsType[] = [
  'mousemove',
  'keydown',
  'scroll',
  'touchstart',
  'mousedown',
  'wheel',
];

/** Activity is handled at most once per 500 ms (spec 1 §9, docs/product/kiosk.md#constants). */
export const activityThrottleMs = 500;
