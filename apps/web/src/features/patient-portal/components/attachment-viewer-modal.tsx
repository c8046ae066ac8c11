import type { Attachment } from '@portal/contract';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Modal } from '../../../components/ui/modal.tsx';
import { slideKindOf } from '../model/attachment-viewer.ts';
import styles from './attachment-viewer.module.css';
import { type AttachmentFileUrl, AttachmentViewer } from './attachment-viewer.tsx';

/**
 * The attachment carousel viewer (spec 1, modals; docs/product/attachments.md): the documents in
 * the large modal (§9 "Attachment modal size large"), opened at `startIndex`. Its title is the
 * document shown, with "Document 2 of 3" above it and its type below; a picture's Download is
 * there too (a PDF's or another file's card has its own). Loaded with the carousel on first use
 * (attachment-modals.tsx); the appointment's and the booking request's pages both open it.
 */
export function AttachmentViewerModal({
  attachments,
  startIndex,
  fileUrl,
  isOpen,
  onClose,
}: {
  attachments: readonly Attachment[];
  startIndex: number;
  fileUrl: AttachmentFileUrl;
  isOpen: boolean;
  onClose: () => void;
}) {
  const { t } = useTranslation();
  // Where the carousel started and which document it shows: back to startIndex at each opening.
  const [shown, setShown] = useState({ isOpen, start: startIndex, index: startIndex });
  if (shown.isOpen !== isOpen) setShown({ isOpen, start: startIndex, index: startIndex });
  const current = attachments[shown.index] ?? attachments[0];
  const total = attachments.length;
  return (
    <Modal
      isOpen={isOpen && current !== undefined}
      onClose={onClose}
      size="lg"
      title={<span className={styles.title}>{current?.fileName}</span>}
      eyebrow={
        total > 1
          ? t('patient_portal.attachments.viewer.position', { index: shown.index + 1, total })
          : undefined
      }
      closeLabel={t('action.close')}
    >
      <AttachmentViewer
        attachments={attachments}
        startIndex={shown.start}
        fileUrl={fileUrl}
        onView={(index) => setShown((before) => ({ ...before, index }))}
      />
      {current ? (
        <div className={styles.caption}>
          <p>{current.documentType?.title ?? t('patient_portal.attachments.other_document')}</p>
          {slideKindOf(current.contentType) === 'image' ? (
            <a
              className={styles.captionLink}
              href={fileUrl(current.id, 'download')}
              aria-label={t('patient_portal.attachments.download_name', {
                name: current.fileName,
              })}
            >
              {t('patient_portal.attachments.download')}
            </a>
          ) : null}
        </div>
      ) : null}
    </Modal>
  );
}
