import { useMemo } from 'react';
import { HeaderAction } from '../../../lib/header-actions.tsx';
import type { AttachmentTarget } from '../api/attachments-api.ts';
import { AttachmentsSection } from './attachments-section.tsx';
import { ViewReferral } from './view-referral.tsx';

/**
 * A booking request's documents (docs/product/attachments.md): the Documents section in the
 * request's card and View referral in the header. Loaded on demand by the booking request page,
 * apart from its first load (the initial JavaScript budget, docs/benchmarks.md).
 */
export function RequestDocuments({
  bookingKey,
  active,
  onNotice,
}: {
  bookingKey: string;
  /** RECEIVED or CONTACTED: documents may change; otherwise they are shown read-only. */
  active: boolean;
  onNotice: (text: string | null) => void;
}) {
  const target = useMemo<AttachmentTarget>(
    () => ({ kind: 'booking-request', bookingKey }),
    [bookingKey],
  );
  return (
    <>
      <HeaderAction>
        <ViewReferral target={target} />
      </HeaderAction>
      <AttachmentsSection target={target} active={active} onNotice={onNotice} />
    </>
  );
}
