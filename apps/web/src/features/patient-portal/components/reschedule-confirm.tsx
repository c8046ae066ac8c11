import { useTranslation } from 'react-i18next';
import { Modal } from '../../../components/ui/modal.tsx';
import styles from './reschedule.module.css';

/** One end of the move: the clinic-local time as written, and the clinic. */
export interface MoveEnd {
  time: string;
  clinicName: string;
}

/**
 * "Move your appointment from X to Y?" (docs/product/patient-portal.md#reschedule): asks before
 * the move is made. While the call runs the buttons stay where they are, marked busy; a failure
 * other than a lost time or a refusal is said here, and the patient may try again.
 */
export function RescheduleConfirm({
  from,
  to,
  busy,
  failed,
  onConfirm,
  onClose,
}: {
  from: MoveEnd;
  /** The chosen time; the modal is open while there is one. */
  to: MoveEnd | null;
  busy: boolean;
  failed: boolean;
  onConfirm: () => void;
  onClose: () => void;
}) {
  const { t } = useTranslation();
  const otherClinic = to !== null && to.clinicName !== from.clinicName;
  return (
    <Modal
      isOpen={to !== null}
      onClose={busy ? undefined : onClose}
      dismiss={busy ? 'static' : 'escape'}
      role="alertdialog"
      title={t('patient_portal.reschedule.confirm_title')}
      actions={
        <>
          <button
            type="button"
            className={styles.button}
            aria-disabled={busy || undefined}
            onClick={() => {
              if (!busy) onConfirm();
            }}
          >
            {t(busy ? 'patient_portal.reschedule.moving' : 'patient_portal.reschedule.confirm')}
          </button>
          <button
            type="button"
            className={styles.secondaryButton}
            aria-disabled={busy || undefined}
            onClick={() => {
              if (!busy) onClose();
            }}
          >
            {t('patient_portal.reschedule.keep')}
          </button>
        </>
      }
    >
      {to ? (
        <p className={styles.question}>
          {otherClinic
            ? t('patient_portal.reschedule.confirm_text_clinic', {
                from: from.time,
                fromClinic: from.clinicName,
                to: to.time,
                toClinic: to.clinicName,
              })
            : t('patient_portal.reschedule.confirm_text', { from: from.time, to: to.time })}
        </p>
      ) : null}
      {failed ? (
        <p className={styles.inlineError} role="alert">
          {t('patient_portal.reschedule.failed')}
        </p>
      ) : null}
    </Modal>
  );
}
