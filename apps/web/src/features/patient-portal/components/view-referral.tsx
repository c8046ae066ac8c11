import { lazy, Suspense, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useBookingConfig } from '../../booking/index.ts';
import {
  type AttachmentTarget,
  referralDownloadUrl,
  useTargetAttachments,
} from '../api/attachments-api.ts';

// The modal loads when the patient first nears or opens View referral.
const loadModal = () => import('./referral-list-modal.tsx');
const preloadModal = () => void loadModal().catch(() => undefined);
const ReferralListModal = lazy(async () => ({ default: (await loadModal()).ReferralListModal }));

/**
 * The header's View referral on the booking request page (docs/product/attachments.md), when
 * the provider's bookingRequestsDownloadReferralEnabled is on and the request has documents: with
 * one, a plain link to the referral download (the server sends it as an attachment); with
 * several, a button opening them in a modal. Rendered into the header by request-documents.tsx.
 */
export function ViewReferral({ target }: { target: AttachmentTarget }) {
  const { t } = useTranslation();
  const enabled = useBookingConfig().data?.bookingRequestsDownloadReferralEnabled === true;
  // The section's list (one query a key): no request of its own.
  const list = useTargetAttachments(target, enabled);
  const [isOpen, setOpen] = useState(false);
  const attachments = list.data?.attachments ?? [];
  if (!enabled || attachments.length === 0) return null;
  if (attachments.length === 1) {
    return <a href={referralDownloadUrl(target.bookingKey)}>{t('header.view_referral')}</a>;
  }
  return (
    <>
      <button
        type="button"
        aria-haspopup="dialog"
        onPointerEnter={preloadModal}
        onFocus={preloadModal}
        onClick={() => setOpen(true)}
      >
        {t('header.view_referral')}
      </button>
      {isOpen ? (
        <Suspense fallback={null}>
          <ReferralListModal
            target={target}
            attachments={attachments}
            isOpen={isOpen}
            onClose={() => setOpen(false)}
          />
        </Suspense>
      ) : null}
    </>
  );
}
