import { type Kysely, sql, type Transaction } from 'kysely';
import type { Database, Db } from '../database.ts';
import { checkDemoBookingCatalogue, seedDemoBookingCatalogue } from './demo-booking-catalogue.ts';
import { demoExamGroups, demoExams, demoModalities } from './demo-catalogue.ts';
import { seedDemoDocumentTypes } from './demo-document-types.ts';
import { clinicEmail, demoClinics, demoPostalCodes, demoRegions } from './demo-places.ts';
import { seedDemoReferrers } from './demo-referrers.ts';
import {
  checkDemoData,
  planClinicExams,
  planExceptions,
  planOpeningHours,
  planResources,
  planSchedules,
  scheduleValidFrom,
} from './seed-plan.ts';

/** Tables the demo seed fills, in dependency order (also used to count rows in tests). */
export const seededTables = [
  'regions',
  'clinics',
  'clinic_opening_hours',
  'postal_code_locations',
  'modalities',
  'exams',
  'exam_groups',
  'exam_group_exams',
  'clinic_exams',
  'resources',
  'resource_exams',
  'resource_schedules',
  'schedule_exceptions',
  'body_parts',
  'mobile_locations',
  'referrers',
  'referrer_locations',
] as const satisfies ReadonlyArray<keyof Database>;

export type SeededTable = (typeof seededTables)[number];

/** True when no clinic or region exists yet: the only state demo data may be added to. */
export async function isDatabaseEmpty(db: Db): Promise<boolean> {
  const row = await db
    .selectNoFrom((eb) => [
      eb.exists(eb.selectFrom('clinics').select('id')).as('has_clinics'),
      eb.exists(eb.selectFrom('regions').select('id')).as('has_regions'),
    ])
    .executeTakeFirstOrThrow();
  return !row.has_clinics && !row.has_regions;
}

export async function countSeededRows(db: Db): Promise<Record<SeededTable, number>> {
  const counts = {} as Record<SeededTable, number>;
  for (const table of seededTables) {
    const row = await db
      .selectFrom(table)
      .select(sql<number>`count(*)::int`.as('count'))
      .executeTakeFirstOrThrow();
    counts[table] = row.count;
  }
  return counts;
}

async function idsBySlug(
  db: Db,
  table: 'regions' | 'clinics' | 'modalities' | 'exams' | 'exam_groups',
) {
  const rows = await db.selectFrom(table).select(['id', 'slug']).execute();
  return new Map(rows.map((row) => [row.slug, row.id]));
}

const get = <T>(map: Map<string, T>, key: string): T => {
  const value = map.get(key);
  if (value === undefined) throw new Error(`Demo seed: ${key} was not inserted`);
  return value;
};

/**
 * Inserts the fictional provider. Idempotent: every row has a natural key and
 * conflicts are skipped, so running it twice changes nothing. One transaction,
 * so a failure leaves the database as it was.
 */
export async function seedDemoData(
  db: Kysely<Database>,
  options: { today?: string; openAllDay?: boolean; timeZone?: string | null } = {},
): Promise<Record<SeededTable, number>> {
  const zoneOf = (clinic: { timeZone: string }) => options.timeZone ?? clinic.timeZone;
  const problems = [...checkDemoData(), ...checkDemoBookingCatalogue()];
  // Mobile units are parked relative to the seeding day, so the demo always has some.
  const today = options.today ?? new Date().toISOString().slice(0, 10);
  if (problems.length > 0) throw new Error(`Demo data is inconsistent:\n${problems.join('\n')}`);
  await db.transaction().execute(async (trx) => {
    await trx
      .insertInto('regions')
      .values(demoRegions.map((region, index) => ({ ...region, sort_order: index })))
      .onConflict((oc) => oc.column('slug').doNothing())
      .execute();
    await trx
      .insertInto('modalities')
      .values(demoModalities.map((modality, index) => ({ ...modality, sort_order: index })))
      .onConflict((oc) => oc.column('slug').doNothing())
      .execute();
    await trx
      .insertInto('postal_code_locations')
      .values(demoPostalCodes.map((place) => ({ ...place, country: 'AU' })))
      .onConflict((oc) => oc.columns(['country', 'code', 'suburb']).doNothing())
      .execute();

    const regionIds = await idsBySlug(trx, 'regions');
    await trx
      .insertInto('clinics')
      .values(
        demoClinics.map((clinic) => ({
          slug: clinic.slug,
          name: clinic.name,
          region_id: get(regionIds, clinic.region),
          address: clinic.address,
          suburb: clinic.suburb,
          state: clinic.state,
          postal_code: clinic.postalCode,
          phone: clinic.phone,
          email: clinicEmail(clinic.slug),
          latitude: clinic.latitude,
          longitude: clinic.longitude,
          time_zone: zoneOf(clinic),
          active: clinic.active ?? true,
        })),
      )
      .onConflict((oc) => oc.column('slug').doNothing())
      .execute();

    const modalityIds = await idsBySlug(trx, 'modalities');
    const modalityIdByCode = new Map(
      demoModalities.map((modality) => [modality.code, get(modalityIds, modality.slug)]),
    );
    await trx
      .insertInto('exams')
      .values(
        demoExams.map((exam, index) => ({
          slug: exam.slug,
          name: exam.name,
          modality_id: get(modalityIdByCode, exam.modality),
          priority: index,
          exam_code: exam.examCode,
          duration_minutes: exam.durationMinutes,
          notes: exam.notes ?? null,
          prep_instructions: exam.prep ?? null,
          preparation_steps: JSON.stringify(exam.preparationSteps ?? []),
          walk_in: exam.walkIn ?? false,
          booking_request_only: exam.bookingRequestOnly ?? false,
          show_booking_request_info_modal: exam.showBookingRequestInfoModal ?? false,
          body_parts: exam.bodyParts,
        })),
      )
      .onConflict((oc) => oc.column('slug').doNothing())
      .execute();
    await trx
      .insertInto('exam_groups')
      .values(demoExamGroups.map(({ slug, name }, index) => ({ slug, name, sort_order: index })))
      .onConflict((oc) => oc.column('slug').doNothing())
      .execute();

    // Sequential on purpose: one transaction is one connection.
    const clinicIds = await idsBySlug(trx, 'clinics');
    const examIds = await idsBySlug(trx, 'exams');
    const groupIds = await idsBySlug(trx, 'exam_groups');
    await trx
      .insertInto('exam_group_exams')
      .values(
        demoExamGroups.flatMap((group) =>
          group.exams.map((exam) => ({
            exam_group_id: get(groupIds, group.slug),
            exam_id: get(examIds, exam),
          })),
        ),
      )
      .onConflict((oc) => oc.doNothing())
      .execute();

    await seedClinicDetails(trx, clinicIds, examIds, modalityIdByCode, {
      openAllDay: options.openAllDay ?? false,
      zoneOf,
    });
    await seedDemoDocumentTypes(trx, examIds);
    await seedDemoBookingCatalogue(trx, today);
    await seedDemoReferrers(trx, new Date());
  });
  return countSeededRows(db);
}

