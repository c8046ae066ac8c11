import { useTranslation } from 'react-i18next';
import styles from './booking.module.css';
import { BookingModal } from './booking-modal.tsx';

/**
 * The error modal (spec 2 §2): static, not dismissible by keyboard or a click outside, with
 * the error-message styling. Its button is the only way out.
 */
export function ErrorModal({ message, onClose }: { message: string | null; onClose: () => void }) {
  const { t } = useTranslation();
  return (
    <BookingModal
      isOpen={message !== null}
      onClose={onClose}
      isStatic
      variant="error"
      title={t('booking.error_modal.title')}
      actions={
        <button type="button" className={styles.button} onClick={onClose}>
          {t('booking.error_modal.choose_another')}
        </button>
      }
    >
      <p>{message}</p>
    </BookingModal>
  );
}
