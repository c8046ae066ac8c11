import type { BookingRequestAttachmentsResponse } from '@portal/contract';
import { mergedNeeds } from '../model/document-needs.ts';
import { type AttachmentTarget, useAttachmentsList } from './attachments-api.ts';

/**
 * A booking request's documents (docs/product/attachments.md): what its exams need, merged into
 * one list, and its documents. Shared by the section and the header's View referral (one query).
 */
export function useRequestAttachments(target: AttachmentTarget, enabled = true) {
  return useAttachmentsList(
    target,
    (list: BookingRequestAttachmentsResponse) => ({
      needs: mergedNeeds(list.exams),
      attachments: list.attachments,
    }),
    enabled,
  );
}
