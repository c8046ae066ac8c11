// `npm run bench:web`: the booking home's browser budget alone (initial bundle and Lighthouse
// mobile beside a static page) and the patient pages held to the same budgets
// (bench/web-pages.ts: signed in as the demo patient), against a demo portal on the embedded
// database. It rewrites only the "Booking home in the browser" and "Patient pages in the browser"
// sections of docs/benchmarks.md, so the server sections of the last full `npm run bench` stay.
// `--save=<dir>` keeps every Lighthouse report (the diagnostics: LCP element and phases, bootup
// time, long tasks, network requests) for reading afterwards.
import { execFileSync } from 'node:child_process';
import { existsSync, readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { startPortal } from '../e2e/support/portal.ts';
import {
  type PageMeasure,
  renderBrowserSection,
  renderPatientPagesSection,
  replaceSection,
} from './report.ts';
import {
  initialBundle,
  type LighthousePage,
  type LighthouseRun,
  lighthouseMedians,
  startStaticPage,
} from './web-budget.ts';
import { gzipBytesOf, type PatientPage, patientPageLabels, patientPages } from './web-pages.ts';
import { pacsEnv, startDemoPacs } from './web-viewer.ts';

const repoRoot = new URL('../', import.meta.url).pathname;
const saveDir = process.argv.find((arg) => arg.startsWith('--save='))?.slice('--save='.length);
const distDir = join(repoRoot, 'apps/web/dist');
if (!existsSync(join(distDir, 'index.html'))) {
  execFileSync('npm', ['run', 'build', '-w', 'apps/web'], { cwd: repoRoot, stdio: 'inherit' });
}
const bundle = initialBundle(distDir);

const pacs = await startDemoPacs();
const portal = await startPortal({
  name: 'bench-web',
  env: { LOG_LEVEL: 'warn', ...(pacs ? pacsEnv(pacs) : {}) },
});
const staticPage = await startStaticPage();
try {
  // Only the pages measured this run (the viewer's needs a PACS) are keys.
  const pages = Object.fromEntries(
    Object.entries(await patientPages(portal.url, { pacs: pacs !== null })).filter(
      ([, page]) => page !== undefined,
    ),
  ) as Record<PatientPage, LighthousePage>;
  console.log('Lighthouse mobile, median of 3: booking home, a static page and the patient pages…');
  const lighthouse = await lighthouseMedians(
    { portal: `${portal.url}/`, staticPage: staticPage.url, ...pages },
    3,
    saveDir,
  );
  const date = new Date().toISOString();
  const measure = (label: string, run: LighthouseRun): PageMeasure => ({
    label,
    lighthouse: run,
    javascriptGzipBytes: gzipBytesOf(distDir, run.scripts),
    beyondEntryGzipBytes: gzipBytesOf(
      distDir,
      run.scripts.filter((path) => !bundle.entryFiles.includes(path)),
    ),
    budgetGzipBytes: gzipBytesOf(
      distDir,
      run.scripts.filter((path) => path.startsWith('/assets/') && path !== bundle.sanitizerFile),
    ),
  });
  const names = Object.keys(pages) as PatientPage[];
  for (const name of ['portal', ...names] as const) {
    console.log(`${name} fetched: ${lighthouse[name].scripts.join(' ')}`);
  }
  const sections = [
    renderBrowserSection(bundle, lighthouse, date),
    renderPatientPagesSection(
      measure('booking home', lighthouse.portal),
      names.map((name) => measure(patientPageLabels[name], lighthouse[name])),
      date,
    ),
  ];
  const reportPath = join(repoRoot, 'docs/benchmarks.md');
  let report = existsSync(reportPath) ? readFileSync(reportPath, 'utf8') : '# Benchmarks\n';
  for (const section of sections) report = replaceSection(report, section);
  writeFileSync(reportPath, report);
  console.log(sections.join('\n'));
} finally {
  await staticPage.close();
  await portal.stop();
  await pacs?.stop();
}
