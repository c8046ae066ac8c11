import { existsSync, mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import { createServer, type Server } from 'node:http';
import { join } from 'node:path';
import { gzipSync } from 'node:zlib';
import * as chromeLauncher from 'chrome-launcher';
import lighthouse from 'lighthouse';
import puppeteer, { type Browser } from 'puppeteer-core';
import { fetchedScripts } from './web-pages.ts';

export interface InitialBundle {
  javascriptGzipBytes: number;
  cssGzipBytes: number;
  files: string[];
  /** The entry's own files: index.html's references, without the home's route chunks. */
  entryFiles: string[];
  /** DOMPurify's on-demand chunk (preloaded only when the provider's shell shows HTML). */
  sanitizerFile: string | null;
}

/**
 * The JS and CSS a browser must fetch before the booking home can render: index.html's own
 * references and the home's route chunks, which the server preloads on the home's paths
 * (the `portal-home-chunks` marker, apps/web/vite.config.ts).
 */
export function initialBundle(distDir: string): InitialBundle {
  const html = readFileSync(join(distDir, 'index.html'), 'utf8');
  const entryFiles = [
    ...html.matchAll(/<script[^>]+src="([^"]+)"/g),
    ...html.matchAll(/<link[^>]+rel="(?:modulepreload|stylesheet)"[^>]+href="([^"]+)"/g),
    ...html.matchAll(/<link[^>]+href="([^"]+)"[^>]+rel="(?:modulepreload|stylesheet)"/g),
  ].map((match) => match[1] as string);
  const homeChunks = (/<meta name="portal-home-chunks" content="([^"]*)"/.exec(html)?.[1] ?? '')
    .split(' ')
    .filter(Boolean);
  const sanitizerFile =
    /<meta name="portal-sanitizer-chunk" content="([^"]+)"/.exec(html)?.[1] ?? null;
  const references = [...entryFiles, ...homeChunks];
  const files = [...new Set(references)].filter((file) => file.startsWith('/assets/'));
  let javascriptGzipBytes = 0;
  let cssGzipBytes = 0;
  for (const file of files) {
    const size = gzipSync(readFileSync(join(distDir, file))).length;
    if (file.endsWith('.css')) cssGzipBytes += size;
    else javascriptGzipBytes += size;
  }
  return {
    javascriptGzipBytes,
    cssGzipBytes,
    files,
    entryFiles: entryFiles.filter((file) => file.startsWith('/assets/')),
    sanitizerFile,
  };
}

/** The values a Lighthouse run gives, each a median over the runs that have it. */
export type LighthouseMetric = 'performance' | 'accessibility' | 'lcpMs' | 'tbtMs' | 'cls';

export interface LighthouseRun {
  performance: number;
  accessibility: number;
  lcpMs: number;
  tbtMs: number;
  cls: number;
  /** Runs taken of the page. */
  runs: number;
  /** How many of them had each value: a run Lighthouse failed (runtimeError) has none. */
  measured: Record<LighthouseMetric, number>;
  /** Lighthouse's error codes of the runs it failed ("NO_NAVSTART"), retried ones included. */
  failures: string[];
  /** Same-origin scripts the load fetched (paths; the union over the runs). */
  scripts: string[];
  /** Bytes on the wire for those scripts (as served: brotli, with headers), median. */
  scriptTransferBytes: number;
}

/** A page to measure: its address, request headers (a session cookie), a check of each report. */
export interface LighthousePage {
  url: string;
  headers?: Record<string, string>;
  /**
   * Cookies the page's own scripts read (document.cookie, e.g. a kiosk's identity): put in the
   * browser's cookie jar for the page's runs and removed after. A Cookie header reaches only the
   * server: the kiosk check-in page read no identity and showed "not set up as a kiosk".
   */
  cookies?: { name: string; value: string }[];
  /** Throws when a report shows the page did not load as meant (e.g. signed out). */
  check?: (lhr: { audits: Record<string, { details?: unknown }> }, url: string) => void;
}

/**
 * The median of the runs that have the value, NaN when none has. A run Lighthouse failed (its
 * trace lacked the navigation start, NO_NAVSTART, seen on a busy machine) has no metrics and a
 * null score; NaN in a sort's comparison left the median NaN or the run's 0 score in it.
 */
