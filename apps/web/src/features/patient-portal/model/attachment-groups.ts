import type { Attachment } from '@portal/contract';

/** The documents of one document type; `title` null for those without a type ("Other documents"). */
export interface AttachmentGroup {
  typeId: number | null;
  title: string | null;
  attachments: Attachment[];
}

/**
 * Documents under their document type (docs/product/attachments.md): the types in `typeOrder`
 * first (what the exam needs, in its order), then other types as they first appear, and the
 * documents without a type last. The carousel walks them in this order too, so Previous and
 * Next follow the page.
 */
export function groupAttachments(
  attachments: readonly Attachment[],
  typeOrder: readonly number[] = [],
): AttachmentGroup[] {
  const groups = new Map<number | null, AttachmentGroup>();
  for (const attachment of attachments) {
    const type = attachment.documentType;
    const key = type?.id ?? null;
    const group = groups.get(key) ?? { typeId: key, title: type?.title ?? null, attachments: [] };
    group.attachments.push(attachment);
    groups.set(key, group);
  }
  const rank = (group: AttachmentGroup) => {
    if (group.typeId === null) return Number.MAX_SAFE_INTEGER;
    const at = typeOrder.indexOf(group.typeId);
    return at === -1 ? typeOrder.length : at;
  };
  // Array.prototype.sort is stable: types outside typeOrder keep their first appearance's order.
  return [...groups.values()].sort((a, b) => rank(a) - rank(b));
}
