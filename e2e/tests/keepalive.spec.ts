import type { Page } from 'playwright-core';
import { describe, expect, test } from 'vitest';
import type { ViewportName } from '../support/browser.ts';
import { useSuite } from '../support/suite.ts';

// docs/product/shell-and-configuration.md#keepalive. The ping goes to /healthz: nothing else on
// the page asks for it, so every request there is the keepalive's.
const keepaliveSeconds = 30;
const portal = useSuite({
  portal: {
    name: 'keepalive',
    configOverrides: {
      'application.json': { keepaliveUrl: '/healthz', keepaliveSeconds },
    },
  },
});

function pingsOf(page: Page): string[] {
  const pings: string[] = [];
  page.on('request', (request) => {
    if (new URL(request.url()).pathname === '/healthz') pings.push(request.method());
  });
  return pings;
}

const interval = (page: Page, times = 1) => page.clock.runFor(times * keepaliveSeconds * 1000);

describe.each(['phone', 'desktop'] satisfies ViewportName[])('keepalive on %s', (viewport) => {
  test('pings only in intervals with activity, never while the page is left alone', async () => {
    const { page, context, consoleErrors } = await portal.openPage(viewport);
    await page.clock.install();
    const pings = pingsOf(page);
    const scripts: string[] = [];
    page.on('request', (request) => {
      if (request.resourceType() === 'script') scripts.push(new URL(request.url()).pathname);
    });
    const response = await page.goto(`${portal.url}/`);
    expect(await response?.text()).not.toContain('keepalive-pinger');
    // The app, not the server's prerendered home (whose h1 shows before any script runs): the
    // first-input listener is attached after the app's first commit, and a key pressed before it
    // went unnoticed (the phone case, with no mouse move after it, failed so in CI).
    await page.locator('[data-prerender]').waitFor({ state: 'detached', timeout: 30_000 });
    await page.getByRole('heading', { level: 1 }).waitFor();
    await page.waitForTimeout(300);

    // Left alone: no ping, and the keepalive's code is not even loaded (it starts at the first
    // input: app/shell/after-first-input.tsx).
    await interval(page, 3);
    expect(pings).toEqual([]);
    expect(scripts.filter((path) => path.includes('keepalive-pinger'))).toEqual([]);

    // The first input loads it and counts as activity: one ping at the end of the interval.
    const pinger = page.waitForResponse((response) =>
      new URL(response.url()).pathname.startsWith('/assets/keepalive-pinger-'),
    );
    await page.keyboard.press('Tab');
    if (viewport === 'desktop') await page.mouse.move(200, 300);
    await pinger;
    await page.waitForTimeout(300);
    await interval(page);
    await expect.poll(() => pings).toEqual(['GET']);

    await interval(page, 3);
    expect(pings).toEqual(['GET']);
    expect(consoleErrors).toEqual([]);
    await context.close();
  });
});
