/**
 * Kiosk mode (docs/product/kiosk.md): the /kiosk start screen with the kiosk identity
 * modal, kiosk check-in (/check-in), and the idle watcher the shell mounts (its code loads only
 * in kiosk mode).
 */
export { KioskIdleGate } from './components/kiosk-idle-gate.tsx';

export const kioskRoute = async () => ({
  Component: (await import('./routes/kiosk-page.tsx')).KioskPage,
});

export const kioskCheckInRoute = async () => ({
  Component: (await import('./routes/check-in-page.tsx')).KioskCheckInPage,
});
