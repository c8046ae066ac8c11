import { sql } from 'kysely';
import type { Db } from '../../db/database.ts';
import { type WriteCondition, writeCondition } from '../../db/statement-parts.ts';
import type { BusyPeriod, ScheduleWindow } from './slot-engine.ts';

/**
 * Reads for the slot engine. The catalogue and schedules are loaded whole and
 * kept in memory while their version stands (availability-catalogue.ts); per
 * request only the version and the bookings are read.
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
  modalitySlug: string;
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

/** What the engine needs besides bookings, all of it, as of `version` (see availability-catalogue.ts). */
export interface CatalogueRows {
  version: string;
  exams: ExamRow[];
  clinics: ClinicRow[];
  /** Active clinics per exam with its duration there, by clinic name. */
  clinicExams: Array<ClinicForExam & { examId: number }>;
  /** Weekly windows of active resources, one row per exam the resource performs. */
  schedules: Array<ClinicSchedule & { examId: number }>;
  closures: ClinicBusyPeriod[];
}

/**
 * The catalogue is still at `version`. A statement writing what was checked
 * against a cached catalogue of that version writes under it, so a catalogue
 * changed meanwhile makes it write nothing (decision 017).
 */
export function catalogueStillAt(version: string): WriteCondition {
  return writeCondition(
    sql<boolean>`(SELECT version FROM availability_version) = ${version}::bigint`,
  );
}

/** The catalogue's version (bumped by triggers when any table read below changes). */
export async function readAvailabilityVersion(db: Db): Promise<string> {
  const row = await db
    .selectFrom('availability_version')
    .select(sql<string>`version::text`.as('version'))
    .executeTakeFirstOrThrow();
  return row.version;
}

/**
 * Every active exam, clinic, clinic-exam pair, resource schedule and closure.
 * The version is read FIRST: a change committed while the rest loads makes the
 * next version check fail and reload, never the reverse.
 */