async function seedClinicDetails(
  trx: Transaction<Database>,
  clinicIds: Map<string, number>,
  examIds: Map<string, number>,
  modalityIdByCode: Map<string, number>,
  { openAllDay, zoneOf }: { openAllDay: boolean; zoneOf: (clinic: { timeZone: string }) => string },
): Promise<void> {
  await trx
    .insertInto('clinic_opening_hours')
    .values(
      demoClinics.flatMap((clinic) =>
        planOpeningHours(clinic, openAllDay).map((hours) => ({
          clinic_id: get(clinicIds, clinic.slug),
          ...hours,
        })),
      ),
    )
    .onConflict((oc) => oc.doNothing())
    .execute();
  await trx
    .insertInto('clinic_exams')
    .values(
      demoClinics.flatMap((clinic) =>
        planClinicExams(clinic).map((exam) => ({
          clinic_id: get(clinicIds, clinic.slug),
          exam_id: get(examIds, exam),
          duration_minutes: null,
        })),
      ),
    )
    .onConflict((oc) => oc.doNothing())
    .execute();
  const resources = demoClinics.flatMap(planResources);
  await trx
    .insertInto('resources')
    .values(
      resources.map((resource) => ({
        clinic_id: get(clinicIds, resource.clinicSlug),
        modality_id: get(modalityIdByCode, resource.modality),
        slug: resource.slug,
        name: resource.name,
      })),
    )
    .onConflict((oc) => oc.columns(['clinic_id', 'slug']).doNothing())
    .execute();

  const resourceRows = await trx
    .selectFrom('resources')
    .innerJoin('clinics', 'clinics.id', 'resources.clinic_id')
    .select(['resources.id', 'resources.slug', 'clinics.slug as clinic_slug'])
    .execute();
  const resourceIds = new Map(
    resourceRows.map((row) => [`${row.clinic_slug}/${row.slug}`, row.id]),
  );
  const resourceId = (clinicSlug: string, slug: string) =>
    get(resourceIds, `${clinicSlug}/${slug}`);

  await trx
    .insertInto('resource_exams')
    .values(
      resources.flatMap((resource) =>
        demoExamsFor(resource.modality).map((exam) => ({
          resource_id: resourceId(resource.clinicSlug, resource.slug),
          clinic_id: get(clinicIds, resource.clinicSlug),
          exam_id: get(examIds, exam),
        })),
      ),
    )
    .onConflict((oc) => oc.doNothing())
    .execute();
  await trx
    .insertInto('resource_schedules')
    .values(
      demoClinics
        .flatMap((clinic) => planSchedules(clinic, openAllDay))
        .map((schedule) => ({
          resource_id: resourceId(schedule.clinicSlug, schedule.resourceSlug),
          weekday: schedule.weekday,
          start_time: schedule.opens,
          end_time: schedule.closes,
          valid_from: scheduleValidFrom,
          valid_to: null,
        })),
    )
    .onConflict((oc) => oc.doNothing())
    .execute();

  const timeZones = new Map(demoClinics.map((clinic) => [clinic.slug, zoneOf(clinic)]));
  await trx
    .insertInto('schedule_exceptions')
    .values(
      demoClinics.flatMap(planExceptions).map((exception) => {
        const zone = get(timeZones, exception.clinicSlug);
        return {
          clinic_id: exception.resourceSlug ? null : get(clinicIds, exception.clinicSlug),
          resource_id: exception.resourceSlug
            ? resourceId(exception.clinicSlug, exception.resourceSlug)
            : null,
          reason: exception.reason,
          // Local wall-clock time to an instant, by the database's time zone rules (DST-safe).
          starts_at: sql<Date>`(${exception.startsLocal}::timestamp AT TIME ZONE ${zone})`,
          ends_at: sql<Date>`(${exception.endsLocal}::timestamp AT TIME ZONE ${zone})`,
        };
      }),
    )
    .onConflict((oc) => oc.doNothing())
    .execute();
}

function demoExamsFor(modality: string): string[] {
  return demoExams.filter((exam) => exam.modality === modality).map((exam) => exam.slug);
}