export function medianOfMeasured(values: number[]): number {
  const sorted = values.filter(Number.isFinite).sort((a, b) => a - b);
  const middle = Math.floor(sorted.length / 2);
  if (sorted.length === 0) return Number.NaN;
  return sorted.length % 2 === 1
    ? (sorted[middle] as number)
    : ((sorted[middle - 1] as number) + (sorted[middle] as number)) / 2;
}

const score = (category: { score: number | null } | undefined) =>
  category?.score == null ? Number.NaN : Math.round(category.score * 100);

const chromeFlags = [
  '--headless=new',
  '--no-sandbox',
  '--disable-gpu',
  '--disable-background-networking',
  '--disable-component-update',
  '--disable-sync',
  '--no-first-run',
];

/** Busy share of all cores over `ms` (Linux /proc/stat: user, nice, system, irq, softirq, steal). */
async function cpuBusyShare(ms: number): Promise<number> {
  const read = () => {
    const fields = readFileSync('/proc/stat', 'utf8')
      .split('\n')[0]!
      .trim()
      .split(/\s+/)
      .slice(1)
      .map(Number);
    const idle = (fields[3] ?? 0) + (fields[4] ?? 0);
    return { idle, total: fields.reduce((sum, value) => sum + value, 0) };
  };
  const before = read();
  await new Promise((resolve) => setTimeout(resolve, ms));
  const after = read();
  const total = after.total - before.total;
  return total > 0 ? 1 - (after.idle - before.idle) / total : 0;
}

/**
 * Waits (at most 30 s) until the machine is quiet: Lighthouse's TBT is read on a simulated 4x
 * slower CPU, so work left from before (PostgreSQL's autovacuum after the dataset, the bench
 * portal's outbox worker after the storms) showed up even on the static page.
 */
async function waitForQuietMachine(): Promise<void> {
  const until = Date.now() + 30_000;
  while (Date.now() < until) {
    if ((await cpuBusyShare(500)) < 0.15) return;
  }
  console.log('The machine stayed busy for 30 s; measuring anyway.');
}

/**
 * Sets cookies in the browser Lighthouse drives (its storage reset leaves cookies alone), for
 * the page at `url`; `remove` takes them out again, so the other pages load without them.
 */
async function cookieJar(
  port: number,
  url: string,
  cookies: { name: string; value: string }[],
): Promise<{ remove: () => Promise<void> }> {
  const domain = new URL(url).hostname;
  const data = cookies.map((cookie) => ({ ...cookie, domain, path: '/' }));
  const withBrowser = async (work: (browser: Browser) => Promise<void>) => {
    const browser = await puppeteer.connect({ browserURL: `http://127.0.0.1:${port}` });
    try {
      await work(browser);
    } finally {
      await browser.disconnect();
    }
  };
  await withBrowser((browser) => browser.setCookie(...data));
  return { remove: () => withBrowser((browser) => browser.deleteMatchingCookies(...data)) };
}

/**
 * Lighthouse mobile (its default emulation and throttling), median of `runs` per page. The
 * pages take turns run by run, so load from other processes on a shared machine falls on
 * each of them alike and their ratio stays meaningful. With `saveDir`, every report is kept
 * as JSON (`<page>-<run>.json`) for its diagnostics. A page given as a LighthousePage is
 * loaded with its headers and its check run on every report.
 */