export async function loadCatalogueRows(db: Db): Promise<CatalogueRows> {
  const version = await readAvailabilityVersion(db);
  const exams = await db
    .selectFrom('exams')
    .innerJoin('modalities', 'modalities.id', 'exams.modality_id')
    .where('exams.active', '=', true)
    .select([
      'exams.id',
      'exams.slug',
      'exams.name',
      'modalities.name as modalityName',
      'modalities.slug as modalitySlug',
      'exams.booking_request_only as bookingRequestOnly',
      'exams.duration_minutes as durationMinutes',
    ])
    .execute();
  const clinics = await db
    .selectFrom('clinics')
    .where('active', '=', true)
    .select(['id', 'slug', 'name', 'time_zone as timeZone', 'latitude', 'longitude'])
    .execute();
  const clinicExams = await db
    .selectFrom('clinic_exams')
    .innerJoin('clinics', 'clinics.id', 'clinic_exams.clinic_id')
    .innerJoin('exams', 'exams.id', 'clinic_exams.exam_id')
    .where('clinics.active', '=', true)
    .select((eb) => [
      'clinic_exams.exam_id as examId',
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
    .orderBy('clinics.name')
    .orderBy('clinics.id')
    .execute();
  const schedules = await db
    .selectFrom('resource_exams')
    .innerJoin('resources', 'resources.id', 'resource_exams.resource_id')
    .innerJoin('resource_schedules', 'resource_schedules.resource_id', 'resource_exams.resource_id')
    .where('resources.active', '=', true)
    .select([
      'resource_exams.exam_id as examId',
      'resource_exams.clinic_id as clinicId',
      'resource_exams.resource_id as resourceId',
      'resource_schedules.weekday',
      'resource_schedules.start_time as startTime',
      'resource_schedules.end_time as endTime',
      'resource_schedules.valid_from as validFrom',
      'resource_schedules.valid_to as validTo',
    ])
    .execute();
  const closureRows = await db
    .selectFrom('schedule_exceptions')
    .leftJoin('resources', 'resources.id', 'schedule_exceptions.resource_id')
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
  const closures = closureRows.map((row) => ({
    clinicId: row.clinicId,
    resourceId: row.resourceId,
    start: row.startsAt.getTime(),
    end: row.endsAt.getTime(),
  }));
  return { version, exams, clinics, clinicExams, schedules, closures };
}

/**
 * Appointments and holds still alive at `now` on these resources overlapping
 * [from, to), read together with the catalogue's version (one round trip for
 * both: the caller checks its cached catalogue against it).
 *
 * Bookings on one resource never overlap (exclusion constraint) and have
 * finite bounds, so those overlapping the window are the ones starting in it
 * plus, per resource, at most one starting earlier: the latest such, if it
 * ends after `from`. Both parts are ranges of the btree index
 * (resource_id, lower(period)) INCLUDE (period, kind, expires_at) of migration 004.
 */
export async function listBookings(
  db: Db,
  resourceIds: number[],
  from: Date,
  to: Date,
  now: Date,
): Promise<{ version: string; bookings: BusyPeriod[]; holdsExpireAt: number }> {
  // One row: the version and the bookings as JSON [[resourceId, start, end, expiry], ...]
  // (one JSON.parse instead of a JS object per booking; expiry 0 for an appointment).
  const result = await sql<{
    version: string;
    bookings: Array<[number, number, number, number]> | null;
  }>`
    SELECT v.version::text AS version, (
      SELECT json_agg(json_build_array(
        b.resource_id,
        (extract(epoch from b.lo) * 1000)::float8,
        (extract(epoch from b.hi) * 1000)::float8,
        coalesce(extract(epoch from b.expires_at) * 1000, 0)::float8))
      FROM (
        SELECT resource_id, lower(period) AS lo, upper(period) AS hi, expires_at
        FROM resource_bookings
        WHERE resource_id = any(${resourceIds}::int[])
          AND lower(period) >= ${from}::timestamptz AND lower(period) < ${to}::timestamptz
          AND (kind = 'APPOINTMENT' OR expires_at > ${now})
        UNION ALL
        SELECT earlier.resource_id, earlier.lo, earlier.hi, earlier.expires_at
        FROM unnest(${resourceIds}::int[]) AS candidate(resource_id)
        CROSS JOIN LATERAL (
          SELECT resource_id, lower(period) AS lo, upper(period) AS hi, kind, expires_at
          FROM resource_bookings
          WHERE resource_id = candidate.resource_id AND lower(period) < ${from}::timestamptz
          ORDER BY lower(period) DESC
          LIMIT 1
        ) AS earlier
        WHERE earlier.hi > ${from}::timestamptz
          AND (earlier.kind = 'APPOINTMENT' OR earlier.expires_at > ${now})
      ) AS b
    ) AS bookings
    FROM availability_version v`.execute(db);
  const row = result.rows[0];
  const version = row?.version ?? '';
  let holdsExpireAt = Number.POSITIVE_INFINITY;
  const bookings: BusyPeriod[] = (row?.bookings ?? []).map(([resourceId, start, end, expiry]) => {
    if (expiry > 0 && expiry < holdsExpireAt) holdsExpireAt = expiry;
    return { resourceId, start, end };
  });
  return { version, bookings, holdsExpireAt };
}

/**
 * The catalogue's version and the booking version of each resource (the sum
 * of its change counts, migration 009; a resource never booked is at '0'), in
 * one round trip: what decides whether free slots computed earlier by this
 * instance still hold.
 */
export async function readBookingVersions(
  db: Db,
  resourceIds: number[],
): Promise<{ version: string; resources: Map<number, string> }> {
  const result = await sql<{ version: string; resources: Array<[number, string]> | null }>`
    SELECT v.version::text AS version, (
      SELECT json_agg(json_build_array(resource_id, changes::text))
      FROM (
        SELECT resource_id, sum(changes) AS changes
        FROM resource_booking_changes
        WHERE resource_id = any(${resourceIds}::int[])
        GROUP BY resource_id
      ) AS counted
    ) AS resources
    FROM availability_version v`.execute(db);
  const row = result.rows[0];
  return { version: row?.version ?? '', resources: new Map(row?.resources ?? []) };
}

/**
 * Which of these resources are busy for [start, end) now: an appointment or
 * a live hold other than `ownBookingKey`'s overlaps it. Read with the
 * catalogue version (one round trip), so booking can turn away a request for
 * a slot already taken before it opens a transaction. Only a hint: the
 * exclusion constraint still decides every race.
 */
export async function readBusyResources(
  db: Db,
  input: { resourceIds: number[]; start: Date; end: Date; now: Date; ownBookingKey: string },
): Promise<{ version: string; busy: Set<number> }> {
  const result = await sql<{ version: string; busy: number[] | null }>`
    SELECT v.version::text AS version, (
      SELECT json_agg(DISTINCT resource_id)
      FROM resource_bookings
      WHERE resource_id = any(${input.resourceIds}::int[])
        AND period && tstzrange(${input.start}::timestamptz, ${input.end}::timestamptz, '[)')
        AND (kind = 'APPOINTMENT'
          OR (expires_at > ${input.now}::timestamptz AND booking_key IS DISTINCT FROM ${input.ownBookingKey}))
    ) AS busy
    FROM availability_version v`.execute(db);
  const row = result.rows[0];
  return { version: row?.version ?? '', busy: new Set(row?.busy ?? []) };
}
