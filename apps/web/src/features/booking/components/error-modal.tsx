import { useTranslation } from 'react-i18next';
import { Modal } from '../../../components/ui/modal.tsx';
import styles from './booking.module.css';

/**
 * The error modal (docs/product/booking.md#errors): static, not dismissible by keyboard or a click
 * outside, with the error-message styling. Its button is the only way out.
 */
export function ErrorModal({ message, onClose }: { message: string | null; onClose: () => void }) {
  const { t } = useTranslation();
  return (
    <Modal
      isOpen={message !== null}
      onClose={onClose}
      dismiss="static"
      size="wide"
      tone="error"
      role="alertdialog"
      title={t('booking.error_modal.title')}
      actions={
        <button type="button" className={styles.button} onClick={onClose}>
          {t('booking.error_modal.choose_another')}
        </button>
      }
    >
      <p>{message}</p>
    </Modal>
  );
}
