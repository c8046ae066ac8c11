import { performance } from 'node:perf_hooks';
import pg from 'pg';
import { createPostgresDb } from '../apps/server/src/db/create-db.ts';
import {
  demoReferrerFirstNames,
  demoReferrerLastNames,
  withCheckCharacter,
} from '../apps/server/src/db/seed/demo-referrers.ts';
import { searchReferrers } from '../apps/server/src/modules/referrers/index.ts';

/**
 * The doctor search's budget (issue 16): p99 under 20 ms on 50,000 doctors. The directory is
 * generated here: common Australian surnames for a third of the doctors (Smith about 1 in 100,
 * as in the population) and made-up ones of three syllables for the rest, about 1.3 practice
 * locations each across 400 made-up places, every provider number valid.
 */
export const doctorSearchScale = { doctors: 50_000, secondLocationEvery: 10 / 3 } as const;

const onsets = [
  'Kar',
  'Mel',
  'Bran',
  'Dav',
  'Hol',
  'Fen',
  'Gar',
  'Lin',
  'Mor',
  'Ash',
  'Pell',
  'Quen',
  'Rad',
  'Sel',
  'Tor',
  'Vin',
  'Wen',
  'Yar',
  'Cor',
  'Ell',
];
const middles = [
  'a',
  'e',
  'i',
  'o',
  'u',
  'ow',
  'ing',
  'er',
  'and',
  'ist',
  'ock',
  'ard',
  'ell',
  'ov',
  'ack',
];
const codas = [
  'ton',
  'by',
  'field',
  'well',
  'ford',
  'ley',
  'son',
  'man',
  'ridge',
  'worth',
  'ski',
  'ini',
];
const firstNameExtras = [
  'John',
  'Mary',
  'Robert',
  'Linda',
  'Wei',
  'Thanh',
  'Arjun',
  'Siobhan',
  'Marco',
  'Yuki',
];
const locationCharacters = '0123456789ABCDEFGHJKLMNPQRTUVWXY';

const madeUpSurname = (n: number) =>
  `${onsets[n % onsets.length]}${middles[Math.floor(n / onsets.length) % middles.length]}${codas[Math.floor(n / (onsets.length * middles.length)) % codas.length]}`;
const placeName = (n: number) =>
  `${onsets[(n * 7) % onsets.length]}${codas[(n * 3) % codas.length]}${n >= 240 ? ' North' : ''}`;

/** Deterministic pseudo-random numbers (mulberry32), so every run measures the same directory. */
function random(seed: number) {
  let state = seed;
  return () => {
    state = (state + 0x6d2b79f5) | 0;
    let t = Math.imul(state ^ (state >>> 15), 1 | state);
    t = (t + Math.imul(t ^ (t >>> 7), 61 | t)) ^ t;
    return ((t ^ (t >>> 14)) >>> 0) / 4_294_967_296;
  };
}

interface GeneratedDoctor {
  stem: string;
  firstName: string;
  lastName: string;
  locations: Array<{ providerNumber: string; city: string; postalCode: string; state: string }>;
}

function generateDoctors(): GeneratedDoctor[] {
  const next = random(16);
  const firstNames = [...demoReferrerFirstNames, ...firstNameExtras];
  const states = ['NSW', 'VIC', 'QLD', 'WA'];
  return Array.from({ length: doctorSearchScale.doctors }, (_, i) => {
    const common = next() < 1 / 3;
    // Common surnames: Zipf-like, the first (Smith) ~1 in 100 doctors overall.
    const lastName = common
      ? demoReferrerLastNames[Math.floor(demoReferrerLastNames.length * next() ** 1.2)]!
      : madeUpSurname(Math.floor(next() * onsets.length * middles.length * codas.length));
    const stem = String(100_000 + i);
    const count = i % 10 < 3 ? 2 : 1;
    return {
      stem,
      firstName: firstNames[Math.floor(next() * firstNames.length)]!,
      lastName,
      locations: Array.from({ length: count }, (_, k) => {
        const place = Math.floor(next() * 400);
        return {
          providerNumber: withCheckCharacter(`${stem}${locationCharacters[(i + k * 7) % 32]}`),
          city: placeName(place),
          postalCode: String(2000 + place * 13).slice(0, 4),
          state: states[place % states.length]!,
        };
      }),
    };
  });
}

