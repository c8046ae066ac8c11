import { sql } from 'kysely';
import type { Db } from '../../db/database.ts';

/** One doctor at one practice location, as the search and the check-in read it. */
export interface ReferrerLocationRow {
  id: string;
  first_name: string;
  last_name: string;
  provider_number: string;
  practice_name: string | null;
  city: string;
  postal_code: string;
  state: string;
}

/** How a prefix search row was found: its branch (referrers.service.ts ranks them). */
export type PrefixBranch = 'LAST_FIRST' | 'FIRST_LAST' | 'PROVIDER_NUMBER' | 'CITY' | 'POSTAL_CODE';

export interface PrefixQuery {
  /** A LIKE pattern on the lowercased names and city: escaped text + '%', or null to skip. */
  namePattern: string | null;
  /** A LIKE pattern on the upper-case provider number, or null to skip. */
  providerNumberPattern: string | null;
  /** A LIKE pattern on the postcode, or null to skip. */
  postalCodePattern: string | null;
  /** Rows each branch may bring (each reads its index in order and stops there). */
  limit: number;
}

const locationColumns = sql`l.id, r.first_name, r.last_name, l.provider_number, l.practice_name, l.city, l.postal_code, l.state`;

// Each branch is an index range scan in byte order (the COLLATE "C" indexes of migration 021)
// that stops after `limit` rows, so a 3-letter prefix shared by thousands of doctors reads no
// more than the first few: the expressions must stay exactly the indexed ones.
const lastFirst = sql`lower(r.last_name || ' ' || r.first_name) COLLATE "C"`;
const firstLast = sql`lower(r.first_name || ' ' || r.last_name) COLLATE "C"`;
const providerNumber = sql`l.provider_number COLLATE "C"`;
const city = sql`lower(l.city) COLLATE "C"`;
const postalCode = sql`l.postal_code COLLATE "C"`;

/** Doctors and locations whose name, provider number, city or postcode starts with the text. */
export async function findByPrefix(
  db: Db,
  query: PrefixQuery,
): Promise<Array<ReferrerLocationRow & { branch: PrefixBranch }>> {
  const { namePattern, providerNumberPattern, postalCodePattern, limit } = query;
  const referrerBranch = (branch: PrefixBranch, key: typeof lastFirst, pattern: string) => sql`
    SELECT ${locationColumns}, ${branch}::text AS branch
    FROM (SELECT r.id FROM referrers r WHERE ${key} LIKE ${pattern} ORDER BY ${key} LIMIT ${limit}) m
    JOIN referrers r ON r.id = m.id
    JOIN referrer_locations l ON l.referrer_id = r.id`;
  const locationBranch = (branch: PrefixBranch, key: typeof city, pattern: string) => sql`
    SELECT ${locationColumns}, ${branch}::text AS branch
    FROM (SELECT l.id FROM referrer_locations l WHERE ${key} LIKE ${pattern} ORDER BY ${key} LIMIT ${limit}) m
    JOIN referrer_locations l ON l.id = m.id
    JOIN referrers r ON r.id = l.referrer_id`;
  const branches = [
    ...(namePattern
      ? [
          referrerBranch('LAST_FIRST', lastFirst, namePattern),
          referrerBranch('FIRST_LAST', firstLast, namePattern),
          locationBranch('CITY', city, namePattern),
        ]
      : []),
    ...(providerNumberPattern
      ? [locationBranch('PROVIDER_NUMBER', providerNumber, providerNumberPattern)]
      : []),
    ...(postalCodePattern ? [locationBranch('POSTAL_CODE', postalCode, postalCodePattern)] : []),
  ];
  if (branches.length === 0) return [];
  const { rows } = await sql<ReferrerLocationRow & { branch: PrefixBranch }>`${sql.join(
    branches.map((branch) => sql`(${branch})`),
    sql` UNION ALL `,
  )}`.execute(db);
  return rows;
}

/** What a similarity search compares the text with: one word, or a whole name. */
export type SimilarityField = 'LAST_NAME' | 'FULL_NAME';

/**
 * Doctors whose last name (one word of text) or "first last" (several; trigrams ignore word
 * order, so "last first" too) is like the text by pg_trgm's similarity (`%`, the GIN indexes of
 * migration 021), most similar first: the fallback for typos. One index per call: each candidate
 * it yields is rechecked on the table, which is most of the time such a search takes.
 */
export async function findBySimilarity(
  db: Db,
  text: string,
  field: SimilarityField,
  limit: number,
): Promise<Array<ReferrerLocationRow & { score: number }>> {
  const name =
    field === 'LAST_NAME'
      ? sql`lower(r.last_name)`
      : sql`lower(r.first_name || ' ' || r.last_name)`;
  const { rows } = await sql<ReferrerLocationRow & { score: number }>`
    SELECT ${locationColumns}, m.score
    FROM (
      SELECT r.id, similarity(${name}, ${text}) AS score
      FROM referrers r
      WHERE ${name} % ${text}
      ORDER BY score DESC, r.last_name, r.first_name
      LIMIT ${limit}
    ) m
    JOIN referrers r ON r.id = m.id
    JOIN referrer_locations l ON l.referrer_id = r.id
    ORDER BY m.score DESC, r.last_name, r.first_name, l.city, l.id
    LIMIT ${limit}`.execute(db);
  return rows.map((row) => ({ ...row, score: Number(row.score) }));
}

