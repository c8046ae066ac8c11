import type { MobileLocation, PostalCodeLocation, Region } from '@portal/contract';
import { sql } from 'kysely';
import type { Db } from '../../db/database.ts';

export interface ClinicRow {
  id: number;
  slug: string;
  name: string;
  regionSlug: string;
  address: string;
  suburb: string;
  state: string;
  postalCode: string;
  phone: string | null;
  latitude: number;
  longitude: number;
  timeZone: string;
  /** Exams of the request the clinic performs. */
  examSlugs: string[];
}

/** Regions in display order, centred where configured, else on their active clinics. */
export async function listRegions(db: Db): Promise<Region[]> {
  const rows = await db
    .selectFrom('regions')
    .leftJoin('clinics', (join) =>
      join.onRef('clinics.region_id', '=', 'regions.id').on('clinics.active', '=', true),
    )
    .groupBy('regions.id')
    .select([
      'regions.id',
      'regions.slug',
      'regions.name',
      sql<number | null>`coalesce(regions.latitude, avg(clinics.latitude))`.as('latitude'),
      sql<number | null>`coalesce(regions.longitude, avg(clinics.longitude))`.as('longitude'),
    ])
    .orderBy('regions.sort_order')
    .orderBy('regions.name')
    .execute();
  return rows.map((row) => ({
    id: row.id,
    slug: row.slug,
    name: row.name,
    location: { latitude: row.latitude ?? 0, longitude: row.longitude ?? 0 },
  }));
}

/** Ids of active exams by slug (unknown slugs are missing from the map). */
export async function findExamIds(db: Db, slugs: string[]): Promise<Map<string, number>> {
  if (slugs.length === 0) return new Map();
  const rows = await db
    .selectFrom('exams')
    .where('slug', 'in', slugs)
    .where('active', '=', true)
    .select(['id', 'slug'])
    .execute();
  return new Map(rows.map((row) => [row.slug, row.id]));
}

/** Active clinics performing every one of the exams, optionally in one region. */
export async function listClinics(
  db: Db,
  filter: { examIds: number[]; regionSlug?: string | undefined },
): Promise<ClinicRow[]> {
  let query = db
    .selectFrom('clinics')
    .innerJoin('regions', 'regions.id', 'clinics.region_id')
    .where('clinics.active', '=', true);
  if (filter.regionSlug !== undefined) query = query.where('regions.slug', '=', filter.regionSlug);
  for (const examId of filter.examIds) {
    query = query.where((eb) =>
      eb.exists(
        eb
          .selectFrom('clinic_exams')
          .select('clinic_exams.clinic_id')
          .whereRef('clinic_exams.clinic_id', '=', 'clinics.id')
          .where('clinic_exams.exam_id', '=', examId),
      ),
    );
  }
  const rows = await query
    .select([
      'clinics.id',
      'clinics.slug',
      'clinics.name',
      'regions.slug as regionSlug',
      'clinics.address',
      'clinics.suburb',
      'clinics.state',
      'clinics.postal_code as postalCode',
      'clinics.phone',
      'clinics.latitude',
      'clinics.longitude',
      'clinics.time_zone as timeZone',
    ])
    .orderBy('regions.sort_order')
    .orderBy('clinics.name')
    .execute();
  return rows.map((row) => ({ ...row, examSlugs: [] }));
}

const postalCodeColumns = ['id', 'code', 'country', 'suburb', 'latitude', 'longitude'] as const;

/** Postal codes whose code or suburb starts with the text (a word of the suburb, too). */
export async function searchPostalCodes(db: Db, text: string): Promise<PostalCodeLocation[]> {
  const prefix = `${text.replace(/[\\%_]/g, (char) => `\\${char}`)}%`;
  return db
    .selectFrom('postal_code_locations')
    .where((eb) =>
      eb.or([
        eb('code', 'like', prefix),
        eb('suburb', 'ilike', prefix),
        eb('suburb', 'ilike', `% ${prefix}`),
      ]),
    )
    .select(postalCodeColumns)
    .orderBy('code')
    .orderBy('suburb')
    .limit(20)
    .execute();
}

export async function findPostalCode(db: Db, id: number): Promise<PostalCodeLocation | undefined> {
  return db
    .selectFrom('postal_code_locations')
    .where('id', '=', id)
    .select(postalCodeColumns)
    .executeTakeFirst();
}

/** The postal code whose centre is nearest (equirectangular: exact enough within a country). */
export async function findNearestPostalCode(
  db: Db,
  latitude: number,
  longitude: number,
): Promise<PostalCodeLocation | undefined> {
  const cos = Math.cos((latitude * Math.PI) / 180);
  return db
    .selectFrom('postal_code_locations')
    .select(postalCodeColumns)
    .orderBy(
      sql`power(latitude - ${latitude}::float8, 2) + power((longitude - ${longitude}::float8) * ${cos}::float8, 2)`,
    )
    .orderBy('id')
    .limit(1)
    .executeTakeFirst();
}

/** Mobile units parked now or later, soonest first, optionally in one region. */
export async function listMobileLocations(
  db: Db,
  filter: { fromDay: string; regionSlug?: string | undefined },
): Promise<MobileLocation[]> {
  let query = db
    .selectFrom('mobile_locations')
    .innerJoin('regions', 'regions.id', 'mobile_locations.region_id')
    .where('mobile_locations.end_date', '>=', filter.fromDay);
  if (filter.regionSlug !== undefined) query = query.where('regions.slug', '=', filter.regionSlug);
  const rows = await query
    .select([
      'mobile_locations.id',
      'mobile_locations.name',
      'regions.slug as regionSlug',
      'mobile_locations.address',
      'mobile_locations.latitude',
      'mobile_locations.longitude',
      'mobile_locations.start_date as startDate',
      'mobile_locations.end_date as endDate',
    ])
    .orderBy('mobile_locations.start_date')
    .orderBy('mobile_locations.name')
    .execute();
  return rows;
}
