import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useBookingConfig } from '../../booking/index.ts';
import { type AttachmentTarget, attachmentFileUrl } from '../api/attachments-api.ts';
import { useRequestAttachments } from '../api/request-attachments-api.ts';
import { groupAttachments } from '../model/attachment-groups.ts';
import { AttachmentViewerModal, preloadAttachmentViewer } from './attachment-modals.tsx';

/** The booking request's referral (its newest referral, else its newest document). */
const referralDownloadUrl = (bookingKey: string) =>
  `/api/secured/booking_requests/${encodeURIComponent(bookingKey)}/download`;

/**
 * The header's View referral on the booking request page (docs/product/attachments.md), when
 * the provider's bookingRequestsDownloadReferralEnabled is on and the request has documents: with
 * one, a plain link to the referral download (the server sends it as an attachment); with
 * several, a button opening the carousel viewer at the referral, walking the documents in the
 * section's order. Rendered into the header by request-documents.tsx.
 */
export function ViewReferral({ target }: { target: AttachmentTarget }) {
  const { t } = useTranslation();
  const enabled = useBookingConfig().data?.bookingRequestsDownloadReferralEnabled === true;
  // The section's list (one query a key): no request of its own.
  const list = useRequestAttachments(target, enabled);
  const [isOpen, setOpen] = useState(false);
  const documents = list.data;
  if (!enabled || !documents || documents.attachments.length === 0) return null;
  if (documents.attachments.length === 1) {
    return <a href={referralDownloadUrl(target.bookingKey)}>{t('header.view_referral')}</a>;
  }
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
