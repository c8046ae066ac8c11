import { expect, test } from 'vitest';
import { axeViolations, screenshot } from '../support/browser.ts';
import { useSuite } from '../support/suite.ts';

// A provider whose shell shows configuration HTML: DOMPurify (an on-demand chunk) is
// preloaded by index.html and loaded before the first render.
const portal = useSuite({
  portal: {
    name: 'configuration-html',
    configOverrides: {
      'radiology.json': {
        bannerMessage:
          '<p>Clinics close at <b>noon</b> on 24 December.</p><img src="x" onerror="window.pwned=1">',
        showCustomHeaderAndFooter: true,
        customFooter: '<p>Footer from the provider</p><script>window.pwned=1</script>',
      },
    },
  },
});

test('the banner and footer HTML render sanitized, with the sanitizer preloaded', async () => {
  const html = await (await fetch(`${portal.url}/`)).text();
  // On the prerendered home the app loader adds the preloads after the first paint.
  expect(html).toMatch(
    /<link rel="modulepreload" crossorigin href="\/assets\/sanitize-[\w-]+\.js">|data-preloads="[^"]*\/assets\/sanitize-[\w-]+\.js/,
  );
  expect(html).not.toContain('portal-sanitizer-chunk');
  // The entry's own graph is preloaded from the page (vite.config.ts entryGraphPreloads leaves
  // it out of lazy chunks' lists only), not found after the entry has loaded.
  expect(html).toMatch(
    /<link rel="modulepreload"[^>]* href="\/assets\/react-dom-[\w-]+\.js">|data-preloads="[^"]*\/assets\/react-dom-[\w-]+\.js/,
  );

  const { page, context } = await portal.openPage('desktop');
  await page.goto(`${portal.url}/`);
  await page.getByRole('heading', { level: 1 }).waitFor();
  await page.getByText('Clinics close at noon on 24 December.').waitFor();
  await page.getByText('Footer from the provider').waitFor();
  expect(await page.evaluate(() => (window as { pwned?: number }).pwned)).toBeUndefined();
  await context.close();
});

// The iframe banner modal and the modal sizes in a frame (spec 2 §2, §9; docs/product/embedding.md).
test.each([
  ['phone', 450],
  ['desktop', 600],
] as const)(
  'under /iframe/ the banner is a dialog sized for a frame (%s)',
  async (viewport, limit) => {
    const { page, context, consoleErrors } = await portal.openPage(viewport);
    await page.goto(`${portal.url}/iframe-test?link=/iframe/`);
    const frame = page.frameLocator('iframe');
    const dialog = frame.getByRole('dialog', { name: /^A message from / });
    await dialog.waitFor({ timeout: 15_000 });
    await dialog.getByText('Clinics close at noon on 24 December.').waitFor();
    const sizes = await page
      .frames()
      .find((f) => f !== page.mainFrame())!
      .evaluate(() => {
        const modal = document.querySelector('[data-portal-modal]')!.parentElement!;
        return { modal: modal.getBoundingClientRect(), frameHeight: window.innerHeight };
      });
    expect(sizes.modal.height).toBeLessThanOrEqual(limit);
    expect(sizes.modal.height).toBeLessThanOrEqual(sizes.frameHeight * 0.8 + 1);
    // At the frame's top, where the provider's page shows it, not centred in a tall frame.
    expect(sizes.modal.top).toBeLessThan(40);
    await screenshot(page, `iframe-banner-modal-${viewport}`);
    // axe looks into the frame too. This provider's banner holds a broken <img> on purpose (the
    // sanitizer's test above), whose missing alt text is the provider's, not the dialog's.
    const violations = (await axeViolations(page)).filter((v) => !v.startsWith('image-alt:'));
    expect(violations, `iframe banner modal on ${viewport}`).toEqual([]);

    await page.keyboard.press('Escape');
    await dialog.waitFor({ state: 'detached' });
    await frame.getByRole('heading', { level: 1 }).waitFor();
    expect(await frame.getByText('Clinics close at noon on 24 December.').count()).toBe(0);
    expect(consoleErrors).toEqual([]);
    await context.close();
  },
);
