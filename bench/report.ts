import type { LoadResult } from './load.ts';
import type { DoctorSearchResult } from './referrers.ts';
import type { StormResult } from './storm.ts';
import type { InitialBundle, LighthouseMetric, LighthouseRun } from './web-budget.ts';

export interface BenchReport {
  date: string;
  machine: string;
  scale: Record<string, number>;
  counts: Record<string, number>;
  generationSeconds: number;
  loads: LoadResult[];
  storm: StormResult;
  /** A first storm on other slots, before the measured one (reported apart). */
  coldStorm?: StormResult;
  bundle: InitialBundle;
  lighthouse: { portal: LighthouseRun; staticPage: LighthouseRun } | null;
}

const mark = (ok: boolean) => (ok ? 'met' : '**missed**');
const ms = (value: number) => `${value.toFixed(1)} ms`;
const kb = (bytes: number) => `${(bytes / 1024).toFixed(1)} KB`;

/**
 * A Lighthouse value as the table shows it: the median of the runs that had it, saying how many
 * when a run had none (Lighthouse failed it), and "not measured" when no run had it.
 */
function lighthouseCell(run: LighthouseRun, key: LighthouseMetric): string {
  const value = run[key];
  const count = run.measured[key];
  if (count === 0 || Number.isNaN(value)) return 'not measured';
  const text =
    key === 'lcpMs' || key === 'tbtMs' ? ms(value) : key === 'cls' ? value.toFixed(3) : `${value}`;
  return count < run.runs ? `${text} (${count} of ${run.runs} runs)` : text;
}

const lighthouseCells = (run: LighthouseRun) =>
  (['performance', 'accessibility', 'lcpMs', 'tbtMs', 'cls'] as const)
    .map((key) => lighthouseCell(run, key))
    .join(' | ');

/** The runs Lighthouse failed, by page ("" when none did). */
function failureNote(pages: { label: string; run: LighthouseRun }[]): string {
  const failed = pages.filter(({ run }) => run.failures.length > 0);
  if (failed.length === 0) return '';
  const list = failed.map(({ label, run }) => `${label} (${run.failures.join(', ')})`).join('; ');
  const navstart = failed.some(({ run }) => run.failures.includes('NO_NAVSTART'))
    ? " (NO_NAVSTART: the load's trace had no navigation start, a failure of the recording, not of the page)"
    : '';
  return `Lighthouse failed runs of: ${list}${navstart}. A failed run is taken once more; a value missing from a run is left out of its median.`;
}

