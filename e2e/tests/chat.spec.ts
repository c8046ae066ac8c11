import { createServer } from 'node:http';
import type { AddressInfo } from 'node:net';
import type { Page } from 'playwright-core';
import { afterAll, describe, expect, test } from 'vitest';
import { screenshot, type ViewportName } from '../support/browser.ts';
import { expectNoAxeViolations, useSuite } from '../support/suite.ts';

// docs/product/chat.md: the chat widget's script comes from the configured URL, here a second
// origin served by this file, and only when the patient presses the launcher or the browser is
// idle after the first paint. The fixture is a stand-in for a provider's adapter script: it
// implements the widget contract (window.PortalChat) with a plain panel and logs each call.
const widgetScript = `
(() => {
  const log = (window.__chatCalls = []);
  let panel;
  const line = (text) => {
    const item = document.createElement('li');
    item.textContent = text;
    panel.querySelector('ol').append(item);
  };
  window.PortalChat = {
    open() {
      log.push(['open', performance.now()]);
      if (!panel) {
        panel = document.createElement('section');
        panel.setAttribute('aria-label', 'Demo chat');
        panel.style.cssText = 'position:fixed;right:16px;bottom:88px;width:min(320px,calc(100vw - 32px));' +
          'background:#fff;color:#212b32;border:2px solid #4c6272;border-radius:4px;padding:12px;z-index:24;font:inherit';
        panel.innerHTML = '<h2 style="margin:0 0 8px;font-size:1.1rem">Demo chat</h2><ol style="margin:0;padding-left:1.25rem"></ol>';
        document.body.append(panel);
        line('Connecting you to an agent');
      }
      panel.hidden = false;
    },
    startConversation(context) {
      log.push(['conversation', performance.now(), context]);
      line('Conversation started (' + context.locale + ')');
    },
    async upload(file) {
      log.push(['upload', performance.now(), file.name]);
    },
    close() {
      log.push(['close', performance.now()]);
      panel.hidden = true;
    },
  };
})();
`;
const widgetServer = createServer((request, response) => {
  response.writeHead(request.url === '/widget.js' ? 200 : 404, {
    'content-type': 'text/javascript',
  });
  response.end(request.url === '/widget.js' ? widgetScript : '');
});
await new Promise<void>((resolve) => widgetServer.listen(0, '127.0.0.1', resolve));
const widgetUrl = `http://127.0.0.1:${(widgetServer.address() as AddressInfo).port}/widget.js`;
afterAll(() => new Promise<void>((resolve) => widgetServer.close(() => resolve())));

const portal = useSuite({
  portal: {
    name: 'chat',
    configOverrides: { 'integration.json': { chatWidgetUrl: widgetUrl } },
  },
});

/** Every request the page makes to the widget's URL. */
function widgetRequestsOf(page: Page): string[] {
  const requests: string[] = [];
  page.on('request', (request) => {
    if (request.url() === widgetUrl) requests.push(request.url());
  });
  return requests;
}

