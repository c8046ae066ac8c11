import { createServer, type Server } from 'node:http';
import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import { axeViolations, consoleErrorsOf, launchBrowser, screenshot } from '../support/browser.ts';
import {
  type BookedPatient,
  bookForToday,
  bookThroughApi,
  mammogramAnswers,
  signInFromConfirmation,
  tabTo,
} from '../support/patient-portal.ts';
import { morningClinicsEnv, type Portal, startPortal } from '../support/portal.ts';
import { type Translate, translator } from '../support/portal-api.ts';

/**
 * Check-in from home end to end (docs/product/check-in.md#the-web): a patient booked for later
 * today (inside the window) checks in with the form, keyboard only, and sees the confirmation
 * once the check-in reached a real webhook (a local HTTP server here, CHECK_IN_WEBHOOK_URL);
 * a patient booked for days ahead is refused with the window's message. axe-clean on each step
 * at phone, tablet and desktop size.
 */
interface Received {
  body: { type: string; data: Record<string, unknown> & { bookingKey: string } };
  eventId: string | undefined;
}
const received: Received[] = [];
let webhook: Server;
let portal: Portal;
let browser: Browser;
let t: Translate;

async function startWebhook(): Promise<string> {
  webhook = createServer((request, response) => {
    let text = '';
    request.on('data', (chunk) => {
      text += chunk;
    });
    request.on('end', () => {
      received.push({
        body: JSON.parse(text) as Received['body'],
        eventId: request.headers['x-portal-event-id'] as string | undefined,
      });
      response.writeHead(200).end();
    });
  });
  await new Promise<void>((resolve) => webhook.listen(0, '127.0.0.1', resolve));
  const address = webhook.address();
  return `http://127.0.0.1:${typeof address === 'object' && address ? address.port : 0}/check-ins`;
}

beforeAll(async () => {
  const hook = await startWebhook();
  [portal, browser] = await Promise.all([
    startPortal({
      name: 'check-in',
      env: {
        ...morningClinicsEnv(),
        CHECK_IN_WEBHOOK_URL: hook,
        CHECK_IN_WEBHOOK_SECRET: 'e2e-check-in-webhook-secret-0123456789',
      },
    }),
    launchBrowser(),
  ]);
  t = await translator(portal.url);
});
afterAll(async () => {
  await browser?.close();
  await portal?.stop();
  await new Promise((resolve) => webhook?.close(resolve));
});

const devices = {
  phone: { viewport: { width: 390, height: 844 }, isMobile: true, hasTouch: true },
  tablet: { viewport: { width: 820, height: 1180 }, isMobile: false, hasTouch: true },
  desktop: { viewport: { width: 1366, height: 768 }, isMobile: false, hasTouch: false },
} as const;
type DeviceName = keyof typeof devices;

async function signedIn(device: DeviceName, patient: BookedPatient) {
  const context = await browser.newContext({ ...devices[device], locale: 'en-AU' });
  const page = await context.newPage();
  const consoleErrors = consoleErrorsOf(page);
  await signInFromConfirmation(page, portal.url, patient, t);
  return { context, page, consoleErrors };
}

async function clean(page: Page, what: string) {
  expect(await axeViolations(page), `${what} axe`).toEqual([]);
}

/** The check-in form, filled and sent with the keyboard only. */
async function fillFormByKeyboard(page: Page, device: DeviceName) {
  const form = page.getByRole('dialog', { name: t('check_in.form.title') });
  await form.waitFor({ timeout: 15_000 });
  const submit = form.getByRole('button', { name: t('check_in.submit') });
  await expect.poll(() => submit.isDisabled()).toBe(true);
  await clean(page, `${device} form`);
  await screenshot(page, `check-in-${device}-form`, { viewport: true });

  await tabTo(page, t('check_in.form.referrer'));
  await page.keyboard.type('nguy');
  const option = page.getByRole('option', { name: /Nguyen/ }).first();
  await option.waitFor({ timeout: 10_000 });
  await expect
    .poll(() =>
      page
        .getByText(/doctors? found/)
        .first()
        .textContent(),
    )
    .toMatch(/found/);
  await clean(page, `${device} doctor search`);
  await screenshot(page, `check-in-${device}-doctor-search`, { viewport: true });
  await page.keyboard.press('ArrowDown');
  await page.keyboard.press('Enter');

  // The date in day, month and year boxes (whatever the browser's own date format).
  await tabTo(page, t('form.date_of_birth.day'));
  await page.keyboard.type('02');
  await tabTo(page, t('form.date_of_birth.month'), { limit: 3 });
  await page.keyboard.type('01');
  await tabTo(page, t('form.date_of_birth.year'), { limit: 3 });
  await page.keyboard.type('2020');
  await tabTo(page, t('check_in.form.medicare_number'));
  await page.keyboard.type('2123456711');
  await page.keyboard.press('Tab');
  await form.getByText(t('check_in.form.medicare_invalid')).waitFor();
  await tabTo(page, t('check_in.form.medicare_number'), { limit: 10 });
  await page.keyboard.press('ControlOrMeta+A');
  await page.keyboard.type('2123456701');
  await tabTo(page, /IRN/);
  await page.keyboard.type('1');
  await expect.poll(() => submit.isDisabled()).toBe(false);
  await clean(page, `${device} filled form`);
  await screenshot(page, `check-in-${device}-form-filled`, { viewport: true });
  await tabTo(page, t('check_in.submit'), { visible: true });
  await page.keyboard.press('Enter');
}

