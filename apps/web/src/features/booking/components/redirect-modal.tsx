import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Modal } from '../../../components/ui/modal.tsx';
import styles from './booking.module.css';

/**
 * docs/product/booking.md#constants: the redirect modal counts down 5 s in ticks of 1000 ms, then
 * navigates.
 */
export const redirectSeconds = 5;
export const redirectTickMs = 1000;

export function RedirectModal({
  isOpen,
  onNavigate,
  onCancel,
}: {
  isOpen: boolean;
  onNavigate: () => void;
  onCancel: () => void;
}) {
  const { t } = useTranslation();
  const [left, setLeft] = useState(redirectSeconds);
  useEffect(() => {
    if (!isOpen) {
      setLeft(redirectSeconds);
      return;
    }
    const timer = setInterval(() => setLeft((seconds) => seconds - 1), redirectTickMs);
    return () => clearInterval(timer);
  }, [isOpen]);
  useEffect(() => {
    if (isOpen && left <= 0) onNavigate();
  }, [isOpen, left, onNavigate]);
  return (
    <Modal
      dismiss="any"
      size="wide"
      isOpen={isOpen}
      onClose={onCancel}
      title={t('booking.redirect.title')}
      actions={
        <>
          <button type="button" className={styles.button} onClick={onNavigate}>
            {t('booking.redirect.go_now')}
          </button>
          <button type="button" className={styles.secondaryButton} onClick={onCancel}>
            {t('action.cancel')}
          </button>
        </>
      }
    >
      <p aria-live="polite">{t('booking.redirect.text', { count: Math.max(left, 0) })}</p>
    </Modal>
  );
}