/** docs/benchmarks.md: every number with the target it is held to. */
export function renderReport(report: BenchReport): string {
  const [health] = report.loads;
  const healthRps = health?.requestsPerSecond ?? 0;
  const lines = [
    '# Benchmarks',
    '',
    `Measured by \`npm run bench\` on ${report.date} (${report.machine}); PostgreSQL on the same machine.`,
    'Targets are the speed budgets of the booking flow. Ratios are taken within this one run, since the machine is noisy.',
    '',
    '## Dataset',
    '',
    '| table | rows |',
    '| --- | --- |',
    ...Object.entries(report.counts).map(
      ([table, rows]) => `| ${table} | ${rows.toLocaleString('en-AU')} |`,
    ),
    '',
    `Horizon ${report.scale.horizonDays} days; generated in ${report.generationSeconds.toFixed(1)} s.`,
    '',
    '## Slot search under 32 concurrent connections (10 s each)',
    '',
    '| endpoint | requests/s | p50 | p99 | share of /healthz | non-2xx | target |',
    '| --- | --- | --- | --- | --- | --- | --- |',
    ...report.loads.map((result) => {
      const share = healthRps ? result.requestsPerSecond / healthRps : 0;
      const target =
        result === health
          ? '(reference)'
          : `p99 < 50 ms: ${mark(result.p99Ms < 50)}; >= 15%: ${mark(share >= 0.15)}`;
      return `| ${result.label} | ${result.requestsPerSecond.toFixed(0)} | ${ms(result.p50Ms)} | ${ms(result.p99Ms)} | ${(share * 100).toFixed(1)}% | ${result.non2xx + result.errors} | ${target} |`;
    }),
    '',
    '## Booking storm',
    '',
    `${report.storm.clients} clients raced for ${report.storm.slots} slots at once, on a server that had already taken a first storm on other slots${report.coldStorm ? ` (that first, cold storm: ${report.coldStorm.created} created, ${report.coldStorm.conflicts} told 409, ${report.coldStorm.serverErrors} 5xx, overlaps ${report.coldStorm.overlapsInDatabase}; p50 / p99 ${report.coldStorm.p50Ms.toFixed(1)} ms / ${report.coldStorm.p99Ms.toFixed(1)} ms)` : ''}.`,
    '',
    '| measure | value | target |',
    '| --- | --- | --- |',
    `| appointments created | ${report.storm.created} | exactly ${report.storm.slots}: ${mark(report.storm.created === report.storm.slots)} |`,
    `| appointments in those slots (database) | ${report.storm.appointmentsInSlots} | ${report.storm.slots}: ${mark(report.storm.appointmentsInSlots === report.storm.slots)} |`,
    `| overlapping resource bookings (database) | ${report.storm.overlapsInDatabase} | 0: ${mark(report.storm.overlapsInDatabase === 0)} |`,
    `| 409 SLOT_UNAVAILABLE | ${report.storm.conflicts} | every loser |`,
    `| losers without a clear code and message | ${report.storm.unclearLosers} | 0: ${mark(report.storm.unclearLosers === 0)} |`,
    `| other 4xx | ${report.storm.otherFailures} | 0: ${mark(report.storm.otherFailures === 0)} |`,
    `| 5xx | ${report.storm.serverErrors} | 0: ${mark(report.storm.serverErrors === 0)} |`,
    `| p50 / p99 | ${ms(report.storm.p50Ms)} / ${ms(report.storm.p99Ms)} | p99 < 200 ms: ${mark(report.storm.p99Ms < 200)} |`,
    '',
  ];
  lines.push(renderBrowserSection(report.bundle, report.lighthouse));
  return `${lines.join('\n')}`;
}

export const browserHeading = '## Booking home in the browser';

/**
 * The browser budget section, ending in a newline. `date` is given when the section is measured
 * on its own (`npm run bench:web`), apart from the run that measured the sections above it.
 */
export function renderBrowserSection(
  bundle: InitialBundle,
  lighthouse: BenchReport['lighthouse'],
  date?: string,
): string {
  const lines = [
    browserHeading,
    '',
    ...(date
      ? [`Measured by \`npm run bench:web\` on ${date} (demo data on the embedded database).`, '']
      : []),
    `Initial JavaScript ${kb(bundle.javascriptGzipBytes)} gzip (target < 150 KB: ${mark(bundle.javascriptGzipBytes < 150 * 1024)}), CSS ${kb(bundle.cssGzipBytes)} gzip, in ${bundle.files.length} files.`,
    '',
  ];
  if (lighthouse) {
    const { portal, staticPage } = lighthouse;
    lines.push(
      'Lighthouse mobile (default throttling), median of 3 runs, the pages taking turns:',
      '',
      '| page | performance | accessibility | LCP | TBT | CLS |',
      '| --- | --- | --- | --- | --- | --- |',
      `| booking home | ${lighthouseCells(portal)} |`,
      `| static HTML page | ${lighthouseCells(staticPage)} |`,
      '',
      ...[
        failureNote([
          { label: 'booking home', run: portal },
          { label: 'static HTML page', run: staticPage },
        ]),
      ]
        .filter(Boolean)
        .flatMap((note) => [note, '']),
      `Targets: performance >= 95 ${mark(portal.performance >= 95)}; accessibility 100 ${mark(portal.accessibility === 100)}; LCP < 2x static (${(portal.lcpMs / staticPage.lcpMs).toFixed(2)}x) ${mark(portal.lcpMs < 2 * staticPage.lcpMs)}; TBT < 50 ms ${mark(portal.tbtMs < 50)}; CLS < 0.02 ${mark(portal.cls < 0.02)}.`,
      '',
    );
  }
  return `${lines.join('\n')}\n`;
}

