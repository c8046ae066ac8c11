import { useTranslation } from 'react-i18next';
import { Modal } from '../../../components/ui/modal.tsx';
import styles from './consent-forms.module.css';

/**
 * The consent form notification modal (spec 2 §2): the page opened with forms to sign. Start
 * walks through them; Later (or Escape) leaves them for the list on the page.
 */
export function ConsentNotificationModal({
  count,
  isOpen,
  onStart,
  onLater,
}: {
  count: number;
  isOpen: boolean;
  onStart: () => void;
  onLater: () => void;
}) {
  const { t } = useTranslation();
  return (
    <Modal
      isOpen={isOpen}
      dismiss="escape"
      onClose={onLater}
      title={t('consent_forms.notification_title')}
      actions={
        <>
          <button type="button" className={styles.button} onClick={onStart}>
            {t('consent_forms.notification_start')}
          </button>
          <button type="button" className={styles.secondaryButton} onClick={onLater}>
            {t('consent_forms.notification_later')}
          </button>
        </>
      }
    >
      <p>{t('consent_forms.notification_text', { count })}</p>
    </Modal>
  );
}
