import { execFileSync } from 'node:child_process';
import { mkdtempSync, readFileSync } from 'node:fs';
import http from 'node:http';
import https from 'node:https';
import type { AddressInfo } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { DevOutboxMessage } from '@portal/contract';
import type { Browser, Frame, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import { answerBookingForm } from '../support/booking-form-questionnaire.ts';
import { nearParramatta } from '../support/booking-journey.ts';
import {
  consoleErrorsOf,
  launchBrowser,
  screenshot,
  type ViewportName,
  viewports,
} from '../support/browser.ts';
import { fillDateOfBirth } from '../support/date-of-birth.ts';
import type { Portal } from '../support/portal.ts';
import { getJson, type Translate, translator } from '../support/portal-api.ts';
import { startFilePortal } from '../support/suite.ts';

/**
 * The portal inside a provider's website (docs/product/embedding.md), over HTTPS as in
 * production: the portal at https://localhost behind a TLS-terminating proxy, the provider's
 * page at https://127.0.0.1 (another site). A patient books in the frame, which embed.js sizes
 * to each page, and signs in there (the session cookie is SameSite=None and Partitioned); a
 * page on an origin not in FRAME_ANCESTORS cannot frame the portal at all.
 */
let portal: Portal;
let browser: Browser;
let t: Translate;
const servers: Array<http.Server | https.Server> = [];
let portalOrigin = '';
let hostOrigin = '';
let strangerOrigin = '';

function selfSignedCertificate() {
  const dir = mkdtempSync(join(tmpdir(), 'portal-e2e-tls-'));
  const [key, cert] = [join(dir, 'key.pem'), join(dir, 'cert.pem')];
  execFileSync(
    'openssl',
    [
      'req',
      '-x509',
      '-newkey',
      'ec',
      '-pkeyopt',
      'ec_paramgen_curve:prime256v1',
      '-nodes',
      '-keyout',
      key,
      '-out',
      cert,
      '-days',
      '2',
      '-subj',
      '/CN=localhost',
      '-addext',
      'subjectAltName=DNS:localhost,IP:127.0.0.1',
    ],
    { stdio: 'ignore' },
  );
  return { key: readFileSync(key), cert: readFileSync(cert) };
}

async function listen(server: http.Server | https.Server): Promise<number> {
  servers.push(server);
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  return (server.address() as AddressInfo).port;
}

/** The provider's page: its own content around the frame, and the pasted embed.js. */
const providerPage = (path: string) => `<!doctype html>
<html lang="en"><head><meta charset="utf-8"><meta name="viewport" content="width=device-width">
<title>Southern Cross Imaging</title>
<style>body{font:16px system-ui;margin:0}header,footer{padding:1rem;background:#1d4f91;color:#fff}</style>
</head><body><header><strong>Southern Cross Imaging</strong>: our own website</header>
<main><iframe data-portal-frame src="${portalOrigin}${path}" title="Book an imaging appointment"
style="display:block;width:100%;height:300px;border:0" allow="geolocation"></iframe></main>
<footer>Below the booking: the provider's footer</footer>
<script src="${portalOrigin}/embed.js" async></script></body></html>`;

beforeAll(async () => {
  const tls = selfSignedCertificate();
  const page = (request: http.IncomingMessage, response: http.ServerResponse) => {
    const path = new URL(request.url ?? '/', 'https://host').searchParams.get('path') ?? '/iframe/';
    response.writeHead(200, { 'content-type': 'text/html; charset=utf-8' });
    response.end(providerPage(path));
  };
  hostOrigin = `https://127.0.0.1:${await listen(https.createServer(tls, page))}`;
  strangerOrigin = `https://127.0.0.1:${await listen(https.createServer(tls, page))}`;
  let upstreamPort = 0;
  // TLS ends here, as at a provider's load balancer; the portal trusts X-Forwarded-Proto.
  const proxy = https.createServer(tls, (request, response) => {
    const upstream = http.request(
      {
        host: '127.0.0.1',
        port: upstreamPort,
        path: request.url,
        method: request.method,
        headers: { ...request.headers, 'x-forwarded-proto': 'https' },
      },
      (answer) => {
        response.writeHead(answer.statusCode ?? 502, answer.headers);
        answer.pipe(response);
      },
    );
    upstream.on('error', () => response.destroy());
    request.pipe(upstream);
  });
  portalOrigin = `https://localhost:${await listen(proxy)}`;
  [portal, browser] = await Promise.all([
    startFilePortal({
      name: 'embedding',
      env: { FRAME_ANCESTORS: hostOrigin, TRUST_PROXY: 'true' },
    }),
    launchBrowser(),
  ]);
  upstreamPort = Number(new URL(portal.url).port);
  t = await translator(portal.url);
});
afterAll(async () => {
  await browser?.close();
  await portal?.stop();
  for (const server of servers) server.close();
});

async function providerSite(viewport: ViewportName, origin: string, path: string) {
  const context = await browser.newContext({
    viewport: viewports[viewport],
    isMobile: viewport === 'phone',
    hasTouch: viewport === 'phone',
    locale: 'en-AU',
    ignoreHTTPSErrors: true,
  });
  await context.grantPermissions(['geolocation'], { origin });
  await context.grantPermissions(['geolocation'], { origin: portalOrigin });
  await context.setGeolocation(nearParramatta);
  const page = await context.newPage();
  await page.goto(`${origin}/?path=${encodeURIComponent(path)}`);
  return { context, page };
}

const portalFrame = async (page: Page): Promise<Frame> => {
  await expect.poll(() => page.frames().length).toBeGreaterThan(1);
  const frame = page.frames().find((candidate) => candidate !== page.mainFrame());
  if (!frame) throw new Error('no frame');
  return frame;
};

/** The frame is as tall as the page inside it: no scrolling inside the provider's page. */
async function expectFrameFitsItsPage(page: Page, frame: Frame) {
  await expect
    .poll(async () => {
      const outer = await page
        .locator('iframe[data-portal-frame]')
        .evaluate((element) => element.getBoundingClientRect().height);
      const inner = await frame.evaluate(() => document.documentElement.scrollHeight);
      return Math.abs(outer - inner);
    })
    .toBeLessThanOrEqual(2);
}

const heading = (frame: Frame, name: string) =>
  frame.getByRole('heading', { level: 1, name }).waitFor({ timeout: 15_000 });

async function outboxFor(email: string): Promise<DevOutboxMessage[]> {
  const messages = await getJson<DevOutboxMessage[]>(portal.url, '/api/dev/outbox?limit=200');
  return messages.filter((message) => message.recipient === email);
}

describe.each<ViewportName>(['phone', 'desktop'])('embedded on a %s', (viewport) => {
  test('a patient books in the frame, which is sized to every page, then signs in there', async () => {
    const { context, page } = await providerSite(viewport, hostOrigin, '/iframe/');
    const consoleErrors = consoleErrorsOf(page);
    const frame = await portalFrame(page);
    await heading(frame, t('booking.home.title'));
    // In a frame the provider's banner (the demo's) is a dialog, sized to the frame: read, closed.
    const banner = frame.getByRole('dialog');
    await banner.waitFor();
    await expectFrameFitsItsPage(page, frame);
    await screenshot(page, `embedding-banner-${viewport}`);
    await banner.getByRole('button', { name: t('action.close'), exact: true }).click();
    await banner.waitFor({ state: 'detached' });
    await expectFrameFitsItsPage(page, frame);
    await screenshot(page, `embedding-home-${viewport}`);

    await frame.getByRole('searchbox', { name: t('booking.home.search_label') }).fill('CT brain');
    await frame
      .getByRole('group', { name: t('booking.home.choose_exam') })
      .getByRole('radio', { name: /^CT brain\b/ })
      .click();
    await frame.getByRole('button', { name: t('booking.home.continue'), exact: true }).click();
    await heading(frame, t('booking.clinic.title'));
    expect(new URL(frame.url()).pathname).toMatch(/^\/iframe\//);
    // Each clinic's next available time looked up: choosing opens the slots on that week.
    await expect
      .poll(() => frame.getByText(t('booking.clinic.finding_next')).count(), { timeout: 15_000 })
      .toBe(0);
    const choose = frame.getByRole('button', { name: /^Choose / }).first();
    await choose.click();
    const slots = frame.getByRole('region', {
      name: new RegExp(`^${t('booking.slots.times_on', { day: '' })}`),
    });
    // Late in the clinic's week there may be no times left in it: the next week has some.
    const none = frame.getByText(t('booking.slots.none'));
    await slots.getByRole('button').first().or(none).first().waitFor({ timeout: 15_000 });
    if (await none.isVisible()) {
      await frame.getByRole('button', { name: t('booking.calendar.next_week') }).click();
    }
    await slots.getByRole('button').first().waitFor({ timeout: 15_000 });
    await slots.getByRole('button').first().click();
    await frame.getByRole('button', { name: t('booking.slots.continue'), exact: true }).click();

    await heading(frame, t('booking.form.title'));
    const body = frame.locator('body');
    await answerBookingForm(body);
    const email = `embedded.${viewport}.${Date.now()}@example.com`;
    await frame.getByRole('combobox', { name: t('booking.form.title_field') }).selectOption({
      label: t('booking.form.titles.MX'),
    });
    await frame.getByRole('textbox', { name: t('booking.form.firstName') }).fill('Sam');
    await frame.getByRole('textbox', { name: t('booking.form.lastName') }).fill('Framed');
    await fillDateOfBirth(body, t('booking.form.dateOfBirth'), '1984-03-09', t);
    await frame
      .getByRole('group', { name: t('booking.form.sex') })
      .getByRole('radio', { name: t('booking.form.sex_female') })
      .check();
    await frame.getByRole('textbox', { name: t('booking.form.email') }).fill(email);
    await frame
      .getByRole('textbox', { name: t('booking.form.contactNumber') })
      .fill('0412 345 678');
    await frame.getByRole('textbox', { name: t('booking.form.postalCode') }).fill('2150');
    await expectFrameFitsItsPage(page, frame);
    await frame.getByRole('button', { name: t('booking.form.submit') }).click();

    await heading(frame, t('booking.complete.title'));
    const bookingKey = (await frame.getByTestId('booking-key').textContent()) ?? '';
    expect(bookingKey).toMatch(/^[A-Za-z0-9_-]{22,64}$/);
    await expectFrameFitsItsPage(page, frame);
    await screenshot(page, `embedding-complete-${viewport}`);
    const confirmation = (await outboxFor(email)).find((message) => message.channel === 'EMAIL');
    expect(confirmation?.bodyText).toContain(bookingKey);

    // Signing in inside the frame needs the session cookie there: SameSite=None, Partitioned.
    await frame.goto(`${portalOrigin}/iframe/appointments/${bookingKey}`);
    const dob = frame.getByRole('dialog', { name: t('authentication.dob_modal.title') });
    await dob.waitFor({ timeout: 15_000 });
    await fillDateOfBirth(dob, t('form.date_of_birth.label'), '1984-03-09', t);
    await dob.getByRole('button', { name: t('authentication.dob_modal.submit') }).click();
    const otpDialog = frame.getByRole('dialog', { name: t('authentication.otp_modal.title') });
    await otpDialog.waitFor();
    let code = '';
    await expect
      .poll(async () => {
        const otp = (await outboxFor(email)).find((message) => message.template === 'ACCESS_OTP');
        code = otp ? (/\b(\d{6})\b/.exec(otp.bodyText)?.[1] ?? '') : '';
        return code;
      })
      .toMatch(/^\d{6}$/);
    await otpDialog.getByRole('textbox', { name: t('authentication.otp_modal.label') }).fill(code);
    await otpDialog
      .getByRole('textbox', { name: t('authentication.otp_modal.label') })
      .press('Enter');
    await heading(frame, t('page.appointments.title'));
    await frame.getByText('CT brain').first().waitFor({ timeout: 15_000 });
    const cookies = await context.cookies(portalOrigin);
    const session = cookies.find((cookie) => cookie.name === 'portal_session');
    expect(session?.sameSite).toBe('None');
    expect(session?.secure).toBe(true);
    expect(session?.partitionKey, 'partitioned by the provider site').toBeTruthy();
    await expectFrameFitsItsPage(page, frame);
    await screenshot(page, `embedding-appointment-${viewport}`);
    // The session checks before signing in answer 401, as on the portal's own pages.
    expect(consoleErrors.filter((message) => !/status of 401/.test(message))).toEqual([]);
    await context.close();
  });
});

test('an origin not in FRAME_ANCESTORS frames no route, and the listed one only /iframe/', async () => {
  const cases = [
    { origin: strangerOrigin, path: '/iframe/' },
    { origin: strangerOrigin, path: '/' },
    { origin: hostOrigin, path: '/' },
  ];
  for (const { origin, path } of cases) {
    const { context, page } = await providerSite('desktop', origin, path);
    const frame = await portalFrame(page);
    await expect
      .poll(() => frame.url(), { message: `${origin} framing ${path}` })
      .toMatch(/^chrome-error:/);
    expect(await frame.getByRole('heading', { level: 1 }).count()).toBe(0);
    await context.close();
  }
});
