import type { Attachment } from '@portal/contract';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { type AttachmentTarget, attachmentFileUrl } from '../api/attachments-api.ts';
import type { AttachmentGroup } from '../model/attachment-groups.ts';
import {
  preloadAttachmentInfo,
  preloadAttachmentModals,
  preloadAttachmentViewer,
} from './attachment-modals.tsx';
import styles from './attachments.module.css';
import manage from './manage.module.css';

/**
 * A booking's documents under their document type's heading ("Other documents" for those without
 * one; attachments-section.tsx): each with Show (the carousel, there), About (the info modal),
 * Download, View for a PDF (a new tab), and while the booking is active Replace and Delete.
 */
export function AttachmentList({
  groups,
  target,
  active,
  onShow,
  onAbout,
  onReplace,
  onDelete,
}: {
  groups: readonly AttachmentGroup[];
  target: AttachmentTarget;
  active: boolean;
  onShow: (attachment: Attachment) => void;
  onAbout: (attachment: Attachment) => void;
  onReplace: (attachment: Attachment) => void;
  onDelete: (attachment: Attachment) => void;
}) {
  const { t } = useTranslation();
  return groups.map((group) => (
    <div key={group.typeId}>
      <h5 className={styles.group}>
        {group.title ?? t('patient_portal.attachments.other_documents')}
      </h5>
      <ul className={styles.list}>
        {group.attachments.map((attachment) => {
          // Each control's name carries the file's ("Show referral.pdf"), its words only the verb.
          const named = (key: string) =>
            t(`patient_portal.attachments.${key}_name`, { name: attachment.fileName });
          const verb = (key: string) => t(`patient_portal.attachments.${key}`);
          return (
            <li key={attachment.id} className={styles.item}>
              <p className={styles.title}>{attachment.fileName}</p>
              <div className={styles.fileActions}>
                <OpensModal
                  label={named('show')}
                  preload={preloadAttachmentViewer}
                  onPress={() => onShow(attachment)}
                >
                  {verb('show')}
                </OpensModal>
                <OpensModal
                  label={named('about')}
                  preload={preloadAttachmentInfo}
                  onPress={() => onAbout(attachment)}
                >
                  {verb('about')}
                </OpensModal>
                <a
                  className={manage.secondaryButton}
                  href={attachmentFileUrl(target, attachment.id, 'download')}
                  aria-label={named('download')}
                >
                  {verb('download')}
                </a>
                {attachment.contentType === 'application/pdf' ? (
                  <a
                    className={manage.secondaryButton}
                    href={attachmentFileUrl(target, attachment.id, 'view')}
                    target="_blank"
                    rel="noopener"
                    aria-label={named('view')}
                  >
                    {verb('view')}
                  </a>
                ) : null}
                {active ? (
                  <>
                    <OpensModal label={named('replace')} onPress={() => onReplace(attachment)}>
                      {verb('replace')}
                    </OpensModal>
                    <OpensModal label={named('delete')} onPress={() => onDelete(attachment)}>
                      {verb('delete')}
                    </OpensModal>
                  </>
                ) : null}
              </div>
            </li>
          );
        })}
      </ul>
    </div>
  ));
}

/** A button that opens one of the modals: their code starts loading as a pointer or focus nears. */
export function OpensModal({
  label,
  className = manage.secondaryButton,
  preload = preloadAttachmentModals,
  onPress,
  children,
}: {
  /** The accessible name, when the visible words need the file's name beside them. */
  label?: string;
  className?: string | undefined;
  /** Starts loading the modal's code (the upload and delete modals' unless told). */
  preload?: () => void;
  onPress: () => void;
  children: ReactNode;
}) {
  return (
    <button
      type="button"
      className={className}
      aria-label={label}
      onPointerEnter={preload}
      onFocus={preload}
      onClick={onPress}
    >
      {children}
    </button>
  );
}
