import type { Browser, BrowserContext, Page, Request } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import { axeViolations, launchBrowser, screenshot } from '../support/browser.ts';
import type { Portal } from '../support/portal.ts';
import { type Translate, translator } from '../support/portal-api.ts';
import { sharedPortalUrl, startFilePortal } from '../support/suite.ts';

// A kiosk with a short idle time: the warning after 3 s, the return to the start 10 s later.
const noActivitySeconds = 3;
const countdownSeconds = 10;

const defaultPortalUrl = sharedPortalUrl();
let portal: Portal;
let browser: Browser;
let t: Translate;

beforeAll(async () => {
  [portal, browser] = await Promise.all([
    startFilePortal({
      name: 'kiosk',
      configOverrides: { 'application.json': { kioskNoActivitySeconds: noActivitySeconds } },
    }),
    launchBrowser(),
  ]);
  t = await translator(portal.url);
});
afterAll(async () => {
  await browser?.close();
  await portal?.stop();
});

/** Phone, and the in-clinic tablet the kiosk usually is. */
const devices = {
  phone: { viewport: { width: 390, height: 844 }, isMobile: true },
  tablet: { viewport: { width: 1024, height: 768 }, isMobile: false },
} as const;
type DeviceName = keyof typeof devices;

interface KioskPage {
  context: BrowserContext;
  page: Page;
  consoleErrors: string[];
  logoutCalls: Request[];
}

async function openKiosk(device: DeviceName): Promise<KioskPage> {
  const context = await browser.newContext({
    ...devices[device],
    hasTouch: true,
    locale: 'en-AU',
  });
  const page = await context.newPage();
  const consoleErrors: string[] = [];
  page.on('console', (message) => {
    if (message.type() === 'error') consoleErrors.push(message.text());
  });
  page.on('pageerror', (error) => consoleErrors.push(error.message));
  const logoutCalls: Request[] = [];
  page.on('request', (request) => {
    if (new URL(request.url()).pathname === '/api/authentication/logout') logoutCalls.push(request);
  });
  return { context, page, consoleErrors, logoutCalls };
}

async function nameKiosk(context: BrowserContext): Promise<void> {
  await context.addCookies([
    { name: 'kioskIdentity', value: 'Test%20tablet', url: portal.url, sameSite: 'Lax' },
  ]);
}

const pathAndQuery = (page: Page) => {
  const url = new URL(page.url());
  return `${url.pathname}${url.search}`;
};

/**
 * Stops the page's clock (installed before the page loaded) and moves the mouse, so the idle
 * time starts at a known instant and passes only by runFor: with the clock running, the real
 * seconds an axe check or a screenshot took on a loaded machine counted as idle time (CI).
 */
async function idleFromNow(page: Page): Promise<void> {
  await page.clock.pauseAt(await page.evaluate(() => Date.now() + 500));
  await page.mouse.move(12, 12);
}

/**
 * axe-core waits on timers, which the paused clock does not fire: while it runs, the clock moves
 * on a millisecond at a time. Returns the violations and the clock time it took.
 *
 * The clock is the context's: it also runs in the blank page @axe-core/playwright opens to finish
 * its run (node_modules/@axe-core/playwright/dist/index.js, newPage … blankPage.close()). A runFor
 * in flight as that page closes fails with "Target page, context or browser has been closed"
 * (CI, stop 27); that is the helper page going, not ours, so the loop steps on.
 */
async function axeOnPausedClock(page: Page): Promise<{ violations: string[]; spentMs: number }> {
  const before = await page.evaluate(() => Date.now());
  let done = false;
  const violations = axeViolations(page).finally(() => {
    done = true;
  });
  while (!done) {
    try {
      await page.clock.runFor(1);
    } catch (error) {
      if (page.isClosed() || !String(error).includes('has been closed')) throw error;
    }
  }
  return {
    violations: await violations,
    spentMs: (await page.evaluate(() => Date.now())) - before,
  };
}

