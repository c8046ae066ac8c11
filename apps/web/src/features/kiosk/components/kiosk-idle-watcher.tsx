import { useCallback, useEffect, useRef, useState } from 'react';
import { type EventsType, type IIdleTimer, useIdleTimer } from 'react-idle-timer';
import { useApplicationConfig } from '../../../lib/config.tsx';
import { useEndKioskSession } from '../hooks/use-end-kiosk-session.ts';
import { InactivityModal } from './inactivity-modal.tsx';

/**
 * docs/product/kiosk.md#constants: the warning counts down 10 seconds; activity is throttled
 * at 500 ms.
 */
export const countdownSeconds = 10;
const activityThrottleMs = 500;
const timerName = 'portal-kiosk-idle';

/**
 * docs/product/kiosk.md#idle-flow: mouse move, key down, scroll, touch, mouse down and wheel count
 * as activity.
 */
export const activityEvents: EventsType[] = [
  'mousemove',
  'keydown',
  'scroll',
  'touchstart',
  'mousedown',
  'wheel',
];

/**
 * The kiosk idle flow (docs/product/kiosk.md#idle-flow), mounted only while kioskMode is true.
 * After kioskNoActivitySeconds without activity the inactivity modal counts down 10 seconds
 * (react-idle-timer's prompt phase). Cancel, Escape or activity outside the modal keeps the
 * session; Home or the end of the countdown logs out, resets state and returns to
 * /kiosk?kioskMode=true, where watching starts again. Activity in another tab of the portal
 * counts too: timers are shared between tabs (crossTab) and storage changes made by another
 * tab are activity.
 */
export function KioskIdleWatcher() {
  const { kioskNoActivitySeconds } = useApplicationConfig();
  const endSession = useEndKioskSession();
  const [prompted, setPrompted] = useState(false);
  const [seconds, setSeconds] = useState(countdownSeconds);
  const dialogRef = useRef<HTMLElement | null>(null);
  const ending = useRef(false);

  const finish = useCallback(
    async (timer: IIdleTimer) => {
      if (ending.current) return;
      ending.current = true;
      timer.pause();
      setPrompted(false);
      try {
        await endSession();
      } finally {
        ending.current = false;
        timer.start();
      }
    },
    [endSession],
  );

  const timer = useIdleTimer({
    timeout: (kioskNoActivitySeconds + countdownSeconds) * 1000,
    promptBeforeIdle: countdownSeconds * 1000,
    events: activityEvents,
    eventsThrottle: activityThrottleMs,
    crossTab: true,
    syncTimers: activityThrottleMs,
    name: timerName,
    onPrompt: () => {
      setSeconds(countdownSeconds);
      setPrompted(true);
    },
    onActive: () => setPrompted(false),
    onIdle: (_event, idleTimer) => {
      if (idleTimer) void finish(idleTimer);
    },
    // While the modal shows, react-idle-timer ignores activity; activity outside the modal
    // means someone is there, so it dismisses the warning (docs/product/kiosk.md#idle-flow).
    // Presses inside the modal are its own buttons' business: a tap on Home must not first count as
    // "still here".
    onAction: (event, idleTimer) => {
      if (!idleTimer?.isPrompted()) return;
      const target = event?.target;
      if (target instanceof Node && dialogRef.current?.contains(target)) return;
      idleTimer.activate();
    },
  });

  // The hook returns a new object each render; these two methods are stable.
  const { getRemainingTime, activate } = timer;

  useEffect(() => {
    if (!prompted) return;
    const tick = () => setSeconds(Math.max(0, Math.ceil(getRemainingTime() / 1000)));
    tick();
    const interval = window.setInterval(tick, 250);
    return () => window.clearInterval(interval);
  }, [prompted, getRemainingTime]);

  // Another tab changing shared storage is activity too (docs/product/kiosk.md#idle-flow); not the
  // timer's own cross-tab messages, which it carries in storage where BroadcastChannel is missing.
  useEffect(() => {
    const onStorage = (event: StorageEvent) => {
      if (!event.key?.startsWith(timerName)) activate();
    };
    window.addEventListener('storage', onStorage);
    return () => window.removeEventListener('storage', onStorage);
  }, [activate]);

  return (
    <InactivityModal
      isOpen={prompted}
      seconds={seconds}
      dialogRef={dialogRef}
      onContinue={() => activate()}
      onHome={() => void finish(timer)}
    />
  );
}
