import { lazy, Suspense } from 'react';
import { useShellMode } from '../../../lib/shell-mode.ts';

// react-idle-timer and the modal load only on a kiosk: the booking home's initial bundle
// has a strict budget and most visitors never use kiosk mode.
const KioskIdleWatcher = lazy(async () => ({
  default: (await import('./kiosk-idle-watcher.tsx')).KioskIdleWatcher,
}));

/**
 * docs/product/kiosk.md#idle-flow: the idle watcher runs while kioskMode is true and stops when it
 * is not.
 */
export function KioskIdleGate() {
  const { kioskMode } = useShellMode();
  if (!kioskMode) return null;
  return (
    <Suspense fallback={null}>
      <KioskIdleWatcher />
    </Suspense>
  );
}