describe('check-in from home', { timeout: 180_000 }, () => {
  test.each([
    ['desktop', 0],
    ['phone', 1],
    ['tablet', 2],
  ] as const)(
    'checks in with the form at %s size, confirmed once the webhook has it',
    async (device, pick) => {
      const patient = await bookForToday(portal.url, `Checkin${device}`, pick);
      const { context, page, consoleErrors } = await signedIn(device, patient);
      try {
        if (device === 'phone') {
          // The QR code's link: the appointment page opens the check-in by itself.
          const summary = (await (
            await page.request.get(`${portal.url}/api/secured/appointments/${patient.bookingKey}`)
          ).json()) as { appointments: { id: string }[] };
          await page.goto(
            `${portal.url}/appointments/${patient.bookingKey}?checkIn=${summary.appointments[0]!.id}`,
          );
        } else {
          const button = page.getByRole('button', { name: t('check_in.action') });
          await button.waitFor({ timeout: 15_000 });
          await clean(page, `${device} appointment page`);
          await tabTo(page, t('check_in.action'), { visible: true, limit: 60 });
          await page.keyboard.press('Enter');
        }
        await fillFormByKeyboard(page, device);

        const confirmed = page.getByRole('dialog', { name: t('check_in.confirmed_title') });
        await confirmed.waitFor({ timeout: 30_000 });
        await confirmed.getByText(t('message.check_in_confirmed')).waitFor();
        await clean(page, `${device} confirmation`);
        await screenshot(page, `check-in-${device}-confirmed`, { viewport: true });
        const delivered = received.filter(
          (event) => event.body.data.bookingKey === patient.bookingKey,
        );
        expect(delivered).toHaveLength(1);
        expect(delivered[0]!.body.type).toBe('check_in.submitted');
        expect(delivered[0]!.body.data).toMatchObject({
          channel: 'HOME',
          medicare: { number: '2123456701', irn: 1 },
          referral: { dateOfReferral: '2020-01-02', referrer: { lastName: 'Nguyen' } },
        });

        await page.keyboard.press('Enter');
        await page.getByText(t('check_in.checked_in'), { exact: true }).waitFor();
        await clean(page, `${device} checked in`);
        await screenshot(page, `check-in-${device}-checked-in`);
        // The sign-in's session check answers 401 before the patient is signed in.
        expect(consoleErrors.filter((message) => !/status of 401/.test(message))).toEqual([]);
      } finally {
        await context.close();
      }
    },
  );

  test('the first view of the appointment page on a phone fetches none of the check-in code', async () => {
    const patient = await bookForToday(portal.url, 'Checkinbudget', 3);
    const { context, page } = await signedIn('phone', patient);
    try {
      const scripts: string[] = [];
      page.on('request', (request) => {
        if (request.resourceType() === 'script') scripts.push(new URL(request.url()).pathname);
      });
      // A fresh load of the page, as the budget measures it (docs/benchmarks.md): no key, no tap.
      await page.reload();
      await page.getByRole('list', { name: t('patient_portal.actions.label') }).waitFor();
      await page.waitForLoadState('networkidle');
      expect(scripts.filter((path) => /check-in/.test(path))).toEqual([]);
      // The first key brings the place (decision 026), still without the form's code.
      await page.keyboard.press('Tab');
      await page.getByRole('button', { name: t('check_in.action') }).waitFor({ timeout: 15_000 });
      expect(scripts.filter((path) => /check-in-flow/.test(path))).toEqual([]);
    } finally {
      await context.close();
    }
  });

  test('refuses before the window opens with the right message', async () => {
    const patient = await bookThroughApi(portal.url, {
      examSlug: 'screening-mammogram',
      lastName: 'Checkinearly',
      window: { fromDays: 3, toDays: 6 },
      answers: mammogramAnswers,
    });
    const { context, page, consoleErrors } = await signedIn('desktop', patient);
    try {
      await page.getByRole('button', { name: t('check_in.action') }).waitFor({ timeout: 15_000 });
      await tabTo(page, t('check_in.action'), { visible: true, limit: 60 });
      await page.keyboard.press('Enter');
      const message = t('message.late_enable_digital_check_in_error', { priorMinutes: 1440 });
      await page.getByRole('status').filter({ hasText: message }).waitFor();
      expect(await page.getByRole('dialog').count()).toBe(0);
      await clean(page, 'refused');
      await screenshot(page, 'check-in-refused', { viewport: true });
      // The sign-in's session check answers 401 before the patient is signed in.
      expect(consoleErrors.filter((message) => !/status of 401/.test(message))).toEqual([]);
    } finally {
      await context.close();
    }
  });
});