describe.each(['phone', 'desktop'] satisfies ViewportName[])('chat widget on %s', (viewport) => {
  test('a busy browser: nothing is fetched until the launcher is pressed (keyboard only)', async () => {
    const { page, context, consoleErrors } = await portal.openPage(viewport);
    // A browser that is never idle: only the patient's press may load the widget.
    await page.addInitScript(() => {
      window.requestIdleCallback = () => 0;
    });
    const requests = widgetRequestsOf(page);
    const response = await page.goto(`${portal.url}/`);
    // The URL is in the page's inlined configuration, but no script names it.
    expect(await response?.text()).not.toContain(`src="${widgetUrl}"`);
    await page.getByRole('heading', { level: 1 }).waitFor();
    const launcher = page.getByRole('button', { name: portal.t('chat.open') });
    await launcher.waitFor();
    await page.waitForTimeout(1500);
    expect(requests).toEqual([]);
    expect(await page.evaluate(() => 'PortalChat' in window)).toBe(false);
    // Never over the page's main action: the home page's Continue bar stays clear.
    const launcherBox = (await launcher.boundingBox())!;
    const continueBox = (await page.getByRole('button', { name: 'Continue' }).boundingBox())!;
    const overlaps =
      launcherBox.x < continueBox.x + continueBox.width &&
      continueBox.x < launcherBox.x + launcherBox.width &&
      launcherBox.y < continueBox.y + continueBox.height &&
      continueBox.y < launcherBox.y + launcherBox.height;
    expect(overlaps).toBe(false);
    await expectNoAxeViolations(page, `launcher on ${viewport}`);
    await screenshot(page, `chat-launcher-${viewport}`, { viewport: true });

    // The launcher is the page's last control: Shift+Tab from the top reaches it.
    await page.keyboard.press('Shift+Tab');
    await expect
      .poll(() => page.evaluate(() => document.activeElement?.textContent?.trim()))
      .toBe(portal.t('chat.open'));
    await page.keyboard.press('Enter');
    await page.getByRole('region', { name: 'Demo chat' }).waitFor();
    expect(requests).toEqual([widgetUrl]);

    // The conversation 2 s after the widget opened.
    await page.getByText(/Conversation started \(en-AU\)/).waitFor({ timeout: 5000 });
    const calls = await page.evaluate(
      () => (window as unknown as { __chatCalls: Array<[string, number]> }).__chatCalls,
    );
    expect(calls.map(([name]) => name)).toEqual(['open', 'conversation']);
    const waited = calls[1]![1] - calls[0]![1];
    expect(waited).toBeGreaterThanOrEqual(1990);
    expect(waited).toBeLessThan(3000);

    const close = page.getByRole('button', { name: portal.t('chat.close') });
    expect(await close.evaluate((element) => element === document.activeElement)).toBe(true);
    await expectNoAxeViolations(page, `open chat on ${viewport}`);
    await screenshot(page, `chat-open-${viewport}`, { viewport: true });

    await page.keyboard.press('Enter');
    await page.getByRole('region', { name: 'Demo chat' }).waitFor({ state: 'hidden' });
    await launcher.waitFor();
    expect(requests).toEqual([widgetUrl]);
    expect(consoleErrors).toEqual([]);
    await context.close();
  });

  test('an idle browser fetches it after the first paint, once; a kiosk never', async () => {
    const { page, context, consoleErrors } = await portal.openPage(viewport);
    const requests = widgetRequestsOf(page);
    await page.goto(`${portal.url}/`);
    await page.getByRole('heading', { level: 1 }).waitFor();
    await expect.poll(() => requests.length, { timeout: 10_000 }).toBe(1);
    // The script's timing entry is written once it has loaded.
    const timing = () =>
      page.evaluate((url) => {
        const paint = performance.getEntriesByName('first-contentful-paint')[0];
        const script = performance.getEntriesByName(url)[0];
        return { paint: paint?.startTime ?? null, script: script?.startTime ?? null };
      }, widgetUrl);
    await expect.poll(async () => (await timing()).script).not.toBeNull();
    const { paint, script } = await timing();
    expect(paint).not.toBeNull();
    expect(script).toBeGreaterThan(paint!);
    // Loaded, not opened: the patient has not asked for the chat.
    expect(await page.getByRole('region', { name: 'Demo chat' }).count()).toBe(0);
    await page.getByRole('button', { name: portal.t('chat.open') }).click();
    await page.getByRole('region', { name: 'Demo chat' }).waitFor();
    expect(requests).toHaveLength(1);

    const kiosk = await context.newPage();
    const kioskRequests = widgetRequestsOf(kiosk);
    await kiosk.goto(`${portal.url}/kiosk?kioskMode=true`);
    await kiosk.getByRole('heading', { level: 1 }).waitFor();
    await kiosk.waitForTimeout(2000);
    expect(kioskRequests).toEqual([]);
    expect(await kiosk.getByRole('button', { name: portal.t('chat.open') }).count()).toBe(0);
    expect(consoleErrors).toEqual([]);
    await context.close();
  });
});
