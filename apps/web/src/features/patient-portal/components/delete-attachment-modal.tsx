import type { Attachment } from '@portal/contract';
import { useTranslation } from 'react-i18next';
import { Modal } from '../../../components/ui/modal.tsx';
import { useDeleteAttachment } from '../api/attachment-changes-api.ts';
import type { AttachmentTarget } from '../api/attachments-api.ts';
import { attachmentFailureKeys } from '../model/attachment-failure.ts';
import { DialogButton } from './dialog-button.tsx';
import styles from './manage.module.css';

/**
 * The delete-attachment modal (docs/product/attachments.md): an alert dialog asking whether to
 * delete the named document. Yes deletes it (the call loads with the modal) and says how it went
 * through `onDone`; No, Escape and Close change nothing.
 */
export function DeleteAttachmentModal({
  target,
  attachment,
  onDone,
  onClose,
}: {
  target: AttachmentTarget;
  /** The document to delete; null while closed. */
  attachment: Attachment | null;
  /** What happened, in the patient's words; `deleted` when the document is gone. */
  onDone: (message: string, deleted: boolean) => void;
  onClose: () => void;
}) {
  const { t } = useTranslation();
  const remove = useDeleteAttachment(target);
  const busy = remove.isPending;
  const fileName = attachment?.fileName ?? null;
  const onConfirm = async () => {
    if (!attachment) return;
    try {
      await remove.mutateAsync(attachment.id);
      onDone(t('patient_portal.attachments.deleted', { name: attachment.fileName }), true);
    } catch (error) {
      onDone(t(attachmentFailureKeys(error)), false);
    }
  };
  return (
    <Modal
      isOpen={fileName !== null}
      onClose={busy ? undefined : onClose}
      role="alertdialog"
      tone="warning"
      title={t('patient_portal.attachments.delete_title')}
      closeLabel={t('action.close')}
      actions={
        <>
          <DialogButton tone="danger" busy={busy} onPress={() => void onConfirm()}>
            {t('patient_portal.attachments.delete_yes')}
          </DialogButton>
          <DialogButton busy={busy} onPress={onClose}>
            {t('patient_portal.attachments.delete_no')}
          </DialogButton>
        </>
      }
    >
      <p className={styles.question}>
        {t(
          target.kind === 'appointment'
            ? 'patient_portal.attachments.delete_text'
            : 'patient_portal.attachments.delete_text_request',
          { name: fileName ?? '' },
        )}
      </p>
    </Modal>
  );
}