async function startBookingInKioskMode(page: Page): Promise<void> {
  await page.getByRole('link', { name: new RegExp(t('kiosk.book')) }).click();
  await page.waitForURL((url) => url.pathname === '/' && url.search === '?kioskMode=true');
  await page.getByRole('heading', { level: 1 }).waitFor();
}

describe.each<DeviceName>(['phone', 'tablet'])('the kiosk on a %s', (device) => {
  test('names itself once and offers booking in kiosk mode', async () => {
    // The default demo portal (60 s idle time): the checks here take longer than 3 s.
    const { context, page, consoleErrors } = await openKiosk(device);
    await page.goto(`${defaultPortalUrl}/kiosk?kioskMode=true`);

    // First visit: the device names itself; Save stays disabled while the name is empty.
    const identity = page.getByRole('dialog', { name: t('kiosk.identity.title') });
    await identity.waitFor();
    const save = identity.getByRole('button', { name: t('kiosk.identity.save') });
    expect(await save.isDisabled()).toBe(true);
    expect(await axeViolations(page)).toEqual([]);
    await screenshot(page, `kiosk-identity-${device}`);
    await identity
      .getByRole('textbox', { name: t('kiosk.identity.name_label') })
      .fill('Level 2 tablet');
    await save.click();
    await identity.waitFor({ state: 'detached' });

    const cookies = await context.cookies(defaultPortalUrl);
    const name = cookies.find((cookie) => cookie.name === 'kioskIdentity');
    const deviceId = cookies.find((cookie) => cookie.name === 'patientKioskIdentity');
    expect(name?.value).toBe('Level%202%20tablet');
    expect(deviceId?.value).toMatch(/^[0-9a-f-]{36}$/);
    // Written to expire 2030-12-31; Chromium caps any cookie at 400 days from now (RFC 6265bis),
    // and the kiosk start re-writes them on every visit to keep a kiosk named.
    const requested = Date.parse('2030-12-31T23:59:59Z') / 1000;
    const cap = Date.now() / 1000 + 400 * 86_400;
    for (const cookie of [name, deviceId]) {
      expect(cookie?.path).toBe('/');
      expect(cookie?.sameSite).toBe('Lax');
      expect(cookie?.expires).toBeLessThanOrEqual(requested);
      expect(cookie?.expires).toBeGreaterThanOrEqual(Math.min(requested, cap) - 3600);
    }

    await page.getByText(t('kiosk.device_name', { name: 'Level 2 tablet' })).waitFor();
    expect(await axeViolations(page)).toEqual([]);
    await screenshot(page, `kiosk-start-${device}`);

    await startBookingInKioskMode(page);
    expect(consoleErrors).toEqual([]);
    await context.close();
  });

  test('times out to its start with a logout after kioskNoActivitySeconds + 10 s', async () => {
    const { context, page, consoleErrors, logoutCalls } = await openKiosk(device);
    await nameKiosk(context);
    await page.clock.install();
    await page.goto(`${portal.url}/kiosk?kioskMode=true`);
    await startBookingInKioskMode(page);
    await idleFromNow(page);

    // Nobody touches the screen: nothing until kioskNoActivitySeconds, then the warning counts
    // down from 10.
    const warning = page.getByRole('alertdialog', { name: t('kiosk.inactivity_title') });
    await page.clock.runFor((noActivitySeconds - 1) * 1000);
    expect(await warning.count()).toBe(0);
    await page.clock.runFor(1500);
    await warning.waitFor();
    expect(await warning.textContent()).toMatch(/Seconds left: (10|9)\./);
    expect(
      await warning
        .getByRole('button', { name: t('action.cancel') })
        .evaluate((button) => button === document.activeElement),
    ).toBe(true);
    const axe = await axeOnPausedClock(page);
    expect(axe.violations).toEqual([]);
    // The dialog's entrance runs on animation frames: let them play before the picture.
    await page.clock.runFor(500);
    await screenshot(page, `kiosk-inactivity-${device}`);
    expect(logoutCalls).toHaveLength(0);

    // The countdown ends: logged out and back at the kiosk start, in kiosk mode.
    await page.clock.runFor((countdownSeconds - 2) * 1000 - axe.spentMs - 500);
    expect(pathAndQuery(page)).toBe('/?kioskMode=true');
    expect(logoutCalls).toHaveLength(0);
    await page.clock.runFor(2500);
    await page.waitForURL((url) => url.pathname === '/kiosk');
    expect(pathAndQuery(page)).toBe('/kiosk?kioskMode=true');
    expect(logoutCalls).toHaveLength(1);
    expect(logoutCalls[0]?.method()).toBe('POST');
    expect((await logoutCalls[0]?.response())?.status()).toBe(204);
    await page.getByRole('heading', { level: 1, name: t('page.kiosk.title') }).waitFor();
    expect(await warning.count()).toBe(0);
    // The named kiosk stays named.
    await page.getByText(t('kiosk.device_name', { name: 'Test tablet' })).waitFor();
    expect(consoleErrors).toEqual([]);
    await context.close();
  });

  test('mouse activity during the countdown cancels it and the page stays', async () => {
    const { context, page, consoleErrors, logoutCalls } = await openKiosk(device);
    await nameKiosk(context);
    await page.clock.install();
    await page.goto(`${portal.url}/kiosk?kioskMode=true`);
    await startBookingInKioskMode(page);
    await idleFromNow(page);

    const warning = page.getByRole('alertdialog', { name: t('kiosk.inactivity_title') });
    await page.clock.runFor((noActivitySeconds + 1) * 1000);
    await warning.waitFor();
    // Someone moves the mouse outside the warning (the page behind it).
    await page.mouse.move(5, 5);
    await page.mouse.move(20, 40, { steps: 3 });
    await warning.waitFor({ state: 'detached', timeout: 2000 });
    await screenshot(page, `kiosk-continued-${device}`);

    // A second past the first countdown's end: still on the booking page, no logout. (The
    // warning comes back kioskNoActivitySeconds after the dismissal, so its own end is later.)
    await page.clock.runFor(countdownSeconds * 1000);
    expect(pathAndQuery(page)).toBe('/?kioskMode=true');
    expect(logoutCalls).toHaveLength(0);
    expect(consoleErrors).toEqual([]);
    await context.close();
  });
});

