import type { ExamDocumentType } from '@portal/contract';

/**
 * What a booking request's exams need, as one list (docs/product/attachments.md): a document type
 * several exams ask for is listed once, in the order first asked, and required if any exam
 * requires it. Its documents are the request's, shared by the exams, so it counts as uploaded
 * when any exam's entry says so.
 */
export function mergedNeeds(
  exams: readonly { examDocumentTypes: readonly ExamDocumentType[] }[],
): ExamDocumentType[] {
  const byType = new Map<number, ExamDocumentType>();
  for (const exam of exams) {
    for (const need of exam.examDocumentTypes) {
      const seen = byType.get(need.documentTypeId);
      byType.set(
        need.documentTypeId,
        seen
          ? {
              ...seen,
              required: seen.required || need.required,
              hasUploadedDocument: seen.hasUploadedDocument || need.hasUploadedDocument,
              uploadedDocument: seen.uploadedDocument ?? need.uploadedDocument,
            }
          : need,
      );
    }
  }
  return [...byType.values()];
}
