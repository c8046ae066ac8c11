import { useCallback, useEffect, useRef, useState } from 'react';
import { type IIdleTimer, useIdleTimer } from 'react-idle-timer';
import { activityEvents, activityThrottleMs } from '../../../lib/activity.ts';
import { useApplicationConfig } from '../../../lib/config.tsx';
import { useEndKioskSession } from '../hooks/use-end-kiosk-session.ts';

type InactivityModalComponent = typeof import('./inactivity-modal.tsx').InactivityModal;
let inactivityModal: Promise<InactivityModalComponent> | null = null;
let loadedInactivityModal: InactivityModalComponent | null = null;

/**
 * The warning's dialog (react-aria's Dialog and Button, about 25 KB gzip) loads when the
 * countdown first starts, not with the page: most kiosk screens are finished before
 * kioskNoActivitySeconds, and a chunk from the portal's own server arrives well inside the
 * countdown's 10 seconds. The timer, which must run from the start, stays in this chunk. A
 * failed load is tried again at the next countdown; meanwhile the countdown still ends the
 * session, so the kiosk never stays on the last person's screen.
 */
export function loadInactivityModal(): Promise<InactivityModalComponent> {
  inactivityModal ??= import('./inactivity-modal.tsx').then(
    (module) => {
      loadedInactivityModal = module.InactivityModal;
      return module.InactivityModal;
    },
    (error: unknown) => {
      inactivityModal = null;
      throw error;
    },
  );
  return inactivityModal;
}

/**
 * docs/product/kiosk.md#constants: the warning counts down 10 seconds. What counts as activity,
 * and its 500 ms throttle, is lib/activity.ts (shared with the keepalive).
 */
export const countdownSeconds = 10;
const timerName = 'portal-kiosk-idle';

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
  const [InactivityModal, setInactivityModal] = useState(() => loadedInactivityModal);
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
      loadInactivityModal().then(
        (component) => setInactivityModal(() => component),
        () => undefined,
      );
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

  // Once loaded the modal stays mounted, closed between warnings, so it closes as a dialog
  // does (focus returns to where it was).
  if (!InactivityModal) return null;
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
