import { useTranslation } from 'react-i18next';
import buttons from '../../../components/ui/button.module.css';
import { Modal } from '../../../components/ui/modal.tsx';

/** What the notification says: the form just signed, whether the patient was e-mailed, what is left. */
export interface ConsentNotification {
  title: string;
  notifyPatient: boolean;
  remaining: number;
}

/**
 * The consent form notification modal (spec 2 §2; §3: saving answers `notifyPatient`): the
 * form is signed, whether a notice went to the patient's e-mail, and the forms still to sign,
 * with Sign now for the next one (docs/decisions/026: it follows a signature rather than the
 * page's opening, whose initial JavaScript has no room for a dialog).
 */
export function ConsentNotificationModal({
  notification,
  onStart,
  onClose,
}: {
  notification: ConsentNotification;
  onStart: () => void;
  onClose: () => void;
}) {
  const { t } = useTranslation();
  const { remaining } = notification;
  return (
    <Modal
      isOpen
      dismiss="escape"
      onClose={onClose}
      title={t('consent_forms.signed_notice', { title: notification.title })}
      actions={
        remaining > 0 ? (
          <>
            <button type="button" className={buttons.button} onClick={onStart}>
              {t('consent_forms.notification_start')}
            </button>
            <button type="button" className={buttons.secondaryButton} onClick={onClose}>
              {t('consent_forms.notification_later')}
            </button>
          </>
        ) : (
          <button type="button" className={buttons.button} onClick={onClose}>
            {t('action.close')}
          </button>
        )
      }
    >
      {notification.notifyPatient ? <p>{t('consent_forms.copy_sent')}</p> : null}
      {remaining > 0 ? <p>{t('consent_forms.notification_text', { count: remaining })}</p> : null}
    </Modal>
  );
}