export async function lighthouseMedians<Page extends string>(
  urls: Record<Page, string | LighthousePage>,
  runs = 3,
  saveDir?: string,
): Promise<Record<Page, LighthouseRun>> {
  const chromePath = process.env.CHROME_PATH ?? process.env.CHROMIUM_PATH ?? '/usr/bin/chromium';
  // A missing binary fails in an 'error' event no try/finally sees, leaving servers running.
  if (!existsSync(chromePath)) throw new Error(`no Chromium at ${chromePath} (CHROME_PATH)`);
  const chrome = await chromeLauncher.launch({ chromePath, chromeFlags });
  const pages = Object.keys(urls) as Page[];
  const results = new Map<Page, LighthouseRun[]>(pages.map((page) => [page, []]));
  const failures = new Map<Page, string[]>(pages.map((page) => [page, []]));
  if (saveDir) mkdirSync(saveDir, { recursive: true });
  try {
    for (let run = 0; run < runs; run += 1) {
      for (const page of pages) {
        const target = urls[page];
        const { url, headers, cookies, check }: LighthousePage =
          typeof target === 'string' ? { url: target } : target;
        const jar = cookies ? await cookieJar(chrome.port, url, cookies) : null;
        // A run Lighthouse fails is taken once more, right away; a second failure is kept
        // (without values) and the report says how many runs each value comes from.
        for (let attempt = 1; ; attempt += 1) {
          await waitForQuietMachine();
          const result = await lighthouse(url, {
            port: chrome.port,
            output: 'json',
            logLevel: 'error',
            onlyCategories: ['performance', 'accessibility'],
            // The secured pages' session cookie, on every request of the load (the page's API calls too).
            ...(headers ? { extraHeaders: headers } : {}),
          });
          const lhr = result?.lhr;
          if (!lhr) throw new Error(`Lighthouse returned nothing for ${url}`);
          const failed = lhr.runtimeError?.code;
          const name = `${page}-${run}${failed ? `-failed-${attempt}` : ''}.json`;
          if (saveDir) writeFileSync(join(saveDir, name), JSON.stringify(lhr));
          if (failed) {
            console.log(`${page}, run ${run + 1}: Lighthouse failed (${failed})`);
            failures.get(page)?.push(failed);
            if (attempt < 2) continue;
          }
          check?.(lhr, url);
          const scripts = fetchedScripts(lhr, new URL(url).origin);
          results.get(page)?.push({
            performance: score(lhr.categories.performance),
            accessibility: score(lhr.categories.accessibility),
            lcpMs: lhr.audits['largest-contentful-paint']?.numericValue ?? Number.NaN,
            tbtMs: lhr.audits['total-blocking-time']?.numericValue ?? Number.NaN,
            cls: lhr.audits['cumulative-layout-shift']?.numericValue ?? Number.NaN,
            runs: 1,
            measured: { performance: 1, accessibility: 1, lcpMs: 1, tbtMs: 1, cls: 1 },
            failures: [],
            scripts: scripts.paths,
            scriptTransferBytes: scripts.transferBytes,
          });
          break;
        }
        await jar?.remove();
      }
    }
  } finally {
    await chrome.kill();
  }
  const medians = {} as Record<Page, LighthouseRun>;
  for (const page of pages) {
    const pageResults = results.get(page) ?? [];
    const metric = (key: LighthouseMetric) => medianOfMeasured(pageResults.map((r) => r[key]));
    const measured = (key: LighthouseMetric) =>
      pageResults.filter((r) => Number.isFinite(r[key])).length;
    medians[page] = {
      // Scores are whole numbers; a median of two is rounded back to one.
      performance: Math.round(metric('performance')),
      accessibility: Math.round(metric('accessibility')),
      lcpMs: metric('lcpMs'),
      tbtMs: metric('tbtMs'),
      cls: metric('cls'),
      runs: pageResults.length,
      measured: {
        performance: measured('performance'),
        accessibility: measured('accessibility'),
        lcpMs: measured('lcpMs'),
        tbtMs: measured('tbtMs'),
        cls: measured('cls'),
      },
      failures: failures.get(page) ?? [],
      scripts: [...new Set(pageResults.flatMap((r) => r.scripts))].sort(),
      scriptTransferBytes: medianOfMeasured(pageResults.map((r) => r.scriptTransferBytes)),
    };
  }
  return medians;
}

/**
 * A static page with the same kind of content (heading, text, a list of links), served from
 * this process: the floor a page of plain HTML gets on this machine in the same run.
 */
export async function startStaticPage(): Promise<{ url: string; close: () => Promise<void> }> {
  const html = `<!doctype html><html lang="en"><head><meta charset="utf-8">
<meta name="viewport" content="width=device-width, initial-scale=1"><title>Static page</title>
<meta name="description" content="A static reference page">
<style>body{font-family:system-ui,sans-serif;margin:0;padding:16px;color:#212b32;background:#f0f4f5}
h1{font-size:2rem}a{color:#005eb8;display:block;padding:12px 0}</style></head>
<body><header><strong>Clinic</strong></header><main><h1>Book a medical imaging appointment</h1>
<p>Choose your exam, a clinic near you and a time that suits you.</p>
<nav aria-label="Exams"><a href="#x">X-ray</a><a href="#u">Ultrasound</a><a href="#c">CT</a><a href="#m">MRI</a></nav>
</main></body></html>`;
  const server: Server = createServer((_request, response) => {
    response.writeHead(200, { 'content-type': 'text/html; charset=utf-8' });
    response.end(html);
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const address = server.address();
  const port = typeof address === 'object' && address ? address.port : 0;
  return {
    url: `http://127.0.0.1:${port}/`,
    close: () => new Promise((resolve) => server.close(() => resolve())),
  };
}
