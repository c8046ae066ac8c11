import { useTranslation } from 'react-i18next';
import { Modal } from '../../../components/ui/modal.tsx';
import styles from './manage.module.css';

/**
 * A detail change request was sent (spec 2 §8): message.patient_request_success_message, then
 * message.patient_request_success_confirmation_message.
 */
export function PatientRequestSent({ onClose }: { onClose: () => void }) {
  const { t } = useTranslation();
  return (
    <Modal
      isOpen
      onClose={onClose}
      title={t('message.patient_request_success_message')}
      closeLabel={t('action.close')}
      actions={
        <button type="button" className={styles.button} onClick={onClose}>
          {t('patient_details.ok')}
        </button>
      }
    >
      <p>{t('message.patient_request_success_confirmation_message')}</p>
    </Modal>
  );
}
