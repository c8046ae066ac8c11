import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import {
  type AttachmentTarget,
  attachmentFileUrl,
  type TargetAttachments,
} from '../api/attachments-api.ts';
import { groupAttachments } from '../model/attachment-groups.ts';
import { AttachmentViewerModal, preloadAttachmentViewer } from './attachment-modals.tsx';

/**
 * View referral when the request has several documents (view-referral.tsx): a button opening
 * the carousel viewer at the referral, walking the documents in the section's order.
 */
export function ViewReferralCarousel({
  target,
  documents,
}: {
  target: AttachmentTarget;
  documents: TargetAttachments;
}) {
  const { t } = useTranslation();
  const [isOpen, setOpen] = useState(false);
  const shown = groupAttachments(
    documents.attachments,
    documents.needs.map((need) => need.documentTypeId),
  ).flatMap((group) => group.attachments);
  const referral = shown.findIndex((attachment) => attachment.documentType?.slug === 'referral');
  return (
    <>
      <button
        type="button"
        aria-haspopup="dialog"
        onPointerEnter={preloadAttachmentViewer}
        onFocus={preloadAttachmentViewer}
        onClick={() => setOpen(true)}
      >
        {t('header.view_referral')}
      </button>
      <AttachmentViewerModal
        attachments={shown}
        startIndex={Math.max(referral, 0)}
        fileUrl={(id, what) => attachmentFileUrl(target, id, what)}
        isOpen={isOpen}
        onClose={() => setOpen(false)}
      />
    </>
  );
}