/** One doctor at one practice location by the location's id. */
export async function findLocation(db: Db, id: string): Promise<ReferrerLocationRow | undefined> {
  return db
    .selectFrom('referrer_locations as l')
    .innerJoin('referrers as r', 'r.id', 'l.referrer_id')
    .select([
      'l.id',
      'r.first_name',
      'r.last_name',
      'l.provider_number',
      'l.practice_name',
      'l.city',
      'l.postal_code',
      'l.state',
    ])
    .where('l.id', '=', id)
    .executeTakeFirst();
}

export interface ReferrerUpsert {
  providerStem: string;
  firstName: string;
  lastName: string;
}

export interface LocationUpsert {
  providerStem: string;
  providerNumber: string;
  practiceName: string | null;
  city: string;
  postalCode: string;
  state: string;
}

export interface UpsertCounts {
  inserted: number;
  updated: number;
}

/** Rows per statement: 7 parameters a row stays far below PostgreSQL's 65,535. */
const batchSize = 1000;

function chunks<T>(items: readonly T[]): T[][] {
  const out: T[][] = [];
  for (let i = 0; i < items.length; i += batchSize) out.push(items.slice(i, i + batchSize));
  return out;
}

/**
 * Inserts doctors by provider stem or updates their names; an unchanged row is left alone
 * (not counted). `xmax = 0` tells a row this statement inserted from one it updated.
 */
export async function upsertReferrers(
  db: Db,
  referrers: readonly ReferrerUpsert[],
  now: Date,
): Promise<UpsertCounts & { idsByStem: Map<string, string> }> {
  const counts = { inserted: 0, updated: 0 };
  for (const batch of chunks(referrers)) {
    const rows = await db
      .insertInto('referrers')
      .values(
        batch.map((referrer) => ({
          provider_stem: referrer.providerStem,
          first_name: referrer.firstName,
          last_name: referrer.lastName,
          created_at: now,
          updated_at: now,
        })),
      )
      .onConflict((oc) =>
        oc
          .column('provider_stem')
          .doUpdateSet((eb) => ({
            first_name: eb.ref('excluded.first_name'),
            last_name: eb.ref('excluded.last_name'),
            updated_at: eb.ref('excluded.updated_at'),
          }))
          .where((eb) =>
            eb.or([
              eb('referrers.first_name', 'is distinct from', eb.ref('excluded.first_name')),
              eb('referrers.last_name', 'is distinct from', eb.ref('excluded.last_name')),
            ]),
          ),
      )
      .returning(sql<boolean>`xmax = 0`.as('inserted'))
      .execute();
    for (const row of rows) counts[row.inserted ? 'inserted' : 'updated'] += 1;
  }
  const idsByStem = new Map<string, string>();
  for (const batch of chunks(referrers.map((referrer) => referrer.providerStem))) {
    const rows = await db
      .selectFrom('referrers')
      .select(['id', 'provider_stem'])
      .where('provider_stem', 'in', batch)
      .execute();
    for (const row of rows) idsByStem.set(row.provider_stem, row.id);
  }
  return { ...counts, idsByStem };
}

/** Inserts practice locations by provider number or updates them; unchanged ones are left alone. */
export async function upsertLocations(
  db: Db,
  locations: ReadonlyArray<LocationUpsert & { referrerId: string }>,
  now: Date,
): Promise<UpsertCounts> {
  const counts = { inserted: 0, updated: 0 };
  for (const batch of chunks(locations)) {
    const rows = await db
      .insertInto('referrer_locations')
      .values(
        batch.map((location) => ({
          referrer_id: location.referrerId,
          provider_number: location.providerNumber,
          practice_name: location.practiceName,
          city: location.city,
          postal_code: location.postalCode,
          state: location.state,
          created_at: now,
          updated_at: now,
        })),
      )
      .onConflict((oc) =>
        oc
          .column('provider_number')
          .doUpdateSet((eb) => ({
            referrer_id: eb.ref('excluded.referrer_id'),
            practice_name: eb.ref('excluded.practice_name'),
            city: eb.ref('excluded.city'),
            postal_code: eb.ref('excluded.postal_code'),
            state: eb.ref('excluded.state'),
            updated_at: eb.ref('excluded.updated_at'),
          }))
          .where((eb) =>
            eb.or(
              (['referrer_id', 'practice_name', 'city', 'postal_code', 'state'] as const).map(
                (column) =>
                  eb(
                    `referrer_locations.${column}`,
                    'is distinct from',
                    eb.ref(`excluded.${column}`),
                  ),
              ),
            ),
          ),
      )
      .returning(sql<boolean>`xmax = 0`.as('inserted'))
      .execute();
    for (const row of rows) counts[row.inserted ? 'inserted' : 'updated'] += 1;
  }
  return counts;
}

/** How many doctors and practice locations the directory holds. */
export async function countDirectory(db: Db): Promise<{ referrers: number; locations: number }> {
  const row = await db
    .selectNoFrom((eb) => [
      eb.selectFrom('referrers').select(sql<number>`count(*)::int`.as('n')).as('referrers'),
      eb
        .selectFrom('referrer_locations')
        .select(sql<number>`count(*)::int`.as('n'))
        .as('locations'),
    ])
    .executeTakeFirstOrThrow();
  return { referrers: Number(row.referrers), locations: Number(row.locations) };
}