export const patientPagesHeading = '## Patient pages in the browser';

/** The booking home's browser budgets (above), which the patient pages are held to as well. */
export const pageBudgets = { javascriptGzipBytes: 150 * 1024, performance: 95 };

export interface PageMeasure {
  label: string;
  lighthouse: LighthouseRun;
  /** Gzip size (from apps/web/dist) of the same-origin scripts the page fetched. */
  javascriptGzipBytes: number;
  /** The part of it outside index.html's own references (the booking home's figure above). */
  beyondEntryGzipBytes: number;
  /**
   * As the booking home's budget counts it: the page's own chunks under /assets/, without the
   * app loader and DOMPurify's chunk, which the server preloads on every page alike only when
   * the provider's banner, header or footer shows HTML.
   */
  budgetGzipBytes: number;
}

/**
 * The patient pages (`npm run bench:web`), measured in the same Lighthouse runs as
 * the booking home, whose row is repeated here measured the same way; ends in a newline.
 */
export function renderPatientPagesSection(
  home: PageMeasure,
  pages: PageMeasure[],
  date: string,
): string {
  const row = (page: PageMeasure, budgets: boolean) => {
    const { lighthouse: run } = page;
    const jsMet = page.budgetGzipBytes < pageBudgets.javascriptGzipBytes;
    const performance = Number.isNaN(run.performance)
      ? 'not measured'
      : mark(run.performance >= pageBudgets.performance);
    const targets = budgets ? `JS ${mark(jsMet)}; performance ${performance}` : '(reference)';
    return `| ${page.label} | ${lighthouseCells(run)} | ${kb(page.budgetGzipBytes)} | ${kb(page.javascriptGzipBytes)} in ${run.scripts.length} files | ${kb(page.beyondEntryGzipBytes)} | ${kb(run.scriptTransferBytes)} | ${targets} |`;
  };
  const missed = pages.filter(
    (page) =>
      page.budgetGzipBytes >= pageBudgets.javascriptGzipBytes ||
      page.lighthouse.performance < pageBudgets.performance,
  );
  const unmeasured = pages.filter((page) => Number.isNaN(page.lighthouse.performance));
  const lines = [
    patientPagesHeading,
    '',
    `Measured by \`npm run bench:web\` on ${date} (demo data on the embedded database), in the same Lighthouse runs as the booking home (mobile, default throttling, median of 3, the pages taking turns).`,
    "The secured pages load as the demo patient signed in through the API (booking key and date of birth, then the OTP from the development outbox); Lighthouse sends the session cookie with every request, and a run that did not load the page's data from `/api/secured/` fails. The reminder link page is opened with an invalid token (it says the link is not valid). The kiosk check-in page is opened on its first step with a named kiosk's two identity cookies in the browser (the page reads them), as a reception tablet shows it between patients. The image viewer's report page (measured when Orthanc is installed: the demo studies in a real PACS) is opened with the link the demo patient's View images makes for the demo CT; its load includes the viewer's own chunk and the first frame.",
    '',
    "Initial JS as the budget counts it: the scripts under /assets/ the page fetched in the load (the entry, its preloads, the route's chunks), gzip-compressed from apps/web/dist, as the booking home's figure above counts the home (index.html's references and the home's route chunks): without the app loader and without DOMPurify's chunk, which the server preloads on every page alike when the provider's banner, header or footer shows HTML (the demo's does). All fetched: every same-origin script of the load, those two included. Beyond the entry: the part outside index.html's own references. Transferred: what went over the wire (the precompressed brotli files, with headers), median. The booking home is measured the same way here for comparison.",
    '',
    '| page | performance | accessibility | LCP | TBT | CLS | initial JS as budgeted (gzip) | all fetched (gzip) | beyond the entry | JS transferred | budgets |',
    '| --- | --- | --- | --- | --- | --- | --- | --- | --- | --- | --- |',
    row(home, false),
    ...pages.map((page) => row(page, true)),
    '',
    ...[failureNote([home, ...pages].map((page) => ({ label: page.label, run: page.lighthouse })))]
      .filter(Boolean)
      .flatMap((note) => [note, '']),
    `Budgets (the booking home's): initial JavaScript < ${kb(pageBudgets.javascriptGzipBytes)} gzip, performance >= ${pageBudgets.performance}: ${missed.length === 0 ? (unmeasured.length === 0 ? 'met on every page' : 'met where measured') : `**missed** on ${missed.map((page) => page.label).join(', ')}`}${unmeasured.length === 0 ? '' : `; performance not measured on ${unmeasured.map((page) => page.label).join(', ')}`}.`,
    '',
  ];
  return `${lines.join('\n')}\n`;
}

