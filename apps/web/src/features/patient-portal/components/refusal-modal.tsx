import { useTranslation } from 'react-i18next';
import { Modal } from '../../../components/ui/modal.tsx';
import type { Refusal } from '../model/manage-rules.ts';
import { periodOf } from '../model/manage-rules.ts';
import styles from './manage.module.css';

/**
 * The error modal of a change the portal cannot make (docs/product/patient-portal.md#manage: static, not dismissible by
 * keyboard, error styling): its title and the reason (`message.cancel_prior_minutes`,
 * `message.reschedule_cancelled_appts`, ...), a window's length written as a person says it.
 * Close is the only way out.
 */
export function RefusalModal({
  refusal,
  onClose,
}: {
  refusal: Refusal | null;
  onClose: () => void;
}) {
  const { t } = useTranslation();
  const period = refusal?.priorMinutes === undefined ? null : periodOf(refusal.priorMinutes);
  return (
    <Modal
      isOpen={refusal !== null}
      onClose={onClose}
      dismiss="static"
      tone="error"
      role="alertdialog"
      title={refusal ? t(refusal.title) : ''}
      actions={
        <button type="button" className={styles.button} onClick={onClose}>
          {t('action.close')}
        </button>
      }
    >
      {refusal ? (
        <p className={styles.question}>
          {t(refusal.message, {
            period: period ? t(`patient_portal.period.${period.key}`, { count: period.count }) : '',
          })}
        </p>
      ) : null}
    </Modal>
  );
}
