import type { Attachment, DocumentType } from '@portal/contract';
import { describe, expect, it } from 'vitest';
import { groupAttachments } from './attachment-groups.ts';

const referral: DocumentType = { id: 1, slug: 'referral', title: 'Referral', description: '' };
const report: DocumentType = { id: 2, slug: 'report', title: 'Previous report', description: '' };
const blood: DocumentType = { id: 3, slug: 'blood', title: 'Kidney function', description: '' };

let next = 0;
const document = (documentType: DocumentType | null): Attachment => {
  next += 1;
  return {
    id: `5a7e8f3e-2f4a-4b6c-9d58-3d7c1a3e5f${String(next).padStart(2, '0')}`,
    fileName: `file-${next}.pdf`,
    contentType: 'application/pdf',
    size: 1,
    documentType,
    appointmentId: null,
    slug: null,
    createdAt: '2031-05-01T00:00:00Z',
    updatedAt: '2031-05-01T00:00:00Z',
  };
};

describe('groupAttachments', () => {
  it('puts the exam’s types first in its order, then other types, then untyped documents', () => {
    const untyped = document(null);
    const blood1 = document(blood);
    const ref1 = document(referral);
    const report1 = document(report);
    const ref2 = document(referral);
    const groups = groupAttachments([untyped, blood1, ref1, report1, ref2], [2, 1]);
    expect(groups.map((group) => [group.title, group.attachments])).toEqual([
      ['Previous report', [report1]],
      ['Referral', [ref1, ref2]],
      ['Kidney function', [blood1]],
      [null, [untyped]],
    ]);
  });

  it('keeps the order types first appear in without an exam’s order, and has no empty groups', () => {
    const groups = groupAttachments([document(blood), document(referral), document(blood)]);
    expect(groups.map((group) => [group.typeId, group.attachments.length])).toEqual([
      [3, 2],
      [1, 1],
    ]);
    expect(groupAttachments([])).toEqual([]);
  });
});
