import { type ComponentProps, lazy, type ReactNode, Suspense, useState } from 'react';
import type { CancelReasonModal as CancelReasonModalType } from './cancel-reason-modal.tsx';
import type { RefusalModal as RefusalModalType } from './refusal-modal.tsx';
import type { RescheduleConfirm as RescheduleConfirmType } from './reschedule-confirm.tsx';

// The cancel reason, error and reschedule confirm modals (react-aria's dialog, about 26 KB gzip
// with the Modal) load on first use, so the appointment, booking request and reschedule pages
// paint without them (docs/benchmarks.md, patient pages). Until a modal has opened once, nothing
// is rendered; focus stays on the button that opened it while the chunk loads, and react-aria's
// focus scope gives it back there on close, as before.
const loadCancelReasonModal = () => import('./cancel-reason-modal.tsx');
const loadRefusalModal = () => import('./refusal-modal.tsx');
const loadRescheduleConfirm = () => import('./reschedule-confirm.tsx');

/**
 * Starts loading both modals' code: called when the patient presses an action that may open one,
 * so the chunk downloads while the server is asked (change-status, the cancel call).
 */
export function preloadManageModals(): void {
  void loadCancelReasonModal().catch(() => undefined);
  void loadRefusalModal().catch(() => undefined);
}

/** Starts loading the reschedule confirm modal: when the patient comes near the list of times. */
export function preloadRescheduleConfirm(): void {
  void loadRescheduleConfirm().catch(() => undefined);
}

/** True from the first render in which `open` is, for good (the modal then animates and closes). */
function useOpenedOnce(open: boolean): boolean {
  const [opened, setOpened] = useState(open);
  if (open && !opened) setOpened(true);
  return opened || open;
}

/**
 * Renders its modal from the first time `open` holds, and keeps it mounted after (the attachment
 * modals use it too: attachment-modals.tsx).
 */
export function OnFirstOpen({ open, children }: { open: boolean; children: ReactNode }) {
  const opened = useOpenedOnce(open);
  if (!opened) return null;
  return <Suspense fallback={null}>{children}</Suspense>;
}

const LazyCancelReasonModal = lazy(async () => ({
  default: (await loadCancelReasonModal()).CancelReasonModal,
}));
const LazyRefusalModal = lazy(async () => ({
  default: (await loadRefusalModal()).RefusalModal,
}));
const LazyRescheduleConfirm = lazy(async () => ({
  default: (await loadRescheduleConfirm()).RescheduleConfirm,
}));

export const CancelReasonModal = (props: ComponentProps<typeof CancelReasonModalType>) => (
  <OnFirstOpen open={props.isOpen}>
    <LazyCancelReasonModal {...props} />
  </OnFirstOpen>
);

export const RefusalModal = (props: ComponentProps<typeof RefusalModalType>) => (
  <OnFirstOpen open={props.refusal !== null}>
    <LazyRefusalModal {...props} />
  </OnFirstOpen>
);

export const RescheduleConfirm = (props: ComponentProps<typeof RescheduleConfirmType>) => (
  <OnFirstOpen open={props.to !== null}>
    <LazyRescheduleConfirm {...props} />
  </OnFirstOpen>
);
