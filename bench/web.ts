// `npm run bench:web`: the booking home's browser budget alone (initial bundle and Lighthouse
// mobile beside a static page), against a demo portal on the embedded database. It rewrites only
// the "Booking home in the browser" section of docs/benchmarks.md, so the server sections of the
// last full `npm run bench` stay as they were. `--save=<dir>` keeps every Lighthouse report (the
// diagnostics: LCP element and phases, bootup time, long tasks) for reading afterwards.
import { execFileSync } from 'node:child_process';
import { existsSync, readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { startPortal } from '../e2e/support/portal.ts';
import { renderBrowserSection, replaceSection } from './report.ts';
import { initialBundle, lighthouseMedians, startStaticPage } from './web-budget.ts';

const repoRoot = new URL('../', import.meta.url).pathname;
const saveDir = process.argv.find((arg) => arg.startsWith('--save='))?.slice('--save='.length);
const distDir = join(repoRoot, 'apps/web/dist');
if (!existsSync(join(distDir, 'index.html'))) {
  execFileSync('npm', ['run', 'build', '-w', 'apps/web'], { cwd: repoRoot, stdio: 'inherit' });
}
const bundle = initialBundle(distDir);

const portal = await startPortal({ name: 'bench-web', env: { LOG_LEVEL: 'warn' } });
const staticPage = await startStaticPage();
try {
  console.log('Lighthouse mobile, median of 3, booking home and a static page…');
  const lighthouse = await lighthouseMedians(
    { portal: `${portal.url}/`, staticPage: staticPage.url },
    3,
    saveDir,
  );
  const section = renderBrowserSection(bundle, lighthouse, new Date().toISOString());
  const reportPath = join(repoRoot, 'docs/benchmarks.md');
  const current = existsSync(reportPath) ? readFileSync(reportPath, 'utf8') : '# Benchmarks\n';
  writeFileSync(reportPath, replaceSection(current, section));
  console.log(section);
} finally {
  await staticPage.close();
  await portal.stop();
}
