import type { ExamDocumentType } from '@portal/contract';
import { describe, expect, it } from 'vitest';
import { mergedNeeds } from './document-needs.ts';

const need = (documentTypeId: number, overrides: Partial<ExamDocumentType> = {}) => ({
  documentTypeId,
  slug: `type-${documentTypeId}`,
  title: `Type ${documentTypeId}`,
  description: '',
  required: false,
  hasUploadedDocument: false,
  uploadedDocument: null,
  ...overrides,
});

describe('mergedNeeds', () => {
  it('lists each document type once, in the order first asked, required if any exam requires it', () => {
    const merged = mergedNeeds([
      { examDocumentTypes: [need(1, { required: true }), need(3)] },
      { examDocumentTypes: [need(3, { required: true }), need(2), need(1)] },
    ]);
    expect(merged.map((item) => [item.documentTypeId, item.required])).toEqual([
      [1, true],
      [3, true],
      [2, false],
    ]);
  });

  it('is empty without exams', () => {
    expect(mergedNeeds([])).toEqual([]);
  });
});