/** The `## ` section of `markdown` that starts with `heading`, up to the next one; null if absent. */
export function findSection(markdown: string, heading: string): string | null {
  // Searched with a newline in front so that a heading on the first line is found too; an
  // index into that string is the same index into `markdown`.
  const start = `\n${markdown}`.indexOf(`\n${heading}\n`);
  if (start === -1) return null;
  const next = markdown.indexOf('\n## ', start + heading.length);
  return markdown.slice(start, next === -1 ? markdown.length : next + 1);
}

/**
 * `markdown` with the section `section` starts with (its first line, a `## ` heading) replaced
 * by `section`, or `section` appended: a partial run rewrites only what it measured.
 */
export function replaceSection(markdown: string, section: string): string {
  const heading = section.slice(0, section.indexOf('\n'));
  const current = findSection(markdown, heading);
  if (current === null) return `${markdown.trimEnd()}\n\n${section}`;
  const start = markdown.indexOf(current);
  return `${markdown.slice(0, start)}${section}${markdown.slice(start + current.length)}`;
}

export const doctorSearchHeading = '## Doctor search (referrer directory)';

/** The doctor search's section (bench/referrers.ts), ending in a newline. */
export function renderDoctorSearchSection(
  result: DoctorSearchResult,
  date: string,
  machine: string,
): string {
  const { overall } = result;
  const lines = [
    doctorSearchHeading,
    '',
    `Measured by \`npm run bench\` on ${date} (${machine}); PostgreSQL on the same machine. ${result.counts.referrers?.toLocaleString('en-AU')} doctors at ${result.counts.referrer_locations?.toLocaleString('en-AU')} practice locations (generated: a third with common Australian surnames, the rest made up; every provider number valid). Each call is the referrers service's search as the route runs it, one at a time over a pool, without the HTTP hop and session check; ${overall.calls.toLocaleString('en-AU')} calls of a mix of what patients type, after one warm-up pass.`,
    '',
    '| query | calls | rows found (mean) | p50 | p95 | p99 | max |',
    '| --- | --- | --- | --- | --- | --- | --- |',
    ...result.byKind.map(
      ({ kind, summary, meanRows }) =>
        `| ${kind} | ${summary.calls} | ${meanRows.toFixed(1)} | ${ms(summary.p50Ms)} | ${ms(summary.p95Ms)} | ${ms(summary.p99Ms)} | ${ms(summary.maxMs)} |`,
    ),
    `| **all** | ${overall.calls} | | ${ms(overall.p50Ms)} | ${ms(overall.p95Ms)} | ${ms(overall.p99Ms)} | ${ms(overall.maxMs)} |`,
    '',
    `Target: p99 < 20 ms: ${mark(overall.p99Ms < 20)}.`,
    '',
  ];
  return `${lines.join('\n')}\n`;
}
