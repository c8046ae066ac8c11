import type { Db } from '../database.ts';
import { type DemoExam, demoExams } from './demo-catalogue.ts';

/**
 * The demo provider's document types beyond the referral (migration 015 creates it) and which
 * exams need which (docs/product/attachments.md). Fictional but plausible: every exam needs a
 * referral except a screening mammogram; exams that may use contrast ask for a recent kidney
 * function test; cross-sectional imaging welcomes earlier reports to compare with.
 */
export const demoDocumentTypes = [
  {
    slug: 'previous-imaging-report',
    title: 'Previous imaging report',
    description: 'A report of earlier imaging of the same area, so the radiologist can compare.',
  },
  {
    slug: 'kidney-function-test',
    title: 'Kidney function blood test',
    description: 'A blood test (eGFR) from the last 3 months, needed before a contrast injection.',
  },
] as const;

type DocumentTypeSlug = 'referral' | (typeof demoDocumentTypes)[number]['slug'];

const contrastExams = new Set(['ct-abdomen-pelvis', 'ct-coronary-angiogram', 'ct-guided-biopsy']);

/** The documents a demo exam needs: [slug, required]. */
export function demoExamDocumentTypes(exam: DemoExam): Array<[DocumentTypeSlug, boolean]> {
  const needs: Array<[DocumentTypeSlug, boolean]> = [];
  if (exam.slug !== 'screening-mammogram') needs.push(['referral', true]);
  if (contrastExams.has(exam.slug)) needs.push(['kidney-function-test', true]);
  if (['CT', 'MR', 'MG'].includes(exam.modality)) needs.push(['previous-imaging-report', false]);
  return needs;
}

export async function seedDemoDocumentTypes(db: Db, examIds: Map<string, number>): Promise<void> {
  await db
    .insertInto('document_types')
    .values(demoDocumentTypes.map((type) => ({ ...type })))
    .onConflict((oc) => oc.column('slug').doNothing())
    .execute();
  const types = await db.selectFrom('document_types').select(['id', 'slug']).execute();
  const typeIds = new Map(types.map((type) => [type.slug, type.id]));
  const rows = demoExams.flatMap((exam) =>
    demoExamDocumentTypes(exam).flatMap(([slug, required]) => {
      const examId = examIds.get(exam.slug);
      const typeId = typeIds.get(slug);
      return examId === undefined || typeId === undefined
        ? []
        : [{ exam_id: examId, document_type_id: typeId, required }];
    }),
  );
  if (rows.length === 0) return;
  await db
    .insertInto('exam_document_types')
    .values(rows)
    .onConflict((oc) => oc.doNothing())
    .execute();
}
