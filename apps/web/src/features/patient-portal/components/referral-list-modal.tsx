import type { Attachment } from '@portal/contract';
import { useTranslation } from 'react-i18next';
import { Modal } from '../../../components/ui/modal.tsx';
import { type AttachmentTarget, attachmentFileUrl } from '../api/attachments-api.ts';
import styles from './attachments.module.css';
import { DialogButton } from './dialog-button.tsx';
import manage from './manage.module.css';

/**
 * View referral's modal when the booking request has several documents
 * (docs/product/attachments.md): each document's name and type with its Download link.
 */
export function ReferralListModal({
  target,
  attachments,
  isOpen,
  onClose,
}: {
  target: AttachmentTarget;
  attachments: readonly Attachment[];
  isOpen: boolean;
  onClose: () => void;
}) {
  const { t } = useTranslation();
  return (
    <Modal
      isOpen={isOpen}
      onClose={onClose}
      dismiss="any"
      title={t('patient_portal.attachments.referral_list_title')}
      closeLabel={t('action.close')}
      actions={
        <DialogButton busy={false} onPress={onClose}>
          {t('action.close')}
        </DialogButton>
      }
    >
      <ul className={styles.list}>
        {attachments.map((attachment) => (
          <li key={attachment.id} className={styles.item}>
            <p className={styles.title}>{attachment.fileName}</p>
            <p className={styles.meta}>
              {attachment.documentType?.title ?? t('patient_portal.attachments.other_document')}
            </p>
            <div className={styles.fileActions}>
              <a
                className={manage.secondaryButton}
                href={attachmentFileUrl(target, attachment.id, 'download')}
                aria-label={t('patient_portal.attachments.download_name', {
                  name: attachment.fileName,
                })}
              >
                {t('patient_portal.attachments.download')}
              </a>
            </div>
          </li>
        ))}
      </ul>
    </Modal>
  );
}
