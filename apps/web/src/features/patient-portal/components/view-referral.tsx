import { lazy, Suspense } from 'react';
import { useTranslation } from 'react-i18next';
import { useBookingConfig } from '../../booking/index.ts';
import type { AttachmentTarget } from '../api/attachments-api.ts';
import { useRequestAttachments } from '../api/request-attachments-api.ts';

// With several documents the button opens the carousel viewer: its code (the grouping and the
// viewer's loader with its preload list, 1.7 KB gzip) loads when the list says so, not with the
// booking request page, which was over its 150 KB initial JavaScript (docs/benchmarks.md).
const ViewReferralCarousel = lazy(async () => ({
  default: (await import('./view-referral-carousel.tsx')).ViewReferralCarousel,
}));

/** The booking request's referral (its newest referral, else its newest document). */
const referralDownloadUrl = (bookingKey: string) =>
  `/api/secured/booking_requests/${encodeURIComponent(bookingKey)}/download`;

/**
 * The header's View referral on the booking request page (docs/product/attachments.md), when
 * the provider's bookingRequestsDownloadReferralEnabled is on and the request has documents: with
 * one, a plain link to the referral download (the server sends it as an attachment); with
 * several, a button opening the carousel viewer at the referral, walking the documents in the
 * section's order (view-referral-carousel.tsx).
 */
export function ViewReferral({ target }: { target: AttachmentTarget }) {
  const { t } = useTranslation();
  const enabled = useBookingConfig().data?.bookingRequestsDownloadReferralEnabled === true;
  // The section's list (one query a key): no request of its own.
  const list = useRequestAttachments(target, enabled);
  const documents = list.data;
  if (!enabled || !documents || documents.attachments.length === 0) return null;
  if (documents.attachments.length === 1) {
    return <a href={referralDownloadUrl(target.bookingKey)}>{t('header.view_referral')}</a>;
  }
  return (
    <Suspense fallback={null}>
      <ViewReferralCarousel target={target} documents={documents} />
    </Suspense>
  );
}
