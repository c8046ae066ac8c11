import type { Kysely } from 'kysely';
import type { Database } from '../database.ts';
import { demoPatientId } from './demo-bookings.ts';

/**
 * Demo results (docs/product/results-and-sharing.md#demo): two completed appointments of the
 * demo patient, each under its own key with a released report, so the results page, the
 * history (both) and sharing can be tried. Fictional reports of a fictional patient.
 */
export const demoResultKeys = {
  latest: 'demo-results-key-0000000000000001',
  earlier: 'demo-results-key-0000000000000002',
} as const;

const dayMs = 86_400_000;

const demoResults = [
  {
    key: demoResultKeys.latest,
    examSlug: 'ct-chest',
    daysAgo: 10,
    // The demo studies' (modules/image-viewer/demo-studies.ts): `npm run pacs --
    // load-demo-studies` puts them in a PACS.
    accessionNumber: 'DEMO-CT-0001',
    title: 'CT chest: report',
    text: [
      'Clinical notes: persistent cough for six weeks.',
      '',
      'Findings: the lungs are clear. No nodule, consolidation or effusion. The heart and ' +
        'great vessels are normal in size. No enlarged lymph nodes.',
      '',
      'Conclusion: normal CT of the chest.',
    ].join('\n'),
  },
  {
    key: demoResultKeys.earlier,
    examSlug: 'mri-knee',
    daysAgo: 120,
    accessionNumber: 'DEMO-MR-0002',
    title: 'MRI right knee: report',
    text: [
      'Clinical notes: knee pain after running.',
      '',
      'Findings: a small tear of the posterior horn of the medial meniscus. The cruciate and ' +
        'collateral ligaments are intact. A small joint effusion.',
      '',
      'Conclusion: medial meniscal tear. Review with your referring doctor.',
    ].join('\n'),
  },
] as const;

/**
 * Adds the demo results once (by key). The patient is the demo patient's row when the demo
 * bookings exist, else a new row with the same details (history matches people by their
 * details, not by row). Returns how many appointments were added.
 */
export async function seedDemoResults(db: Kysely<Database>, options: { now: Date }) {
  const existing = await db
    .selectFrom('booking_keys')
    .select('key')
    .where('key', 'in', Object.values(demoResultKeys))
    .execute();
  if (existing.length > 0) return 0;
  let created = 0;
  await db.transaction().execute(async (trx) => {
    const patientId = await demoPatientId(trx);
    for (const result of demoResults) {
      // Any resource that performs the exam at a clinic; the visit is over, so nothing is held.
      const performer = await trx
        .selectFrom('resource_exams')
        .innerJoin('resources', 'resources.id', 'resource_exams.resource_id')
        .innerJoin('exams', 'exams.id', 'resource_exams.exam_id')
        .select([
          'resources.id as resourceId',
          'resources.clinic_id as clinicId',
          'exams.id as examId',
        ])
        .where('exams.slug', '=', result.examSlug)
        .orderBy('resources.id')
        .executeTakeFirst();
      if (!performer) continue;
      const startsAt = new Date(
        Math.floor((options.now.getTime() - result.daysAgo * dayMs) / 3_600_000) * 3_600_000,
      );
      const endsAt = new Date(startsAt.getTime() + 30 * 60_000);
      await trx
        .insertInto('booking_keys')
        .values({
          key: result.key,
          status: 'USED',
          created_at: startsAt,
          used_at: startsAt,
          expires_at: new Date(startsAt.getTime() + 2 * 3_600_000),
        })
        .execute();
      const appointment = await trx
        .insertInto('appointments')
        .values({
          booking_key: result.key,
          exam_id: performer.examId,
          clinic_id: performer.clinicId,
          resource_id: performer.resourceId,
          starts_at: startsAt,
          ends_at: endsAt,
          status: 'COMPLETED',
          ended_at: endsAt,
          patient_id: patientId,
          patient_notes: 'Demo appointment with a result (fictional patient).',
        })
        .returning('id')
        .executeTakeFirstOrThrow();
      await trx
        .insertInto('appointment_results')
        .values({
          appointment_id: appointment.id,
          report_title: result.title,
          report_text: result.text,
          released_at: new Date(endsAt.getTime() + 2 * dayMs),
          released_by: 'provider:demo',
          accession_number: result.accessionNumber,
        })
        .execute();
      created += 1;
    }
  });
  return created;
}
