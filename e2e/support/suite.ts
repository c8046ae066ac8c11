import type { Page } from 'playwright-core';
import { afterAll, beforeAll, expect, inject } from 'vitest';
import {
  axeViolations,
  launchBrowser,
  openPage,
  type PageSession,
  type ViewportName,
} from './browser.ts';
import { type Portal, type PortalOptions, startPortal } from './portal.ts';
import { type Translate, translator } from './portal-api.ts';

export interface Suite {
  /** The portal's base URL (once the file's beforeAll has run). */
  readonly url: string;
  /** The portal's own text for a translation key, so tests find elements by what people read. */
  t: Translate;
  /** A page in a fresh browser context (cookies, permissions) of the file's browser. */
  openPage: (viewport: ViewportName, options?: { locale?: string }) => Promise<PageSession>;
}

/**
 * The set-up a spec file shares, registered as its beforeAll/afterAll: a headless Chromium,
 * the translations, and the portal: the suite's shared demo portal (global-setup), or with
 * `portal` one of the file's own (other config or env), started alongside the browser.
 * Call it at the top of the file; the returned functions work from the tests on.
 */
export function useSuite(options: { portal?: PortalOptions; lang?: string } = {}): Suite {
  let portal: Portal | undefined;
  let browser: Awaited<ReturnType<typeof launchBrowser>> | undefined;
  let url: string | undefined;
  let translate: Translate | undefined;

  beforeAll(async () => {
    [portal, browser] = await Promise.all([
      options.portal ? startFilePortal(options.portal) : undefined,
      launchBrowser(),
    ]);
    url = portal?.url ?? sharedPortalUrl();
    translate = await translator(url, options.lang);
  });
  afterAll(async () => {
    await browser?.close();
    await portal?.stop();
  });

  const ready = <T>(value: T | undefined, what: string): T => {
    if (value === undefined) throw new Error(`useSuite: ${what} is used before beforeAll ran`);
    return value;
  };
  return {
    get url() {
      return ready(url, 'url');
    },
    t: (key, values) => ready(translate, 't')(key, values),
    openPage: (viewport, pageOptions) =>
      openPage(ready(browser, 'openPage'), viewport, pageOptions),
  };
}

/**
 * This worker's shared demo portal (e2e/global-setup.ts): files running at the same time are in
 * different workers (VITEST_POOL_ID 1..maxWorkers), so each has a portal to itself.
 */
export function sharedPortalUrl(): string {
  const urls = inject('portalUrls');
  const pool = Number(process.env.VITEST_POOL_ID ?? '1');
  const url = urls[(pool - 1) % urls.length];
  if (!url) throw new Error('e2e/global-setup.ts started no shared portal');
  return url;
}

/** A portal of the file's own (other config or env), started from the suite's seeded template. */
export function startFilePortal(options: PortalOptions): Promise<Portal> {
  return startPortal(options, { template: inject('portalTemplate') });
}

/** axe-core finds no WCAG 2.2 A/AA violation on the page; `screen` names it in a failure. */
export async function expectNoAxeViolations(page: Page, screen: string): Promise<void> {
  expect(await axeViolations(page), screen).toEqual([]);
}