test('the Cancel button keeps the session; Home ends it at once', async () => {
  const { context, page, logoutCalls } = await openKiosk('tablet');
  await nameKiosk(context);
  await page.clock.install();
  await page.goto(`${portal.url}/kiosk?kioskMode=true`);
  await startBookingInKioskMode(page);
  await idleFromNow(page);

  const warning = page.getByRole('alertdialog', { name: t('kiosk.inactivity_title') });
  await page.clock.runFor((noActivitySeconds + 1) * 1000);
  await warning.waitFor();
  await page.keyboard.press('Enter');
  await warning.waitFor({ state: 'detached', timeout: 2000 });
  expect(pathAndQuery(page)).toBe('/?kioskMode=true');

  await page.clock.runFor((noActivitySeconds + 1) * 1000);
  await warning.waitFor();
  await warning.getByRole('button', { name: t('action.home') }).tap();
  await page.waitForURL((url) => url.pathname === '/kiosk', { timeout: 5000 });
  expect(pathAndQuery(page)).toBe('/kiosk?kioskMode=true');
  expect(logoutCalls).toHaveLength(1);
  await context.close();
});

test('the idle watcher code loads only in kiosk mode', async () => {
  const { context, page } = await openKiosk('tablet');
  const scripts: string[] = [];
  page.on('request', (request) => {
    if (request.resourceType() === 'script') scripts.push(new URL(request.url()).pathname);
  });
  const watcherLoaded = () => scripts.some((path) => path.includes('kiosk-idle-watcher'));

  await page.goto(`${defaultPortalUrl}/`);
  await page.getByRole('heading', { level: 1 }).waitFor();
  await page.waitForLoadState('networkidle');
  expect(watcherLoaded()).toBe(false);

  await page.goto(`${defaultPortalUrl}/?kioskMode=true`);
  await page.getByRole('heading', { level: 1 }).waitFor();
  await page.waitForLoadState('networkidle');
  expect(watcherLoaded()).toBe(true);
  await context.close();
});
