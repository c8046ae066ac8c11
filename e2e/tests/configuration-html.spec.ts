import { expect, test } from 'vitest';
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
