import { type RefObject, useId } from 'react';
import { Button } from 'react-aria-components';
import { useTranslation } from 'react-i18next';
import { Modal } from '../../../components/ui/modal.tsx';
import styles from './kiosk.module.css';

/** Seconds at which the countdown is announced again (the dialog's opening is announced as well). */
const announcedAt = new Set([5]);

/**
 * The inactivity warning (docs/product/kiosk.md#idle-flow): the seconds left before the kiosk
 * returns to its start, a Home button and a Cancel button that keeps the session going. It is
 * an alert dialog with focus on Cancel, the safe choice. The visible countdown ticks every
 * second; screen readers hear it when the dialog opens and once more near the end, not every
 * second. Escape also keeps the session going.
 */
export function InactivityModal({
  isOpen,
  seconds,
  onContinue,
  onHome,
  dialogRef,
}: {
  isOpen: boolean;
  seconds: number;
  onContinue: () => void;
  onHome: () => void;
  dialogRef: RefObject<HTMLElement | null>;
}) {
  const { t } = useTranslation();
  const textId = useId();
  const text = t('message.inactivity_text', { seconds });
  return (
    <Modal
      isOpen={isOpen}
      onClose={onContinue}
      layer="top"
      tone="warning"
      role="alertdialog"
      dialogRef={dialogRef}
      dialogProps={{ 'aria-describedby': textId }}
      title={t('kiosk.inactivity_title')}
      actions={
        <>
          {/* An alert dialog focuses its safe action (WAI-ARIA APG). */}
          <Button className={styles.primaryButton} onPress={onContinue} autoFocus>
            {t('action.cancel')}
          </Button>
          <Button className={styles.secondaryButton} onPress={onHome}>
            {t('action.home')}
          </Button>
        </>
      }
    >
      <p id={textId} className={styles.countdownText}>
        {text}
      </p>
      <p className="visually-hidden" aria-live="polite">
        {announcedAt.has(seconds) ? text : ''}
      </p>
    </Modal>
  );
}
