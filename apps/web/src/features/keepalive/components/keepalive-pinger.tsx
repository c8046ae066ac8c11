import { useEffect, useRef } from 'react';
import { useIdleTimer } from 'react-idle-timer';
import { activityEvents, activityThrottleMs } from '../../../lib/activity.ts';
import { sendKeepalive } from '../model/send-keepalive.ts';

/**
 * docs/product/shell-and-configuration.md#keepalive: every `seconds`, one GET to `url` when the
 * patient was active during the interval that just ended, none otherwise. Activity is the
 * kiosk's signal (lib/activity.ts, through the same react-idle-timer). A ping regardless of
 * activity would keep an abandoned kiosk's session open past the kiosk's logout and the server's
 * idle expiry (apps/server/src/modules/authentication/sessions.ts); loading the page is not
 * activity, so a page left open pings nothing.
 */
export function KeepalivePinger({
  url,
  seconds,
  activeAtStart = false,
}: {
  url: string;
  seconds: number;
  /** Mounted by the first input (app/shell/after-first-input.tsx): that input was activity. */
  activeAtStart?: boolean;
}) {
  const activeSinceLastPing = useRef(false);

  useIdleTimer({
    // Only onAction is read; the idle timeout itself is not used.
    timeout: seconds * 1000,
    events: activityEvents,
    eventsThrottle: activityThrottleMs,
    name: 'portal-keepalive',
    onAction: () => {
      activeSinceLastPing.current = true;
    },
  });

  useEffect(() => {
    activeSinceLastPing.current = activeAtStart;
    const interval = window.setInterval(() => {
      if (!activeSinceLastPing.current) return;
      activeSinceLastPing.current = false;
      void sendKeepalive(url);
    }, seconds * 1000);
    return () => window.clearInterval(interval);
  }, [url, seconds, activeAtStart]);

  return null;
}
