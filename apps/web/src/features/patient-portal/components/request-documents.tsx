import { useMemo } from 'react';
import type { AttachmentTarget } from '../api/attachments-api.ts';
import { useRequestAttachments } from '../api/request-attachments-api.ts';
import { AttachmentsSection } from './attachments-section.tsx';

/** A booking request whose documents may still change (the server answers 409 otherwise). */
export const requestOpen = (status: string) => status === 'RECEIVED' || status === 'CONTACTED';

/**
 * A booking request's documents (docs/product/attachments.md): the Documents section in the
 * request's card, changeable while the request is open. Loaded by the booking request page when
 * near, apart from its route chunk (the initial JavaScript budget, docs/benchmarks.md, decision
 * 026); View referral in the header is `request-view-referral.tsx`, loaded with the page.
 */
export function RequestDocuments({
  bookingKey,
  status,
  onNotice,
}: {
  bookingKey: string;
  /** The request's status (its summary's). */
  status: string;
  onNotice: (text: string | null) => void;
}) {
  const target = useMemo<AttachmentTarget>(
    () => ({ kind: 'booking-request', bookingKey }),
    [bookingKey],
  );
  const list = useRequestAttachments(target);
  return (
    <AttachmentsSection
      target={target}
      list={list}
      active={requestOpen(status)}
      onNotice={onNotice}
    />
  );
}
