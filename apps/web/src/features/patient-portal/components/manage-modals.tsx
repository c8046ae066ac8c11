import { type ComponentProps, lazy, Suspense, useState } from 'react';
import type { CancelReasonModal as CancelReasonModalType } from './cancel-reason-modal.tsx';
import type { RefusalModal as RefusalModalType } from './refusal-modal.tsx';

// The cancel reason and error modals (react-aria's dialog, about 26 KB gzip with the Modal) load
// on first use, so the appointment and booking request pages paint without them
// (docs/benchmarks.md, patient pages). Until a modal has opened once, nothing is rendered; focus
// stays on the button that opened it while the chunk loads, and react-aria's focus scope gives it
// back there on close, as before.
const loadCancelReasonModal = () => import('./cancel-reason-modal.tsx');
const loadRefusalModal = () => import('./refusal-modal.tsx');

const LazyCancelReasonModal = lazy(async () => ({
  default: (await loadCancelReasonModal()).CancelReasonModal,
}));
const LazyRefusalModal = lazy(async () => ({
  default: (await loadRefusalModal()).RefusalModal,
}));

/**
 * Starts loading both modals' code: called when the patient presses an action that may open one,
 * so the chunk downloads while the server is asked (change-status, the cancel call).
 */
export function preloadManageModals(): void {
  void loadCancelReasonModal().catch(() => undefined);
  void loadRefusalModal().catch(() => undefined);
}

/** True from the first render in which `open` is, for good (the modal then animates and closes). */
function useOpenedOnce(open: boolean): boolean {
  const [opened, setOpened] = useState(open);
  if (open && !opened) setOpened(true);
  return opened || open;
}

export function CancelReasonModal(props: ComponentProps<typeof CancelReasonModalType>) {
  const opened = useOpenedOnce(props.isOpen);
  if (!opened) return null;
  return (
    <Suspense fallback={null}>
      <LazyCancelReasonModal {...props} />
    </Suspense>
  );
}

export function RefusalModal(props: ComponentProps<typeof RefusalModalType>) {
  const opened = useOpenedOnce(props.refusal !== null);
  if (!opened) return null;
  return (
    <Suspense fallback={null}>
      <LazyRefusalModal {...props} />
    </Suspense>
  );
}
