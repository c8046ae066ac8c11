import type { Page } from 'playwright-core';
import { describe, expect, test } from 'vitest';
import { screenshot, type ViewportName } from '../support/browser.ts';
import { useSuite } from '../support/suite.ts';

// The server's static shell of the booking home (apps/server/src/plugins/app-shell-prerender.ts)
// must look like the app's first render, so replacing it moves nothing.
const suite = useSuite();
const { t, openPage } = suite;

interface Box {
  top: number;
  left: number;
  width: number;
  height: number;
}
type Boxes = Record<'header' | 'heading' | 'lead', Box>;

/** Where the elements the selectors name are, in CSS pixels of the page (each must be there). */
const boxesAt = <Part extends string>(
  page: Page,
  selectors: Record<Part, string>,
): Promise<Record<Part, Box>> =>
  page.evaluate(
    (named: Record<string, string>) => {
      const box = (selector: string) => {
        const element = document.querySelector(selector);
        if (!element) throw new Error(`${selector} missing`);
        const rect = element.getBoundingClientRect();
        return { top: rect.top, left: rect.left, width: rect.width, height: rect.height };
      };
      return Object.fromEntries(
        Object.entries(named).map(([part, selector]) => [part, box(selector)]),
      );
    },
    selectors as Record<string, string>,
  ) as Promise<Record<Part, Box>>;

/** Where the header bar, the h1 and the paragraph after it are. */
const boxesOf = (page: Page): Promise<Boxes> =>
  boxesAt(page, { header: 'header', heading: 'main h1', lead: 'main h1 + *' });

/** Each side of each part within a pixel of where it was. */
const expectSameParts = <Part extends string>(
  actual: Record<Part, Box>,
  expected: Record<Part, Box>,
) => {
  for (const part of Object.keys(expected) as Part[])
    for (const side of ['top', 'left', 'width', 'height'] as const)
      expect(Math.abs(actual[part][side] - expected[part][side]), `${part} ${side}`).toBeLessThan(
        1,
      );
};

describe.each<ViewportName>(['phone', 'desktop'])(
  'the prerendered booking home on a %s',
  (viewport) => {
    test('before the app loads shows the header and the heading where the app puts them, and the app replaces it without a shift', async () => {
      const title = t('booking.home.title');

      // The prerender alone, as it shows while the app's JavaScript downloads: none arrives.
      const before = await openPage(viewport);
      await before.page.route('**/assets/*.js', (route) => route.abort());
      await before.page.goto(`${suite.url}/`);
      await before.page.waitForLoadState('load');
      expect(await before.page.locator('[data-prerender]').count()).toBe(1);
      expect(await before.page.getByRole('heading', { level: 1 }).textContent()).toBe(title);
      await screenshot(before.page, `prerender-home-${viewport}-before-app`);
      const prerendered = await boxesOf(before.page);
      await before.context.close();

      // The app: layout shifts recorded from the first paint on.
      const { page, context, consoleErrors } = await openPage(viewport);
      await page.addInitScript(() => {
        const shifts: number[] = [];
        (window as unknown as { layoutShifts: number[] }).layoutShifts = shifts;
        new PerformanceObserver((list) => {
          for (const entry of list.getEntries() as Array<PerformanceEntry & { value: number }>)
            shifts.push(entry.value);
        }).observe({ type: 'layout-shift', buffered: true });
      });
      await page.goto(`${suite.url}/`);
      await page.locator('[data-prerender]').waitFor({ state: 'detached', timeout: 30_000 });
      // The catalogue has loaded: the exam list shows.
      await page.getByRole('heading', { level: 2, name: t('booking.body.title') }).waitFor();
      await page
        .locator('header img')
        .evaluate(
          (image) =>
            new Promise((resolve) =>
              image instanceof HTMLImageElement && !image.complete
                ? image.addEventListener('load', resolve, { once: true })
                : resolve(null),
            ),
        );
      await page.waitForTimeout(1000);

      expect(await page.getByRole('heading', { level: 1 }).count()).toBe(1);
      expect(await page.getByRole('heading', { level: 1 }).textContent()).toBe(title);
      expect(await page.getByRole('main').count()).toBe(1);
      expect(await page.getByRole('banner').count()).toBe(1);
      const duplicateIds = await page.evaluate(() => {
        const ids = [...document.querySelectorAll('[id]')].map((element) => element.id);
        return ids.filter((id, index) => ids.indexOf(id) !== index);
      });
      expect(duplicateIds).toEqual([]);
      expectSameParts(await boxesOf(page), prerendered);

      const shifts = await page.evaluate(
        () => (window as unknown as { layoutShifts: number[] }).layoutShifts,
      );
      const cls = shifts.reduce((sum, value) => sum + value, 0);
      expect(cls).toBeLessThan(0.02);
      await screenshot(page, `prerender-home-${viewport}-after-app`);
      expect(consoleErrors).toEqual([]);
      await context.close();
    });
  },
);

