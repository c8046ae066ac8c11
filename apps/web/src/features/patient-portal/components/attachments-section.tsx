import type { Attachment } from '@portal/contract';
import type { UseQueryResult } from '@tanstack/react-query';
import { useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { LoadError, Loading } from '../../../components/ui/status.tsx';
import {
  type AttachmentTarget,
  attachmentFileUrl,
  type TargetAttachments,
  useAppointmentAttachments,
} from '../api/attachments-api.ts';
import { useFocusRescue } from '../hooks/use-focus-rescue.ts';
import { groupAttachments } from '../model/attachment-groups.ts';
import { AttachmentList, OpensModal } from './attachment-list.tsx';
import {
  AttachmentInfoModal,
  AttachmentViewerModal,
  DeleteAttachmentModal,
  UploadAttachmentModal,
} from './attachment-modals.tsx';
import styles from './attachments.module.css';
import manage from './manage.module.css';

type Editing = { kind: 'upload' } | { kind: 'replace'; attachment: Attachment } | null;

/** A refused upload: said on the document type it was for (null: the documents group). */
interface Failure {
  documentTypeId: number | null;
  message: string;
}

/**
 * The documents of an appointment or a booking request (docs/product/attachments.md): what its
 * exams need, what is there with download and (PDF) view links, and while the booking is active
 * the upload, replace and delete. Loaded on demand with its card, through AppointmentDocuments
 * (below) or request-documents.tsx, which hand it their list; its modals on first use. What a change did is said in the card's live region (`onNotice`).
 */
export function AttachmentsSection({
  target,
  list,
  active,
  onNotice,
}: {
  target: AttachmentTarget;
  /** The target's part of its key's list (null: the list does not have it). */
  list: UseQueryResult<TargetAttachments | null>;
  /**
   * A BOOKED or PENDING appointment, a RECEIVED or CONTACTED request: documents may change;
   * otherwise they are shown read-only.
   */
  active: boolean;
  /** Says what a change did in the card's live region. */
  onNotice: (text: string | null) => void;
}) {
  const { t } = useTranslation();
  const [editing, setEditing] = useState<Editing>(null);
  const [deleting, setDeleting] = useState<Attachment | null>(null);
  const [failure, setFailure] = useState<Failure | null>(null);
  // The carousel's first document (an index into `shown`), and the document whose info is open.
  const [viewing, setViewing] = useState<number | null>(null);
  const [about, setAbout] = useState<Attachment | null>(null);
  const heading = useRef<HTMLHeadingElement>(null);
  const focusHeading = useFocusRescue(heading);
  const headingId = `documents-${target.kind === 'appointment' ? target.appointmentId : 'request'}`;
  const ofRequest = target.kind === 'booking-request';

  if (list.isPending) return <Loading />;
  if (list.isError) return <LoadError onRetry={() => void list.refetch()} />;
  const entry = list.data;
  if (!entry || (!active && entry.attachments.length === 0)) return null;
  const { needs } = entry;
  const groups = groupAttachments(
    entry.attachments,
    needs.map((need) => need.documentTypeId),
  );
  // The carousel walks the documents in the page's order.
  const shown = groups.flatMap((group) => group.attachments);

  const open = (next: Editing) => {
    onNotice(null);
    setEditing(next);
  };

  const saved = (fileName: string) => {
    setFailure(null);
    onNotice(
      t(
        editing?.kind === 'replace'
          ? 'patient_portal.attachments.replaced'
          : 'patient_portal.attachments.uploaded',
        { name: fileName },
      ),
    );
    setEditing(null);
  };

  const deleted = (message: string, gone: boolean) => {
    onNotice(message);
    setDeleting(null);
    // Its Delete button is gone: the section's heading takes focus.
    if (gone) focusHeading();
  };

  const failureOf = (documentTypeId: number | null) =>
    failure && failure.documentTypeId === documentTypeId ? (
      <p className={styles.failure}>{failure.message}</p>
    ) : null;

  return (
    <section className={styles.section} aria-labelledby={headingId}>
      <h3 id={headingId} ref={heading} tabIndex={-1} className={styles.heading}>
        {t('patient_portal.attachments.heading')}
      </h3>
      {needs.length > 0 ? (
        <>
          <h4 className={styles.subheading}>
            {t(
              ofRequest
                ? 'patient_portal.attachments.needs_heading_request'
                : 'patient_portal.attachments.needs_heading',
            )}
          </h4>
          <ul className={styles.list}>
            {needs.map((need) => (
              <li key={need.documentTypeId} className={styles.item}>
                <p className={styles.title}>
                  {need.title}{' '}
                  <span className={styles.tag}>
                    {t(
                      need.required
                        ? 'patient_portal.attachments.required'
                        : 'patient_portal.attachments.optional',
                    )}
                  </span>
                </p>
                {need.description ? <p className={styles.meta}>{need.description}</p> : null}
                <p
                  className={
                    need.hasUploadedDocument
                      ? styles.done
                      : need.required
                        ? styles.missing
                        : styles.meta
                  }
                >
                  {need.uploadedDocument
                    ? t('patient_portal.attachments.has_document', {
                        name: need.uploadedDocument.fileName,
                      })
                    : t('patient_portal.attachments.no_document')}
                </p>
                {failureOf(need.documentTypeId)}
              </li>
            ))}
          </ul>
        </>
      ) : null}
      <h4 className={styles.subheading}>{t('patient_portal.attachments.documents_heading')}</h4>
      {failure && !needs.some((need) => need.documentTypeId === failure.documentTypeId)
        ? failureOf(failure.documentTypeId)
        : null}
      {entry.attachments.length === 0 ? (
        <p className={styles.meta}>
          {t(
            ofRequest
              ? 'patient_portal.attachments.none_request'
              : 'patient_portal.attachments.none',
          )}
        </p>
      ) : (
        <AttachmentList
          groups={groups}
          target={target}
          active={active}
          onShow={(attachment) => setViewing(shown.indexOf(attachment))}
          onAbout={setAbout}
          onReplace={(attachment) => open({ kind: 'replace', attachment })}
          onDelete={setDeleting}
        />
      )}
      {active ? (
        <OpensModal
          className={`${manage.button} ${styles.upload}`}
          onPress={() => open({ kind: 'upload' })}
        >
          {t('patient_portal.attachments.upload_button')}
        </OpensModal>
      ) : (
        <p className={styles.meta}>
          {t(
            ofRequest
              ? 'patient_portal.attachments.read_only_request'
              : 'patient_portal.attachments.read_only',
          )}
        </p>
      )}
      <UploadAttachmentModal
        isOpen={editing !== null}
        target={target}
        replacing={editing?.kind === 'replace' ? editing.attachment : null}
        documentTypes={needs}
        onSaved={saved}
        onFailed={({ message, fileName, documentTypeId }) =>
          setFailure({
            documentTypeId,
            message: t('patient_portal.attachments.upload_failed', {
              name: fileName,
              reason: message,
            }),
          })
        }
        onClose={() => setEditing(null)}
      />
      <DeleteAttachmentModal
        target={target}
        attachment={deleting}
        onDone={deleted}
        onClose={() => setDeleting(null)}
      />
      <AttachmentViewerModal
        attachments={shown}
        startIndex={viewing ?? 0}
        fileUrl={(id, what) => attachmentFileUrl(target, id, what)}
        isOpen={viewing !== null}
        onClose={() => setViewing(null)}
      />
      <AttachmentInfoModal attachment={about} onClose={() => setAbout(null)} />
    </section>
  );
}

/**
 * An appointment's documents (docs/product/attachments.md): the Documents section of its card,
 * with its part of the key's list. Loaded on demand by appointment-card.tsx (here rather than in
 * a module of its own: a chunk of its own would cost the appointment page more than its code).
 */
export function AppointmentDocuments({
  bookingKey,
  appointmentId,
  active,
  onNotice,
}: {
  bookingKey: string;
  appointmentId: string;
  /** BOOKED or PENDING: documents may change; otherwise they are shown read-only. */
  active: boolean;
  onNotice: (text: string | null) => void;
}) {
  const target = { kind: 'appointment', bookingKey, appointmentId } as const;
  const list = useAppointmentAttachments(target);
  return <AttachmentsSection target={target} list={list} active={active} onNotice={onNotice} />;
}
