// `npm run bench`: the speed budgets' numbers, measured in one run on this machine and
// written to docs/benchmarks.md. Needs PostgreSQL (BENCH_DATABASE_URL, default the local
// server) and Debian's Chromium; sends traffic to 127.0.0.1 only, bounded in time.
// `--doctor-search` measures only the referrer directory's search (its own database).
import { execFileSync } from 'node:child_process';
import { existsSync, readFileSync, writeFileSync } from 'node:fs';
import { cpus } from 'node:os';
import { join } from 'node:path';
import type { ClinicSlotsResponse, Slot } from '@portal/contract';
import { createPostgresDb } from '../apps/server/src/db/create-db.ts';
import { migrateToLatest } from '../apps/server/src/db/migrate.ts';
import { startPortal } from '../e2e/support/portal.ts';
import { generateDataset, recreateDatabase, scale } from './dataset.ts';
import { type LoadResult, load } from './load.ts';
import { measureDoctorSearch } from './referrers.ts';
import {
  browserHeading,
  findSection,
  patientPagesHeading,
  renderDoctorSearchSection,
  renderReport,
  replaceSection,
} from './report.ts';
import { bookingStorm } from './storm.ts';
import { initialBundle, lighthouseMedians, startStaticPage } from './web-budget.ts';

const repoRoot = new URL('../', import.meta.url).pathname;
const adminUrl = process.env.BENCH_DATABASE_URL ?? 'postgres://postgres@127.0.0.1:5432/postgres';
const withLighthouse = !process.argv.includes('--no-lighthouse');
/** The first 20 bookable (not enquiry) slots of a clinic's slot search. */
async function bookableSlots(url: string): Promise<Slot[]> {
  const response = await fetch(url);
  if (!response.ok) throw new Error(`${url} answered ${response.status}: ${await response.text()}`);
  const { slots } = (await response.json()) as ClinicSlotsResponse;
  return slots.filter((slot) => !slot.enquiry).slice(0, 20);
}
const day = (offset: number) =>
  new Date(Date.now() + offset * 86_400_000).toISOString().slice(0, 10);

const reportPath = join(repoRoot, 'docs/benchmarks.md');
const machine = `${cpus().length} cores, Node ${process.version}`;

/** The doctor search on its own database: 50,000 doctors in the referrer directory. */
async function doctorSearchSection(): Promise<string> {
  console.log('Doctor search: generating 50,000 doctors and timing the search…');
  const url = await recreateDatabase(adminUrl, 'portal_bench_referrers');
  const handle = createPostgresDb(url, 2);
  try {
    await migrateToLatest(handle.db);
  } finally {
    await handle.close();
  }
  const result = await measureDoctorSearch(url);
  return renderDoctorSearchSection(result, new Date().toISOString(), machine);
}

// `npm run bench -- --doctor-search`: that section alone, the others kept as they were.
if (process.argv.includes('--doctor-search')) {
  const section = await doctorSearchSection();
  const previous = existsSync(reportPath) ? readFileSync(reportPath, 'utf8') : '';
  writeFileSync(reportPath, replaceSection(previous, section));
  console.log(section);
  process.exit(0);
}

const distDir = join(repoRoot, 'apps/web/dist');
if (!existsSync(join(distDir, 'index.html'))) {
  execFileSync('npm', ['run', 'build'], { cwd: repoRoot, stdio: 'inherit' });
}
// Measured now, from the build the portal serves: a rebuild of apps/web/dist while the
// load runs (a shared working tree) must not lose the run's results at the end.
const bundle = initialBundle(distDir);

console.log('Creating the benchmark database…');
const databaseUrl = await recreateDatabase(adminUrl, 'portal_bench');
const portal = await startPortal({
  name: 'bench',
  // The loads send well over 100,000 requests a minute from one address on a fast day; the
  // rate limit would answer the storm's slot search with 429.
  env: { DATABASE_URL: databaseUrl, DEMO: 'false', LOG_LEVEL: 'warn', RATE_LIMIT_MAX: '100000000' },
});
try {
  console.log('Generating the dataset…');
  const started = Date.now();
  const counts = await generateDataset(databaseUrl);
  const generationSeconds = (Date.now() - started) / 1000;
  console.log(counts, `${generationSeconds.toFixed(1)} s`);

  const nextAvailableBody = {
    examSlug: 'mri-exam-1',
    location: { latitude: -33.87, longitude: 151.21 },
  };
  const weekUrl = `${portal.url}/api/clinics/bench-clinic-3/slots?examSlug=mri-exam-1&from=${day(1)}&to=${day(7)}`;
  console.log('Load: /healthz, next available, one clinic week (32 connections, 10 s each)…');
  const loads: LoadResult[] = [];
  loads.push(await load({ label: 'GET /healthz', url: `${portal.url}/healthz` }));
  loads.push(
    await load({
      label: 'POST /api/slots/next-available (all clinics, one exam)',
      url: `${portal.url}/api/slots/next-available`,
      method: 'POST',
      body: nextAvailableBody,
    }),
  );
  loads.push(await load({ label: 'GET /api/clinics/{slug}/slots (one week)', url: weekUrl }));

  console.log('Booking storm: 200 clients, 20 slots…');
  const stormSlots = await bookableSlots(
    `${portal.url}/api/clinics/bench-clinic-0/slots?examSlug=ct-exam-1&from=${day(2)}&to=${day(9)}`,
  );
  // The first bookings of a process run cold (code not yet optimised, first plans): a first
  // storm on other slots is reported apart, and the measured one meets a warm server, as a
  // rush on a portal that has been up for a while would.
  const coldSlots = await bookableSlots(
    `${portal.url}/api/clinics/bench-clinic-1/slots?examSlug=ct-exam-1&from=${day(20)}&to=${day(27)}`,
  );
  const coldStorm = await bookingStorm(portal.url, databaseUrl, coldSlots, 200);
  const storm = await bookingStorm(portal.url, databaseUrl, stormSlots, 200);

  let lighthouse: Awaited<ReturnType<typeof lighthouseMedians<'portal' | 'staticPage'>>> | null =
    null;
  if (withLighthouse) {
    console.log('Lighthouse mobile, median of 3, booking home and a static page…');
    const staticPage = await startStaticPage();
    try {
      lighthouse = await lighthouseMedians({
        portal: `${portal.url}/`,
        staticPage: staticPage.url,
      });
    } finally {
      await staticPage.close();
    }
  }

  const doctorSearch = await doctorSearchSection();

  const report = renderReport({
    date: new Date().toISOString(),
    machine,
    scale,
    counts,
    generationSeconds,
    loads,
    storm,
    coldStorm,
    bundle,
    lighthouse,
  });
  // A run without Lighthouse keeps the browser section measured last (`npm run bench:web`), and
  // every run keeps its patient pages section: their demo bookings are not in this database.
  const previous = existsSync(reportPath) ? readFileSync(reportPath, 'utf8') : '';
  const previousBrowser = findSection(previous, browserHeading);
  const previousPatientPages = findSection(previous, patientPagesHeading);
  let next =
    !withLighthouse && previousBrowser?.includes('Lighthouse')
      ? replaceSection(report, previousBrowser)
      : report;
  if (previousPatientPages) next = replaceSection(next, previousPatientPages);
  next = replaceSection(next, doctorSearch);
  writeFileSync(reportPath, next);
  console.log(report);
} finally {
  await portal.stop();
}
