import type { LoadResult } from './load.ts';
import type { StormResult } from './storm.ts';
import type { InitialBundle, LighthouseRun } from './web-budget.ts';

export interface BenchReport {
  date: string;
  machine: string;
  scale: Record<string, number>;
  counts: Record<string, number>;
  generationSeconds: number;
  loads: LoadResult[];
  storm: StormResult;
  bundle: InitialBundle;
  lighthouse: { portal: LighthouseRun; staticPage: LighthouseRun } | null;
}

const mark = (ok: boolean) => (ok ? 'met' : '**missed**');
const ms = (value: number) => `${value.toFixed(1)} ms`;
const kb = (bytes: number) => `${(bytes / 1024).toFixed(1)} KB`;

/** docs/benchmarks.md: every number with the target it is held to. */
export function renderReport(report: BenchReport): string {
  const [health] = report.loads;
  const healthRps = health?.requestsPerSecond ?? 0;
  const lines = [
    '# Benchmarks',
    '',
    `Measured by \`npm run bench\` on ${report.date} (${report.machine}); PostgreSQL on the same machine.`,
    'Targets come from issue 3. Ratios are taken within this one run, since the machine is noisy.',
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
    `${report.storm.clients} clients raced for ${report.storm.slots} slots at once.`,
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
    '## Booking home in the browser',
    '',
    `Initial JavaScript ${kb(report.bundle.javascriptGzipBytes)} gzip (target < 150 KB: ${mark(report.bundle.javascriptGzipBytes < 150 * 1024)}), CSS ${kb(report.bundle.cssGzipBytes)} gzip, in ${report.bundle.files.length} files.`,
    '',
  ];
  if (report.lighthouse) {
    const { portal, staticPage } = report.lighthouse;
    lines.push(
      'Lighthouse mobile (default throttling), median of 3 runs:',
      '',
      '| page | performance | accessibility | LCP | TBT | CLS |',
      '| --- | --- | --- | --- | --- | --- |',
      `| booking home | ${portal.performance} | ${portal.accessibility} | ${ms(portal.lcpMs)} | ${ms(portal.tbtMs)} | ${portal.cls.toFixed(3)} |`,
      `| static HTML page | ${staticPage.performance} | ${staticPage.accessibility} | ${ms(staticPage.lcpMs)} | ${ms(staticPage.tbtMs)} | ${staticPage.cls.toFixed(3)} |`,
      '',
      `Targets: performance >= 95 ${mark(portal.performance >= 95)}; accessibility 100 ${mark(portal.accessibility === 100)}; LCP < 2x static (${(portal.lcpMs / staticPage.lcpMs).toFixed(2)}x) ${mark(portal.lcpMs < 2 * staticPage.lcpMs)}; TBT < 50 ms ${mark(portal.tbtMs < 50)}; CLS < 0.02 ${mark(portal.cls < 0.02)}.`,
      '',
    );
  }
  return `${lines.join('\n')}\n`;
}
