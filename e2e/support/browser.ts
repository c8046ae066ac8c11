import { mkdirSync } from 'node:fs';
import { join } from 'node:path';
import AxeBuilder from '@axe-core/playwright';
import { type Browser, type BrowserContext, chromium, type Page } from 'playwright-core';
import { artifactsDir } from './portal.ts';

export const viewports = {
  phone: { width: 390, height: 844 },
  desktop: { width: 1366, height: 768 },
} as const;
export type ViewportName = keyof typeof viewports;

export async function launchBrowser(): Promise<Browser> {
  return chromium.launch({
    executablePath: process.env.CHROMIUM_PATH ?? '/usr/bin/chromium',
    args: [
      '--headless',
      '--no-sandbox',
      '--disable-gpu',
      '--disable-quic',
      '--disable-background-networking',
      '--disable-component-update',
      '--disable-sync',
      '--no-first-run',
    ],
  });
}

export interface PageSession {
  context: BrowserContext;
  page: Page;
  /** Messages the page wrote to the console with level error (a clean page has none). */
  consoleErrors: string[];
}

export async function openPage(
  browser: Browser,
  viewport: ViewportName,
  options: { locale?: string } = {},
): Promise<PageSession> {
  const context = await browser.newContext({
    viewport: viewports[viewport],
    locale: options.locale ?? 'en-AU',
    isMobile: viewport === 'phone',
    hasTouch: viewport === 'phone',
  });
  const page = await context.newPage();
  return { context, page, consoleErrors: consoleErrorsOf(page) };
}

/** Collects what the page writes to the console with level error, and its uncaught errors. */
export function consoleErrorsOf(page: Page): string[] {
  const consoleErrors: string[] = [];
  page.on('console', (message) => {
    if (message.type() === 'error') consoleErrors.push(message.text());
  });
  page.on('pageerror', (error) => consoleErrors.push(error.message));
  return consoleErrors;
}

/** Collects the address of every request the context's pages send to an origin but `origin`. */
export function thirdPartyRequestsOf(context: BrowserContext, origin: string): string[] {
  const requests: string[] = [];
  context.on('request', (request) => {
    const url = new URL(request.url());
    if (url.protocol.startsWith('http') && url.origin !== origin) requests.push(url.href);
  });
  return requests;
}

/**
 * Saves a full-page screenshot under e2e/artifacts/screenshots/ and returns its path; with
 * `viewport`, only what is on screen (a modal over a long phone page, as the patient sees it).
 */
export async function screenshot(
  page: Page,
  name: string,
  options: { viewport?: boolean } = {},
): Promise<string> {
  const dir = join(artifactsDir, 'screenshots');
  mkdirSync(dir, { recursive: true });
  const path = join(dir, `${name}.png`);
  // Under the small-screen body zoom (height <= 768 px) Chromium's full-page capture
  // measures the unzoomed width and pads the picture; the viewport is what a person sees.
  const zoomed = await page.evaluate(() => getComputedStyle(document.body).zoom !== '1');
  await page.screenshot({ path, fullPage: !zoomed && !options.viewport });
  return path;
}

/** axe-core violations (WCAG 2.0-2.2 A and AA rules), as short readable lines. */
export async function axeViolations(page: Page): Promise<string[]> {
  const results = await new AxeBuilder({ page })
    .withTags(['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa', 'wcag22aa'])
    .analyze();
  return results.violations.map(
    (violation) =>
      `${violation.id}: ${violation.help} (${violation.nodes.map((node) => node.target.join(' ')).join(', ')})`,
  );
}