test('a banner closed earlier in the browser session is left out of the prerender too, so the page does not move', async () => {
  const { page, context, consoleErrors } = await openPage('phone');
  await page.goto(`${suite.url}/`);
  await page.locator('[data-prerender]').waitFor({ state: 'detached', timeout: 30_000 });
  const dismiss = page.getByRole('button', { name: t('action.dismiss_banner') });
  await dismiss.click();

  // The server's next page already leaves the banner out (page.request shares the tab's cookies).
  const banner = 'class="pre-banner pre-html-banner"';
  expect(await (await fetch(`${suite.url}/`)).text()).toContain(banner);
  expect(await (await page.request.get(`${suite.url}/`)).text()).not.toContain(banner);

  // The prerender alone, then the app: the heading stays where it was. (React replaces the
  // prerender's nodes, so the browser reports no layout shift even when the page jumps.)
  await page.route('**/assets/*.js', (route) => route.abort());
  await page.reload();
  await page.waitForLoadState('load');
  expect(await page.locator('[data-prerender]').count()).toBe(1);
  const prerendered = await boxesOf(page);
  // Leave the broken load for a blank page first: its loader's import of the aborted entry may
  // fail a moment after 'load', and those errors belong to that load, not to the app's.
  await page.goto('about:blank');
  const errorsOfBrokenLoad = consoleErrors.length;
  await page.unroute('**/assets/*.js');
  await page.goto(`${suite.url}/`);
  await page.locator('[data-prerender]').waitFor({ state: 'detached', timeout: 30_000 });
  await page.getByRole('heading', { level: 2, name: t('booking.body.title') }).waitFor();
  expect(await dismiss.count()).toBe(0);
  expectSameParts(await boxesOf(page), prerendered);
  // The broken load may only have failed to fetch its scripts; the app's load, nothing at all.
  const unexpected = (error: string) =>
    !error.includes('net::ERR_FAILED') && !error.includes('Failed to fetch dynamically imported');
  expect(consoleErrors.slice(0, errorsOfBrokenLoad).filter(unexpected)).toEqual([]);
  expect(consoleErrors.slice(errorsOfBrokenLoad)).toEqual([]);
  await context.close();
});

describe.each<ViewportName>(['phone', 'desktop'])(
  'a prerendered patient page on a %s',
  (viewport) => {
    test('shows the banners and the header bar before the app loads, and the app draws them in the same place', async () => {
      // A reminder link page: a patient page anyone can open (an unknown token says so).
      const url = `${suite.url}/appointment-links/prerender-not-a-link-token`;
      const shellBoxes = (page: Page) => boxesAt(page, { header: 'header', banners: 'section' });

      const before = await openPage(viewport);
      await before.page.route('**/assets/*.js', (route) => route.abort());
      await before.page.goto(url);
      await before.page.waitForLoadState('load');
      expect(await before.page.locator('[data-prerender]').count()).toBe(1);
      expect(await before.page.getByRole('heading', { level: 1 }).count()).toBe(0);
      await screenshot(before.page, `prerender-patient-${viewport}-before-app`);
      const prerendered = await shellBoxes(before.page);
      await before.context.close();

      const { page, context, consoleErrors } = await openPage(viewport);
      await page.goto(url);
      await page.locator('[data-prerender]').waitFor({ state: 'detached', timeout: 30_000 });
      await page.getByRole('heading', { level: 1 }).waitFor();
      expect(await page.getByRole('main').count()).toBe(1);
      expectSameParts(await shellBoxes(page), prerendered);
      await screenshot(page, `prerender-patient-${viewport}-after-app`);
      // The lookup's refusal of the unknown token is the only error the console may show.
      expect(consoleErrors.filter((error) => !/status of 40[04]/.test(error))).toEqual([]);
      await context.close();
    });
  },
);

describe.each<ViewportName>(['phone', 'desktop'])(
  'the prerendered kiosk check-in on a %s',
  (viewport) => {
    test("shows its first question's heading before the app loads, where the app puts it", async () => {
      const url = `${suite.url}/check-in?kioskMode=true`;
      const title = t('kiosk_check_in.last_name.title');
      const kioskBoxes = (page: Page) => boxesAt(page, { header: 'header', heading: 'main h1' });
      const openNamedKiosk = async () => {
        const opened = await openPage(viewport);
        await opened.context.addCookies([
          { name: 'kioskIdentity', value: 'Prerender%20tablet', url: suite.url, sameSite: 'Lax' },
          {
            name: 'patientKioskIdentity',
            value: crypto.randomUUID(),
            url: suite.url,
            sameSite: 'Lax',
          },
        ]);
        return opened;
      };

      const before = await openNamedKiosk();
      await before.page.route('**/assets/*.js', (route) => route.abort());
      await before.page.goto(url);
      await before.page.waitForLoadState('load');
      expect(await before.page.locator('[data-prerender]').count()).toBe(1);
      expect(await before.page.getByRole('heading', { level: 1 }).textContent()).toBe(title);
      await screenshot(before.page, `prerender-kiosk-check-in-${viewport}-before-app`);
      const prerendered = await kioskBoxes(before.page);
      await before.context.close();

      const { page, context, consoleErrors } = await openNamedKiosk();
      await page.goto(url);
      await page.locator('[data-prerender]').waitFor({ state: 'detached', timeout: 30_000 });
      await page.getByRole('textbox', { name: t('kiosk_check_in.last_name.label') }).waitFor();
      expect(await page.getByRole('heading', { level: 1 }).textContent()).toBe(title);
      expectSameParts(await kioskBoxes(page), prerendered);
      await screenshot(page, `prerender-kiosk-check-in-${viewport}-after-app`);
      expect(consoleErrors).toEqual([]);
      await context.close();
    });
  },
);
