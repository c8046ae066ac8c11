import type { ExamDocumentType } from '@portal/contract';

/**
 * What a booking request's exams need, as one list (docs/product/attachments.md): a document type
 * several exams ask for is listed once, in the order first asked, and required if any exam
 * requires it. Whether it is uploaded is the same in every exam's entry (the server reads it
 * from the request's documents, which the exams share).
 */
export function mergedNeeds(
  exams: readonly { examDocumentTypes: readonly ExamDocumentType[] }[],
): ExamDocumentType[] {
  const byType = new Map<number, ExamDocumentType>();
  for (const need of exams.flatMap((exam) => exam.examDocumentTypes)) {
    const seen = byType.get(need.documentTypeId);
    byType.set(
      need.documentTypeId,
      seen ? { ...seen, required: seen.required || need.required } : need,
    );
  }
  return [...byType.values()];
}
