import { existsSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { gzipSync } from 'node:zlib';
import type { Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { demoStudies } from '../../apps/server/src/modules/image-viewer/demo-studies.ts';
import { orthancPrograms, startOrthanc, type TestOrthanc } from '../../apps/server/test/orthanc.ts';
import { screenshot, type ViewportName } from '../support/browser.ts';
import { framePixels, resultsCookie, resultsKey } from '../support/image-viewer.ts';
import type { PortalOptions } from '../support/portal.ts';
import { repoRoot } from '../support/portal.ts';
import { expectNoAxeViolations, useSuite } from '../support/suite.ts';

/**
 * The image viewer in Chromium against a real PACS (docs/product/image-viewer-web.md, issue
 * 17's acceptance): Debian's Orthanc with its DICOMweb plugin, started here with the demo
 * studies, and the portal configured with it. The demo patient opens View images on their
 * results, the report page shows a rendered frame (its pixels read back, not blank), the
 * keyboard scrolls the series and zooms, axe finds nothing, at phone and desktop size; the
 * report page's first JavaScript stays within the booking home's budget until the viewer opens.
 */
const orthancAvailable = orthancPrograms.every((program) => existsSync(program));

const ctChest = demoStudies[0];
/** docs/benchmarks.md: every page's initial JavaScript budget is the booking home's. */
const initialJsBudgetBytes = 150 * 1024;

describe.skipIf(!orthancAvailable)(
  'image viewer against Orthanc (needs Orthanc: as root, node scripts/ensure-orthanc.mjs)',
  () => {
    const portal: PortalOptions & { env: Record<string, string> } = {
      name: 'image-viewer',
      env: {},
    };
    let orthanc: TestOrthanc | undefined;
    // Registered before useSuite's: the PACS runs, with the studies, before the portal starts.
    beforeAll(async () => {
      orthanc = await startOrthanc();
      await orthanc.upload(demoStudies);
      Object.assign(portal.env, {
        PACS_DICOMWEB_URL: orthanc.dicomWebUrl,
        PACS_USERNAME: orthanc.username,
        PACS_PASSWORD: orthanc.password,
      });
    }, 120_000);
    afterAll(async () => {
      await orthanc?.stop();
    });
    const suite = useSuite({ portal });
    const { t, openPage } = suite;

    /** The zoom shown beside the buttons (the live region may say the same words). */
    const zoomText = (page: Page, percent: number) =>
      page.locator('span', { hasText: t('image_viewer.zoom_level', { percent }) });

    const position = (index: number, count: number) => t('image_viewer.position', { index, count });
    const count = ctChest?.series[0]?.instances ?? 0;
    /** The first image's name (its alt): the series and "Image 1 of N". */
    const firstImageName = () =>
      `${t('image_viewer.series_label', { number: 1, description: 'Axial' })}, ${position(1, count)}`;

    /** The demo patient signs in, opens View images on the CT chest and sees its first image. */
    async function openCtViewer(viewport: ViewportName) {
      const session = await openPage(viewport);
      const { context, page } = session;
      await context.addCookies([{ ...(await resultsCookie(suite.url)), url: suite.url }]);
      await page.goto(`${suite.url}/appointments/${resultsKey}/result`);
      const view = page.getByRole('button', {
        name: t('image_viewer.view_images_named', { exam: 'CT chest' }),
      });
      await view.waitFor({ timeout: 20_000 });
      // Every frame the page asks the proxy for, from the first on.
      const frameRequests: URL[] = [];
      page.on('request', (request) => {
        if (request.url().includes('/rendered')) frameRequests.push(new URL(request.url()));
      });
      await view.click();
      await page.waitForURL(/\/referrer-report\?imsec=/, { timeout: 15_000 });
      await page.getByRole('img', { name: firstImageName() }).waitFor({ timeout: 20_000 });
      const viewer = page.getByRole('application', { name: t('image_viewer.viewport_label') });
      /** Keyboard only: Tab until the image box has the focus. */
      const tabToViewer = async () => {
        for (let tab = 0; tab < 30; tab += 1) {
          if (await viewer.evaluate((element) => element === document.activeElement)) break;
          await page.keyboard.press('Tab');
        }
        await expect.poll(() => viewer.evaluate((el) => el === document.activeElement)).toBe(true);
      };
      return { ...session, viewer, tabToViewer, frameRequests };
    }

    describe.each<ViewportName>(['phone', 'desktop'])('at %s size', (viewport) => {
      it('opens the CT from the results, shows a rendered frame, scrolls and zooms by keyboard and touch or mouse', async () => {
        const { context, page, consoleErrors, viewer, tabToViewer } = await openCtViewer(viewport);
        const first = firstImageName();
        const pixels = await framePixels(page, first);
        // A real frame rendered by Orthanc: 128 px wide, dark background and a bright ellipse.
        expect(pixels.width).toBe(128);
        expect(pixels.spread).toBeGreaterThan(100);
        expect(pixels.bright).toBeGreaterThan(0.05);
        expect(pixels.bright).toBeLessThan(0.95);
        await expectNoAxeViolations(page, `image viewer (${viewport})`);
        await screenshot(page, `image-viewer-${viewport}`);

        // Keyboard only: Tab to the viewer, then the series and the zoom.
        await tabToViewer();
        const firstSrc = await page.getByRole('img', { name: first }).getAttribute('src');
        await page.keyboard.press('ArrowDown');
        const second = first.replace(position(1, count), position(2, count));
        await page.getByRole('img', { name: second }).waitFor();
        await expect
          .poll(() => page.getByRole('img', { name: second }).getAttribute('src'))
          .not.toBe(firstSrc);
        await page.keyboard.press('End');
        await page.getByText(position(count, count), { exact: true }).waitFor();
        await page.keyboard.press('+');
        await zoomText(page, 150).waitFor();
        await page.keyboard.press('+');
        await expect
          .poll(() =>
            page
              .getByRole('img', { name: first.replace(position(1, count), position(count, count)) })
              .evaluate((img) => getComputedStyle(img).transform),
          )
          .toMatch(/^matrix\(2, 0, 0, 2,/);
        // Said once the keys stop, politely.
        await expect
          .poll(() => page.locator('[aria-live="polite"]').allTextContents())
          .toContain(t('image_viewer.zoom_level', { percent: 200 }));
        await expectNoAxeViolations(page, `image viewer zoomed (${viewport})`);
        await screenshot(page, `image-viewer-zoomed-${viewport}`, { viewport: true });

        // Back to the first image at 100%, then the pointer: touch on a phone, a mouse on a desktop.
        await page.keyboard.press('0');
        await page.keyboard.press('Home');
        await page.getByText(position(1, count), { exact: true }).waitFor();
        const box = await viewer.boundingBox();
        if (!box) throw new Error('the viewer has no box');
        const middle = { x: box.x + box.width / 2, y: box.y + box.height / 2 };
        const zoom = (percent: number) => zoomText(page, percent).waitFor();
        if (viewport === 'phone') {
          // A swipe to the left scrubs on: the box's width is the series, at most 40 px an image.
          const cdp = await context.newCDPSession(page);
          const touch = (type: 'touchStart' | 'touchMove' | 'touchEnd', x: number) =>
            cdp.send('Input.dispatchTouchEvent', {
              type,
              touchPoints: type === 'touchEnd' ? [] : [{ x, y: middle.y }],
            });
          await touch('touchStart', middle.x + 60);
          for (let step = 1; step <= 6; step += 1)
            await touch('touchMove', middle.x + 60 - step * 20);
          await touch('touchEnd', middle.x - 60);
          await page.getByText(position(4, count), { exact: true }).waitFor();
          // A double tap zooms to 200% and the next one back.
          await page.touchscreen.tap(middle.x, middle.y);
          await page.touchscreen.tap(middle.x, middle.y);
          await zoom(200);
          await page.waitForTimeout(400);
          await page.touchscreen.tap(middle.x, middle.y);
          await page.touchscreen.tap(middle.x, middle.y);
          await zoom(100);
        } else {
          // A wheel notch is the next image; a double click zooms to 200%.
          await page.mouse.move(middle.x, middle.y);
          await page.mouse.wheel(0, 100);
          await page.getByText(position(2, count), { exact: true }).waitFor();
          await page.mouse.dblclick(middle.x, middle.y);
          await zoom(200);
        }
        expect(consoleErrors).toEqual([]);
        await context.close();
      }, 120_000);

      it('chooses the Lung window by keyboard and by the control: asked with the window, a new image, the old one cached', async () => {
        const { context, page, consoleErrors, tabToViewer, frameRequests } =
          await openCtViewer(viewport);
        const image = page.getByRole('img', { name: firstImageName() });
        const defaultSrc = await image.getAttribute('src');
        const defaultPixels = await framePixels(page, firstImageName());
        // The shown frame is asked first (use-frame-cache.ts), in the PACS's default rendering.
        const firstPath = frameRequests[0]?.pathname ?? '';
        expect(frameRequests[0]?.search).toBe('');
        const asked = (window: string | null) =>
          frameRequests.filter(
            (url) => url.pathname === firstPath && url.searchParams.get('window') === window,
          ).length;
        const group = page.getByRole('group', { name: t('image_viewer.window.label') });
        const preset = (id: string) => t(`image_viewer.window.${id}`);
        const radio = (id: string) => group.getByRole('radio', { name: preset(id) });
        expect(await radio('default').isChecked()).toBe(true);

        // The keyboard: 3 on the image box is Lung.
        await tabToViewer();
        await page.keyboard.press('3');
        await expect.poll(() => radio('lung').isChecked()).toBe(true);
        await expect.poll(() => asked('-600,1500')).toBe(1);
        await expect.poll(() => image.getAttribute('src')).not.toBe(defaultSrc);
        const lungSrc = await image.getAttribute('src');
        const lungPixels = await framePixels(page, firstImageName());
        console.log(
          `${viewport}: default ${JSON.stringify(defaultPixels)}, lung ${JSON.stringify(lungPixels)}`,
        );
        // Orthanc rendered it in -1350..150: the 8-bit demo slice's dark background turns light.
        expect(lungPixels.width).toBe(128);
        expect(lungPixels.mean - defaultPixels.mean).toBeGreaterThan(60);
        await expect
          .poll(() => page.locator('[aria-live="polite"]').allTextContents())
          .toContain(t('image_viewer.window.announcement', { name: preset('lung') }));

        // 1 is Default again: the cached frame, not asked twice.
        await page.keyboard.press('1');
        await expect.poll(() => image.getAttribute('src')).toBe(defaultSrc);
        expect(await radio('default').isChecked()).toBe(true);

        // The control: a tap or click on Lung shows the cached Lung frame; the arrow keys move
        // the choice on, as radio buttons do.
        await radio('lung').click();
        expect(await radio('lung').isChecked()).toBe(true);
        await expect.poll(() => image.getAttribute('src')).toBe(lungSrc);
        expect([asked(null), asked('-600,1500')]).toEqual([1, 1]);
        await expectNoAxeViolations(page, `image viewer, lung window (${viewport})`);
        await screenshot(page, `image-viewer-window-lung-${viewport}`);
        await page.keyboard.press('ArrowRight');
        await expect.poll(() => radio('bone').isChecked()).toBe(true);
        await expect.poll(() => asked('300,1500')).toBe(1);
        await expect
          .poll(() => page.locator('[aria-live="polite"]').allTextContents())
          .toContain(t('image_viewer.window.announcement', { name: preset('bone') }));
        await screenshot(page, `image-viewer-window-bone-focused-${viewport}`, { viewport: true });
        expect(consoleErrors).toEqual([]);
        await context.close();
      }, 120_000);
    });

    it('refuses an external radiologist outside the partner domains, keyboard only', async () => {
      const { context, page, consoleErrors } = await openPage('phone');
      await page.goto(`${suite.url}/referrer-access`);
      await page
        .getByRole('heading', { level: 1, name: t('page.referrer_access.title') })
        .waitFor({ timeout: 20_000 });
      const submit = page.getByRole('button', { name: t('referrer_access.submit') });
      expect(await submit.isDisabled()).toBe(true);
      await page.getByLabel(t('referrer_access.input_label')).focus();
      await page.keyboard.type(ctChest?.accessionNumber ?? '');
      await page.keyboard.press('Tab');
      await page.keyboard.type('Dr Jane Smith');
      await page.keyboard.press('Tab');
      await page.keyboard.type('jane.smith@elsewhere.example.com');
      expect(await submit.isDisabled()).toBe(false);
      await page.keyboard.press('Enter');
      await page
        .getByRole('alert')
        .getByText(t('message.user_not_have_access_to_images'))
        .waitFor({ timeout: 15_000 });
      await expectNoAxeViolations(page, 'referrer access refused');
      await screenshot(page, 'referrer-access-refused-phone');
      // The refusal's 403 is the only error the console shows.
      expect(consoleErrors.filter((line) => !/403/.test(line))).toEqual([]);
      await context.close();
    }, 60_000);

    it("keeps the report page's first JavaScript within the budget until the viewer opens", async () => {
      const { context, page } = await openPage('phone');
      const scripts = new Set<string>();
      page.on('response', (response) => {
        const url = new URL(response.url());
        if (url.origin === suite.url && url.pathname.endsWith('.js')) scripts.add(url.pathname);
      });
      // A link the server refuses: the page answers, the viewer never opens.
      await page.goto(`${suite.url}/referrer-report?imsec=not-a-token&repositorySource=PORTAL`);
      await page.getByText(t('image_viewer.error_generating_url')).waitFor({ timeout: 20_000 });
      await expectNoAxeViolations(page, 'image viewer link refused');
      // Counted as bench/web.ts counts the budget: the scripts under /assets/, without
      // DOMPurify's chunk, which the server preloads on every page alike when the provider's
      // shell shows HTML (the demo's does).
      const dist = join(repoRoot, 'apps', 'web', 'dist');
      const sanitizer = /<meta name="portal-sanitizer-chunk" content="([^"]+)"/.exec(
        readFileSync(join(dist, 'index.html'), 'utf8'),
      )?.[1];
      const budgeted = [...scripts].filter(
        (path) => path.startsWith('/assets/') && path !== sanitizer,
      );
      const sizes = budgeted.map((path) => ({
        path,
        bytes: gzipSync(readFileSync(join(dist, path))).length,
      }));
      const bytes = sizes.reduce((sum, script) => sum + script.bytes, 0);
      console.log(sizes.map((script) => `${script.bytes} ${script.path}`).join('\n'));
      expect([...scripts].some((path) => path.includes('study-viewer'))).toBe(false);
      console.log(`referrer-report initial JS: ${(bytes / 1024).toFixed(1)} KB gzip`);
      expect(bytes).toBeLessThan(initialJsBudgetBytes);
      await context.close();
    }, 60_000);
  },
);
