import { type ReactNode, useEffect, useState } from 'react';
import { activityEvents } from '../../lib/activity.ts';

/**
 * Renders `children` from the person's first input on (the kiosk's activity events,
 * lib/activity.ts): for the shell's services that only matter once someone uses the page (the
 * keepalive pings only after activity; navigation needs a click or a key). Their code is then
 * not part of any page's first load, which the initial JavaScript budget counts
 * (docs/benchmarks.md).
 */
export function AfterFirstInput({ children }: { children: ReactNode }) {
  const [used, setUsed] = useState(false);
  useEffect(() => {
    if (used) return;
    const use = () => setUsed(true);
    for (const name of activityEvents) window.addEventListener(name, use, { passive: true });
    return () => {
      for (const name of activityEvents) window.removeEventListener(name, use);
    };
  }, [used]);
  return used ? children : null;
}
