import type { Browser, BrowserContext, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import {
  staffUsername,
  startTestIdentityProvider,
  type TestIdentityProvider,
} from '../../apps/server/test/oidc-provider.ts';
import {
  axeViolations,
  consoleErrorsOf,
  launchBrowser,
  screenshot,
  type ViewportName,
  viewports,
} from '../support/browser.ts';
import type { Portal } from '../support/portal.ts';
import { type Translate, translator } from '../support/portal-api.ts';
import { startFilePortal } from '../support/suite.ts';

/**
 * Single sign-on on the image viewer authentication page (docs/product/single-sign-on.md),
 * against a real OpenID Connect provider (oidc-provider in this process, on a loopback port)
 * that the portal is configured with (azureUrlWithTenantId, azureClientId): without a session
 * at the provider the silent attempt gets login_required and Sign in opens the popup, which
 * completes; with one the silent attempt signs in with no popup; a closed popup shows
 * message.error_check_images_authorization. Keyboard only on the portal's page, axe-clean.
 */
let idp: TestIdentityProvider;
let portal: Portal;
let browser: Browser;
let t: Translate;

beforeAll(async () => {
  idp = await startTestIdentityProvider();
  [portal, browser] = await Promise.all([
    startFilePortal({
      name: 'image-viewer-access',
      configOverrides: {
        'application.json': { azureClientId: idp.clientId, azureUrlWithTenantId: idp.issuer },
      },
    }),
    launchBrowser(),
  ]);
  idp.configure([`${portal.url}/sso/silent-callback`, `${portal.url}/sso/popup-callback`]);
  t = await translator(portal.url);
});
afterAll(async () => {
  await browser?.close();
  await portal?.stop();
  await idp?.close();
});

async function newContext(viewport: ViewportName): Promise<BrowserContext> {
  return browser.newContext({
    viewport: viewports[viewport],
    locale: 'en-AU',
    isMobile: viewport === 'phone',
    hasTouch: viewport === 'phone',
  });
}

/** Moves the focus with Tab alone until `name`'s button has it (keyboard only). */
async function tabTo(page: Page, name: string) {
  for (let i = 0; i < 40; i++) {
    await page.keyboard.press('Tab');
    const focused = await page.evaluate(() => document.activeElement?.textContent?.trim() ?? '');
    if (focused === name) return;
  }
  throw new Error(`Tab never reached ${name}`);
}

async function expectClean(page: Page, screen: string, errors: string[]) {
  expect(await axeViolations(page), screen).toEqual([]);
  expect(errors, screen).toEqual([]);
}

const staffSession = (page: Page) =>
  page.evaluate(async () => {
    const response = await fetch('/api/sso/session');
    return { status: response.status, body: (await response.json()) as { username?: string } };
  });

describe.each<ViewportName>(['phone', 'desktop'])('image viewer sign-in on a %s', (viewport) => {
  test('login_required, then the popup signs in; afterwards the silent attempt alone does', async () => {
    const context = await newContext(viewport);
    const page = await context.newPage();
    const errors = consoleErrorsOf(page);
    const popups: Page[] = [];
    context.on('page', (opened) => popups.push(opened));

    // No session at the provider: prompt=none answers login_required, Sign in is offered.
    await page.goto(`${portal.url}/image-viewer-access`);
    const signIn = page.getByRole('button', { name: t('sso.sign_in') });
    await signIn.waitFor();
    await expect.poll(() => signIn.isEnabled()).toBe(true);
    expect(popups).toEqual([]);
    await expectClean(page, 'sign-in offered', errors);
    await screenshot(page, `image-viewer-access-sign-in-${viewport}`);

    const popupOpened = context.waitForEvent('page');
    await tabTo(page, t('sso.sign_in'));
    await page.keyboard.press('Enter');
    const popup = await popupOpened;
    await popup.getByRole('button', { name: 'Sign in' }).waitFor();
    await popup.getByLabel('Username').fill(staffUsername);
    await popup.getByRole('button', { name: 'Sign in' }).press('Enter');

    const signedIn = page.getByText(t('sso.signed_in_as', { username: staffUsername }));
    // Either outcome ends the wait, so a failure says which it was.
    await signedIn.or(page.getByRole('alert')).waitFor();
    expect(await page.getByRole('alert').allTextContents()).toEqual([]);
    await expect.poll(() => popup.isClosed()).toBe(true);
    expect((await staffSession(page)).body.username).toBe(staffUsername);
    await expectClean(page, 'signed in after the popup', errors);
    await screenshot(page, `image-viewer-access-signed-in-${viewport}`);

    // The portal's session ends; the provider's stays: the silent attempt alone signs in again,
    // and with a viewer link's query the page continues to the viewer.
    await page.evaluate(() => fetch('/api/sso/session', { method: 'DELETE' }));
    expect((await staffSession(page)).status).toBe(401);
    const before = popups.length;
    await page.goto(`${portal.url}/image-viewer-access?imsec=e2e-token&repositorySource=PACS`);
    await page.waitForURL(
      (url) =>
        url.pathname === '/referrer-report' &&
        url.searchParams.get('imsec') === 'e2e-token' &&
        url.searchParams.get('repositorySource') === 'PACS',
    );
    expect(popups.length).toBe(before);
    expect((await staffSession(page)).body.username).toBe(staffUsername);
    await context.close();
  });

  test('closing the popup shows the authorization error with Try again', async () => {
    const context = await newContext(viewport);
    const page = await context.newPage();
    const errors = consoleErrorsOf(page);
    await page.goto(`${portal.url}/image-viewer-access`);
    const signIn = page.getByRole('button', { name: t('sso.sign_in') });
    await expect.poll(() => signIn.isEnabled(), { timeout: 20_000 }).toBe(true);

    const popupOpened = context.waitForEvent('page');
    await tabTo(page, t('sso.sign_in'));
    await page.keyboard.press('Enter');
    const popup = await popupOpened;
    await popup.getByRole('button', { name: 'Sign in' }).waitFor();
    await popup.close();

    const alert = page.getByRole('alert');
    await alert.getByText(t('message.error_check_images_authorization')).waitFor();
    const again = page.getByRole('button', { name: t('sso.try_again') });
    await expect.poll(() => again.isEnabled()).toBe(true);
    await expectClean(page, 'popup closed', errors);
    await screenshot(page, `image-viewer-access-error-${viewport}`);
    expect((await staffSession(page)).status).toBe(401);
    await context.close();
  });
});

test('the booking home loads nothing of single sign-on (oidc-client-ts is in the SSO pages only)', async () => {
  const context = await newContext('desktop');
  const page = await context.newPage();
  const scripts: string[] = [];
  page.on('request', (request) => {
    if (request.resourceType() === 'script') scripts.push(new URL(request.url()).pathname);
  });
  await page.goto(`${portal.url}/`, { waitUntil: 'networkidle' });
  await page.getByRole('heading', { level: 1 }).waitFor();
  expect(scripts.length).toBeGreaterThan(0);
  expect(
    scripts.filter((path) => /single-sign-on|image-viewer-access|sso-callback/.test(path)),
  ).toEqual([]);
  // The page that needs it does load it.
  await page.goto(`${portal.url}/image-viewer-access`, { waitUntil: 'networkidle' });
  expect(scripts.some((path) => path.includes('single-sign-on'))).toBe(true);
  await context.close();
});
