import type { CheckInStatusResponse } from '@portal/contract';
import { lazy, type ReactNode, Suspense, useEffect, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import buttons from '../../../components/ui/button.module.css';
import { type CheckInTarget, fetchCheckInStatus, useCheckInStatus } from '../api/check-in-api.ts';
import styles from './check-in.module.css';

// The form, the doctor search and the processing modals load on the first press (or when the
// pointer or focus reaches the button): the appointment page's initial JavaScript has no room
// for them (docs/benchmarks.md).
const loadFlow = () => import('./check-in-flow.tsx');
const CheckInFlow = lazy(async () => ({ default: (await loadFlow()).CheckInFlow }));
const preloadFlow = () => void loadFlow().catch(() => undefined);

export interface CheckInActionProps extends CheckInTarget {
  /** The clinic's time zone: the date of referral may not be after the clinic's today. */
  timeZone: string;
  /** Opened from the QR code's link (?checkIn=): start the check-in once the status is in. */
  autoStart?: boolean;
  /**
   * A required referral is missing: the page opens its upload modal for that document type and
   * calls `uploaded` once it is stored, and the check-in goes on.
   */
  onReferralMissing?: (documentTypeId: number | null, uploaded: () => void) => void;
}

type Said = { key: string; params?: Record<string, unknown> } | null;

/**
 * An appointment's check-in from home (docs/product/check-in.md#the-web): the Check in button
 * while the window is open (and before it, to say when it opens), or where a check-in stands.
 */
export function CheckInAction({
  bookingKey,
  appointmentId,
  timeZone,
  autoStart = false,
  onReferralMissing,
}: CheckInActionProps) {
  const { t } = useTranslation();
  const target = { bookingKey, appointmentId };
  const status = useCheckInStatus(target);
  const [open, setOpen] = useState<CheckInStatusResponse | null>(null);
  const [said, setSaid] = useState<Said>(null);
  const button = useRef<HTMLButtonElement>(null);
  const started = useRef(false);

  const start = (current: CheckInStatusResponse) => {
    setSaid(null);
    if (current.window === 'NOT_YET_OPEN') {
      setSaid({
        key: 'message.late_enable_digital_check_in_error',
        params: { priorMinutes: current.priorMinutes },
      });
      return;
    }
    if (current.window !== 'OPEN' || !current.enabled) {
      setSaid({ key: 'check_in.closed' });
      return;
    }
    if (!current.readiness.ready) {
      if (!current.readiness.requiredReferralUploaded && onReferralMissing) {
        onReferralMissing(current.readiness.documentTypeId, () => {
          void fetchCheckInStatus(target).then(
            (next) => (next.readiness.ready ? setOpen(next) : start(next)),
            () => setSaid({ key: 'message.generic_error' }),
          );
        });
        return;
      }
      setSaid({ key: current.readiness.message ?? 'message.unknown_reason' });
      return;
    }
    preloadFlow();
    setOpen(current);
  };

  // The QR code's link: once, when the status first answers.
  useEffect(() => {
    if (!autoStart || started.current || !status.data) return;
    started.current = true;
    button.current?.focus();
    start(status.data);
  });

  if (!status.data) return null;
  const current = status.data;
  const { checkIn, window, enabled } = current;
  // The flow keeps its place whatever the card shows, so a status that changes under it (the
  // check-in it just sent) does not start it again.
  const flow = open ? (
    <Suspense fallback={null}>
      <CheckInFlow
        target={target}
        status={open}
        timeZone={timeZone}
        onClose={() => {
          setOpen(null);
          requestAnimationFrame(() => button.current?.focus());
        }}
      />
    </Suspense>
  ) : null;

  // A check-in whose delivery failed may be sent again while the window is open (check-in.md).
  const mayPress = enabled && window !== 'CLOSED' && (!checkIn || checkIn.state === 'FAILED');
  const note = checkIn ? (
    <div className={styles.state} data-state={checkIn.state}>
      <p className={styles.stateTitle}>
        {t(
          checkIn.state === 'DELIVERED'
            ? 'check_in.checked_in'
            : checkIn.state === 'QUEUED'
              ? 'check_in.sending_to_clinic'
              : 'message.check_in_error',
        )}
      </p>
      {checkIn.state === 'FAILED' ? <p>{t('message.check_in_error_desc')}</p> : null}
    </div>
  ) : null;
  const body: ReactNode =
    note || mayPress ? (
      <>
        {note}
        {mayPress ? (
          <>
            <button
              ref={button}
              type="button"
              className={buttons.button}
              onPointerEnter={preloadFlow}
              onFocus={preloadFlow}
              onClick={() => start(current)}
            >
              {t('check_in.action')}
            </button>
            <p className={styles.said} role="status">
              {said ? t(said.key, said.params) : null}
            </p>
          </>
        ) : null}
      </>
    ) : null;
  if (!body && !flow) return null;
  return (
    <div className={styles.action}>
      {body}
      {flow}
    </div>
  );
}
