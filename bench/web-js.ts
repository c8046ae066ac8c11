// `npm run bench:web-js`: the initial-JavaScript budget of the booking home and the patient
// pages in a minute, without Lighthouse: each page is loaded once in headless Chromium (as
// `npm run bench:web` loads it: the demo patient signed in, the kiosk's cookies set), and the
// same-origin scripts it fetched are counted as bench/web.ts counts them. It prints a table and
// writes nothing: docs/benchmarks.md holds only `npm run bench:web`'s Lighthouse runs. For
// trimming a bundle, where a full run (5-9 minutes, quiet machine) is too slow a loop.
import { execFileSync } from 'node:child_process';
import { existsSync } from 'node:fs';
import { join } from 'node:path';
import { launchBrowser, viewports } from '../e2e/support/browser.ts';
import { startPortal } from '../e2e/support/portal.ts';
import { initialBundle, type LighthousePage } from './web-budget.ts';
import { gzipBytesOf, patientPageLabels, patientPages } from './web-pages.ts';
import { pacsEnv, startDemoPacs } from './web-viewer.ts';

const budgetBytes = 150 * 1024;
const repoRoot = new URL('../', import.meta.url).pathname;
const distDir = join(repoRoot, 'apps/web/dist');
if (!existsSync(join(distDir, 'index.html'))) {
  execFileSync('npm', ['run', 'build', '-w', 'apps/web'], { cwd: repoRoot, stdio: 'inherit' });
}
const bundle = initialBundle(distDir);
const verbose = process.argv.includes('--files');

const pacs = await startDemoPacs();
const portal = await startPortal({
  name: 'bench-web-js',
  env: { LOG_LEVEL: 'warn', ...(pacs ? pacsEnv(pacs) : {}) },
});
const browser = await launchBrowser();
try {
  const pages: Record<string, LighthousePage> = {
    'booking home': { url: `${portal.url}/` },
    ...Object.fromEntries(
      Object.entries(await patientPages(portal.url, { pacs: pacs !== null })).map(
        ([name, page]) => [patientPageLabels[name as keyof typeof patientPageLabels], page],
      ),
    ),
  };
  for (const [label, target] of Object.entries(pages)) {
    // A phone, as Lighthouse's mobile runs load it: a wider page may draw (and fetch) more.
    const context = await browser.newContext({
      extraHTTPHeaders: target.headers,
      viewport: viewports.phone,
      isMobile: true,
      hasTouch: true,
    });
    const origin = new URL(target.url).origin;
    if (target.cookies) {
      await context.addCookies(target.cookies.map((cookie) => ({ ...cookie, url: origin })));
    }
    const page = await context.newPage();
    const scripts = new Set<string>();
    page.on('request', (request) => {
      const url = new URL(request.url());
      if (request.resourceType() === 'script' && url.origin === origin) scripts.add(url.pathname);
    });
    await page.goto(target.url, { waitUntil: 'networkidle' });
    // A page's data answer can arrive after the first quiet moment, and its chunks after that.
    await page.waitForTimeout(1000);
    await page.waitForLoadState('networkidle');
    const budgeted = [...scripts]
      .filter((path) => path.startsWith('/assets/') && path !== bundle.sanitizerFile)
      .sort();
    const bytes = gzipBytesOf(distDir, budgeted);
    const verdict = bytes < budgetBytes ? 'met' : 'MISSED';
    console.log(`${label}: ${(bytes / 1024).toFixed(1)} KB gzip (${verdict})`);
    if (verbose) {
      for (const path of budgeted) {
        console.log(`  ${(gzipBytesOf(distDir, [path]) / 1024).toFixed(1).padStart(6)} ${path}`);
      }
    }
    await context.close();
  }
} finally {
  await browser.close();
  await portal.stop();
  await pacs?.stop();
}
