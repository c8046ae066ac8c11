import type { Attachment, ExamDocumentType } from '@portal/contract';
import { type ChangeEvent, useId, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Field } from '../../../components/ui/field.tsx';
import { Modal } from '../../../components/ui/modal.tsx';
import { isAllowedReferral, useBookingConfig } from '../../booking/index.ts';
import { useReplaceAttachment, useUploadAttachment } from '../api/attachment-changes-api.ts';
import type { AttachmentTarget } from '../api/attachments-api.ts';
import { attachmentFailureKeys } from '../model/attachment-failure.ts';
import { DialogButton } from './dialog-button.tsx';
import styles from './manage.module.css';

/** A content type as a patient knows it: application/pdf is PDF, image/jpeg JPEG. */
export const fileTypeName = (contentType: string) =>
  (contentType.split('/')[1] ?? contentType).replace(/^x-/, '').split(/[+.;]/)[0]!.toUpperCase();

/**
 * The upload attachment modal (docs/product/attachments.md): the document type (what the exams
 * need, or another document) and the file, of the provider's validReferralContentTypes only; a
 * file of another type is cleared with a hint. Replacing asks for the file alone. It makes the
 * call (its code loads with the modal); a refusal is said on the file field, and handed to
 * `onFailed` for the page to show on the document type, and the patient may choose again.
 */
export function UploadAttachmentModal({
  isOpen,
  target,
  replacing,
  documentTypes,
  onSaved,
  onFailed,
  onClose,
}: {
  isOpen: boolean;
  /** The appointment or booking request the document is for. */
  target: AttachmentTarget;
  /** The document being replaced; null for a new upload. */
  replacing: Attachment | null;
  documentTypes: readonly ExamDocumentType[];
  /** The file is stored: the name of the file sent. */
  onSaved: (fileName: string) => void;
  /** The server refused it: the message, the file and the document type it was for (null: none). */
  onFailed: (failure: { message: string; fileName: string; documentTypeId: number | null }) => void;
  onClose: () => void;
}) {
  const { t } = useTranslation();
  const id = useId();
  const validTypes = useBookingConfig().data?.validReferralContentTypes ?? [];
  const typeNames = validTypes.map(fileTypeName).join(', ');
  const upload = useUploadAttachment(target);
  const replace = useReplaceAttachment(target);
  const busy = upload.isPending || replace.isPending;
  const [file, setFile] = useState<File | null>(null);
  const [typeId, setTypeId] = useState('');
  const [problem, setProblem] = useState<string | null>(null);

  // Each opening starts afresh, with the first document the exam still needs chosen (set while
  // rendering: a refetched list after a refusal must not clear the patient's choice).
  const [wasOpen, setWasOpen] = useState(false);
  if (isOpen !== wasOpen) {
    setWasOpen(isOpen);
    if (isOpen) {
      const missing = documentTypes.find((type) => !type.hasUploadedDocument) ?? documentTypes[0];
      setFile(null);
      setProblem(null);
      setTypeId(missing ? String(missing.documentTypeId) : '');
    }
  }

  const refused = (chosen: File) => validTypes.length > 0 && !isAllowedReferral(chosen, validTypes);
  const refuseType = () => {
    setFile(null);
    setProblem(t('form.referral_file_types', { types: typeNames }));
  };

  const choose = (event: ChangeEvent<HTMLInputElement>) => {
    const input = event.target;
    const chosen = input.files?.[0] ?? null;
    setProblem(null);
    if (chosen && refused(chosen)) {
      input.value = '';
      refuseType();
      return;
    }
    setFile(chosen);
  };

  const submit = async () => {
    if (busy) return;
    if (!file) {
      setProblem(t('patient_portal.attachments.choose_file'));
      return;
    }
    // A file chosen before the provider's types had loaded is checked again here.
    if (refused(file)) {
      refuseType();
      return;
    }
    const documentTypeId = replacing
      ? (replacing.documentType?.id ?? null)
      : typeId === ''
        ? null
        : Number(typeId);
    setProblem(null);
    try {
      if (replacing) await replace.mutateAsync({ id: replacing.id, file });
      else await upload.mutateAsync({ documentTypeId, file });
      onSaved(file.name);
    } catch (error) {
      const message = t(attachmentFailureKeys(error));
      setProblem(message);
      onFailed({ message, fileName: file.name, documentTypeId });
    }
  };

  return (
    <Modal
      isOpen={isOpen}
      onClose={busy ? undefined : onClose}
      title={
        replacing
          ? t('patient_portal.attachments.replace_title', { name: replacing.fileName })
          : t('patient_portal.attachments.upload_title')
      }
      closeLabel={t('action.close')}
      actions={
        <>
          <button
            type="submit"
            form={`${id}-form`}
            className={styles.button}
            aria-disabled={busy || undefined}
          >
            {busy
              ? t('patient_portal.attachments.uploading')
              : t(
                  replacing
                    ? 'patient_portal.attachments.replace'
                    : 'patient_portal.attachments.upload',
                )}
          </button>
          <DialogButton busy={busy} onPress={onClose}>
            {t('patient_portal.attachments.cancel')}
          </DialogButton>
        </>
      }
    >
      <form
        id={`${id}-form`}
        noValidate
        onSubmit={(event) => {
          event.preventDefault();
          void submit();
        }}
      >
        {replacing ? null : (
          <Field id={`${id}-type`} label={t('patient_portal.attachments.type_label')} width="full">
            {(control) => (
              <select
                {...control}
                value={typeId}
                onChange={(event) => setTypeId(event.target.value)}
              >
                {documentTypes.map((type) => (
                  <option key={type.documentTypeId} value={String(type.documentTypeId)}>
                    {type.title}
                  </option>
                ))}
                <option value="">{t('patient_portal.attachments.other_document')}</option>
              </select>
            )}
          </Field>
        )}
        <Field
          id={`${id}-file`}
          label={t('patient_portal.attachments.file_label')}
          hint={t('patient_portal.attachments.file_hint', { types: typeNames })}
          error={problem}
          announceError
          width="full"
          spacing="none"
        >
          {(control) => (
            <input
              {...control}
              type="file"
              accept={validTypes.join(',')}
              required
              onChange={choose}
            />
          )}
        </Field>
      </form>
    </Modal>
  );
}
