import { lazy, Suspense, useEffect, useState } from 'react';
import { useApplicationConfig } from '../../../lib/config.tsx';

// The pinger and react-idle-timer load only where a keepalive is configured, and after the
// first paint: the booking home's initial JS has a strict budget (docs/benchmarks.md).
const KeepalivePinger = lazy(async () => ({
  default: (await import('./keepalive-pinger.tsx')).KeepalivePinger,
}));

/**
 * docs/product/shell-and-configuration.md#keepalive: runs while `keepaliveUrl` is set, never
 * when it is unset or blank.
 */
export function KeepaliveGate({ activeAtStart = false }: { activeAtStart?: boolean }) {
  const { keepaliveUrl, keepaliveSeconds } = useApplicationConfig();
  // A passive effect runs after the browser painted the first render.
  const [painted, setPainted] = useState(false);
  useEffect(() => setPainted(true), []);
  const url = keepaliveUrl?.trim();
  if (!url || !painted) return null;
  return (
    <Suspense fallback={null}>
      <KeepalivePinger url={url} seconds={keepaliveSeconds} activeAtStart={activeAtStart} />
    </Suspense>
  );
}