/** Fills the migrated database's referrer tables; returns the doctors for the query mix. */
export async function generateReferrers(databaseUrl: string): Promise<{
  doctors: GeneratedDoctor[];
  counts: Record<string, number>;
}> {
  const doctors = generateDoctors();
  const client = new pg.Client({ connectionString: databaseUrl });
  await client.connect();
  try {
    await client.query('BEGIN');
    for (let start = 0; start < doctors.length; start += 5000) {
      const batch = doctors.slice(start, start + 5000);
      await client.query(
        `INSERT INTO referrers (provider_stem, first_name, last_name, created_at, updated_at)
         SELECT * , now(), now() FROM unnest($1::text[], $2::text[], $3::text[])`,
        [batch.map((d) => d.stem), batch.map((d) => d.firstName), batch.map((d) => d.lastName)],
      );
      const locations = batch.flatMap((d) => d.locations.map((l) => ({ ...l, stem: d.stem })));
      await client.query(
        `INSERT INTO referrer_locations (referrer_id, provider_number, practice_name, city, postal_code, state, created_at, updated_at)
         SELECT r.id, l.provider_number, l.city || ' Medical Centre', l.city, l.postal_code, l.state, now(), now()
         FROM unnest($1::text[], $2::text[], $3::text[], $4::text[], $5::text[])
           AS l (stem, provider_number, city, postal_code, state)
         JOIN referrers r ON r.provider_stem = l.stem`,
        [
          locations.map((l) => l.stem),
          locations.map((l) => l.providerNumber),
          locations.map((l) => l.city),
          locations.map((l) => l.postalCode),
          locations.map((l) => l.state),
        ],
      );
    }
    await client.query('COMMIT');
    await client.query('VACUUM ANALYZE referrers, referrer_locations');
    const counts: Record<string, number> = {};
    for (const table of ['referrers', 'referrer_locations']) {
      const result = await client.query(`SELECT count(*)::int AS n FROM ${table}`);
      counts[table] = result.rows[0].n as number;
    }
    return { doctors, counts };
  } catch (error) {
    await client.query('ROLLBACK').catch(() => undefined);
    throw error;
  } finally {
    await client.end();
  }
}

export type QueryKind =
  | '3-letter prefix'
  | 'full surname'
  | 'first and last name'
  | '"last, first"'
  | 'misspelt surname (trigram)'
  | 'provider number prefix'
  | 'city or postcode';

/** A realistic mix: what patients type into the referrer field, built from the directory. */
function queryMix(doctors: GeneratedDoctor[]): Array<{ kind: QueryKind; text: string }> {
  const next = random(28);
  const pick = () => doctors[Math.floor(next() * doctors.length)]!;
  const typo = (name: string) => {
    const at = 1 + Math.floor(next() * (name.length - 2));
    // Two neighbouring letters swapped: the commonest typing slip.
    return `${name.slice(0, at)}${name[at + 1]}${name[at]}${name.slice(at + 2)}`.toLowerCase();
  };
  const queries: Array<{ kind: QueryKind; text: string }> = [];
  for (let i = 0; i < 40; i += 1) {
    const doctor = pick();
    const location = doctor.locations[0]!;
    const last = doctor.lastName.toLowerCase();
    queries.push(
      { kind: '3-letter prefix', text: last.slice(0, 3) },
      { kind: 'full surname', text: last },
      { kind: 'first and last name', text: `${doctor.firstName.toLowerCase()} ${last}` },
      { kind: '"last, first"', text: `${last}, ${doctor.firstName.toLowerCase().slice(0, 3)}` },
      { kind: 'misspelt surname (trigram)', text: typo(doctor.lastName) },
      { kind: 'provider number prefix', text: location.providerNumber.slice(0, 3 + (i % 4)) },
      {
        kind: 'city or postcode',
        text: i % 2 === 0 ? location.city.toLowerCase().slice(0, 5) : location.postalCode,
      },
    );
  }
  return queries;
}

export interface LatencySummary {
  calls: number;
  p50Ms: number;
  p95Ms: number;
  p99Ms: number;
  maxMs: number;
}

export interface DoctorSearchResult {
  counts: Record<string, number>;
  overall: LatencySummary;
  byKind: Array<{ kind: QueryKind; summary: LatencySummary; meanRows: number }>;
}

function summarise(samples: number[]): LatencySummary {
  const sorted = [...samples].sort((a, b) => a - b);
  const at = (q: number) => sorted[Math.min(sorted.length - 1, Math.floor(q * sorted.length))]!;
  return {
    calls: sorted.length,
    p50Ms: at(0.5),
    p95Ms: at(0.95),
    p99Ms: at(0.99),
    maxMs: sorted[sorted.length - 1]!,
  };
}

/**
 * Generates the directory in a migrated database and times the search as the route runs it (the
 * referrers service over a pool of the server's kind), one call at a time: the latency a patient
 * typing waits for, without the HTTP hop or the session check (measured by the loads above).
 */
export async function measureDoctorSearch(
  databaseUrl: string,
  rounds = 10,
): Promise<DoctorSearchResult> {
  const { doctors, counts } = await generateReferrers(databaseUrl);
  const queries = queryMix(doctors);
  const handle = createPostgresDb(databaseUrl, 4);
  try {
    // Warm-up: plans, the indexes' pages in the buffer cache, V8's optimised code.
    for (const query of queries) await searchReferrers(handle.db, query.text);
    const samples = new Map<QueryKind, number[]>();
    const rows = new Map<QueryKind, number[]>();
    for (let round = 0; round < rounds; round += 1) {
      for (const query of queries) {
        const started = performance.now();
        const found = await searchReferrers(handle.db, query.text);
        const elapsed = performance.now() - started;
        samples.set(query.kind, [...(samples.get(query.kind) ?? []), elapsed]);
        if (round === 0) rows.set(query.kind, [...(rows.get(query.kind) ?? []), found.length]);
      }
    }
    const all = [...samples.values()].flat();
    return {
      counts,
      overall: summarise(all),
      byKind: [...samples.entries()].map(([kind, values]) => {
        const found = rows.get(kind) ?? [];
        return {
          kind,
          summary: summarise(values),
          meanRows: found.reduce((sum, n) => sum + n, 0) / Math.max(1, found.length),
        };
      }),
    };
  } finally {
    await handle.close();
  }
}
