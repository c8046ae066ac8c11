import { type Kysely, sql, type Transaction } from 'kysely';
import type { Database } from '../../db/database.ts';
import type { BusyPeriod, ScheduleWindow } from './slot-engine.ts';

type Db = Kysely<Database> | Transaction<Database>;

/**
 * Bulk reads for the slot engine: a handful of queries per request, whatever
 * the number of clinics, resources or days (the engine works in memory).
 */

export interface ClinicRow {
  id: number;
  slug: string;
  name: string;
  timeZone: string;
  latitude: number;
  longitude: number;
}

export interface ExamRow {
  id: number;
  slug: string;
  name: string;
  modalityName: string;
  bookingRequestOnly: boolean;
  durationMinutes: number;
}

/** A clinic performing the exam, with the exam's duration there. */
export interface ClinicForExam extends ClinicRow {
  durationMinutes: number;
}

export interface ClinicSchedule extends ScheduleWindow {
  clinicId: number;
}

export interface ClinicBusyPeriod extends BusyPeriod {
  clinicId: number;
}

export async function findClinicBySlug(db: Db, slug: string): Promise<ClinicRow | undefined> {
  return db
    .selectFrom('clinics')
    .where('slug', '=', slug)
    .where('active', '=', true)
    .select(['id', 'slug', 'name', 'time_zone as timeZone', 'latitude', 'longitude'])
    .executeTakeFirst();
}

export async function findExamBySlug(db: Db, slug: string): Promise<ExamRow | undefined> {
  return db
    .selectFrom('exams')
    .innerJoin('modalities', 'modalities.id', 'exams.modality_id')
    .where('exams.slug', '=', slug)
    .where('exams.active', '=', true)
    .select([
      'exams.id',
      'exams.slug',
      'exams.name',
      'modalities.name as modalityName',
      'exams.booking_request_only as bookingRequestOnly',
      'exams.duration_minutes as durationMinutes',
    ])
    .executeTakeFirst();
}

/** Active clinics performing the exam (optionally only some), with its duration at each. */
export async function listClinicsForExam(
  db: Db,
  examId: number,
  clinicIds?: number[],
): Promise<ClinicForExam[]> {
  if (clinicIds && clinicIds.length === 0) return [];
  let query = db
    .selectFrom('clinic_exams')
    .innerJoin('clinics', 'clinics.id', 'clinic_exams.clinic_id')
    .innerJoin('exams', 'exams.id', 'clinic_exams.exam_id')
    .where('clinic_exams.exam_id', '=', examId)
    .where('clinics.active', '=', true)
    .select((eb) => [
      'clinics.id',
      'clinics.slug',
      'clinics.name',
      'clinics.time_zone as timeZone',
      'clinics.latitude',
      'clinics.longitude',
      eb.fn
        .coalesce('clinic_exams.duration_minutes', 'exams.duration_minutes')
        .as('durationMinutes'),
    ])
    .orderBy('clinics.name');
  if (clinicIds) query = query.where('clinics.id', 'in', clinicIds);
  return query.execute();
}

/** Weekly windows of the active resources performing the exam at these clinics, valid in the days. */
export async function listSchedules(
  db: Db,
  examId: number,
  clinicIds: number[],
  fromDay: string,
  toDay: string,
): Promise<ClinicSchedule[]> {
  if (clinicIds.length === 0) return [];
  return db
    .selectFrom('resource_exams')
    .innerJoin('resources', 'resources.id', 'resource_exams.resource_id')
    .innerJoin('resource_schedules', 'resource_schedules.resource_id', 'resource_exams.resource_id')
    .where('resource_exams.exam_id', '=', examId)
    .where('resource_exams.clinic_id', 'in', clinicIds)
    .where('resources.active', '=', true)
    .where('resource_schedules.valid_from', '<=', toDay)
    .where((eb) =>
      eb.or([
        eb('resource_schedules.valid_to', 'is', null),
        eb('resource_schedules.valid_to', '>=', fromDay),
      ]),
    )
    .select([
      'resource_exams.clinic_id as clinicId',
      'resource_exams.resource_id as resourceId',
      'resource_schedules.weekday',
      'resource_schedules.start_time as startTime',
      'resource_schedules.end_time as endTime',
      'resource_schedules.valid_from as validFrom',
      'resource_schedules.valid_to as validTo',
    ])
    .execute();
}

/** Closures overlapping [from, to) of these clinics or of their resources. */
export async function listClosures(
  db: Db,
  clinicIds: number[],
  from: Date,
  to: Date,
): Promise<ClinicBusyPeriod[]> {
  if (clinicIds.length === 0) return [];
  const rows = await db
    .selectFrom('schedule_exceptions')
    .leftJoin('resources', 'resources.id', 'schedule_exceptions.resource_id')
    .where((eb) =>
      eb.or([
        eb('schedule_exceptions.clinic_id', 'in', clinicIds),
        eb('resources.clinic_id', 'in', clinicIds),
      ]),
    )
    .where('schedule_exceptions.starts_at', '<', to)
    .where('schedule_exceptions.ends_at', '>', from)
    .select((eb) => [
      eb.fn
        .coalesce('schedule_exceptions.clinic_id', 'resources.clinic_id')
        .$castTo<number>()
        .as('clinicId'),
      'schedule_exceptions.resource_id as resourceId',
      'schedule_exceptions.starts_at as startsAt',
      'schedule_exceptions.ends_at as endsAt',
    ])
    .execute();
  return rows.map((row) => ({
    clinicId: row.clinicId,
    resourceId: row.resourceId,
    start: row.startsAt.getTime(),
    end: row.endsAt.getTime(),
  }));
}

/**
 * Appointments and holds still alive at `now` on these resources overlapping
 * [from, to). Uses the exclusion constraint's GiST index (resource_id, period).
 */
export async function listBookings(
  db: Db,
  resourceIds: number[],
  from: Date,
  to: Date,
  now: Date,
): Promise<BusyPeriod[]> {
  if (resourceIds.length === 0) return [];
  return db
    .selectFrom('resource_bookings')
    .where('resource_id', 'in', resourceIds)
    .where(sql<boolean>`period && tstzrange(${from}::timestamptz, ${to}::timestamptz, '[)')`)
    .where((eb) => eb.or([eb('kind', '=', 'APPOINTMENT'), eb('expires_at', '>', now)]))
    .select([
      'resource_id as resourceId',
      sql<number>`(extract(epoch from lower(period)) * 1000)::float8`.as('start'),
      sql<number>`(extract(epoch from upper(period)) * 1000)::float8`.as('end'),
    ])
    .execute();
}
