import type { Attachment } from '@portal/contract';
import { useTranslation } from 'react-i18next';
import { Modal } from '../../../components/ui/modal.tsx';
import { browserTimeZone, formatClinicDateTime } from '../../../lib/clinic-time.ts';
import { formatFileSize } from '../model/file-size.ts';
import styles from './attachment-info-modal.module.css';

/** The upload's date and time: the patient's own clock (they uploaded it, wherever the clinic is). */
const uploadedStyle: Intl.DateTimeFormatOptions = {
  day: 'numeric',
  month: 'long',
  year: 'numeric',
  hour: 'numeric',
  minute: '2-digit',
};

/**
 * The attachment info modal (spec 1, modals: "description and file name"): the document type
 * with its description, the file's name, size and when it was uploaded. Null while closed.
 */
export function AttachmentInfoModal({
  attachment,
  onClose,
}: {
  attachment: Attachment | null;
  onClose: () => void;
}) {
  const { t, i18n } = useTranslation();
  const type = attachment?.documentType ?? null;
  const key = (name: string) => t(`patient_portal.attachments.info.${name}`);
  return (
    <Modal
      isOpen={attachment !== null}
      onClose={onClose}
      title={type?.title ?? t('patient_portal.attachments.other_document')}
      closeLabel={t('action.close')}
    >
      {type?.description ? <p className={styles.description}>{type.description}</p> : null}
      {attachment ? (
        <dl className={styles.facts}>
          <dt>{key('file_name')}</dt>
          <dd>{attachment.fileName}</dd>
          <dt>{key('size')}</dt>
          <dd>{formatFileSize(attachment.size, i18n.language)}</dd>
          <dt>{key('uploaded')}</dt>
          <dd>
            {formatClinicDateTime(
              attachment.createdAt,
              browserTimeZone(),
              i18n.language,
              uploadedStyle,
            )}
          </dd>
        </dl>
      ) : null}
    </Modal>
  );
}
