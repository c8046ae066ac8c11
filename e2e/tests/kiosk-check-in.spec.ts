import type { Browser, BrowserContext, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import { axeViolations, consoleErrorsOf, launchBrowser, screenshot } from '../support/browser.ts';
import { bookForToday as bookScreeningToday, latestOtp } from '../support/patient-portal.ts';
import { morningClinicsEnv, type Portal, startPortal } from '../support/portal.ts';
import { type Translate, translator } from '../support/portal-api.ts';

/**
 * Kiosk check-in end to end (docs/product/kiosk.md#check-in): a named kiosk, a patient booked
 * for today inside the check-in window, name → date of birth → OTP from the development outbox
 * → CONFIRM → SUCCESS, keyboard only and axe-clean on every step; and the idle timeout in the
 * middle returning the kiosk to its start with nothing of the patient left.
 */
const noActivitySeconds = 15;
// bookThroughApi books every patient with this date of birth (e2e/support/patient-portal.ts).
const dateOfBirth = '1984-03-09';
let portal: Portal;
let browser: Browser;
let t: Translate;

beforeAll(async () => {
  [portal, browser] = await Promise.all([
    startPortal({
      name: 'kiosk-check-in',
      configOverrides: { 'application.json': { kioskNoActivitySeconds: noActivitySeconds } },
      env: morningClinicsEnv(),
    }),
    launchBrowser(),
  ]);
  t = await translator(portal.url);
});
afterAll(async () => {
  await browser?.close();
  await portal?.stop();
});

const devices = {
  tablet: { viewport: { width: 1024, height: 768 }, isMobile: false, hasTouch: true },
  'tablet-portrait': { viewport: { width: 820, height: 1180 }, isMobile: false, hasTouch: true },
  phone: { viewport: { width: 390, height: 844 }, isMobile: true, hasTouch: true },
  desktop: { viewport: { width: 1366, height: 768 }, isMobile: false, hasTouch: false },
} as const;
type DeviceName = keyof typeof devices;

interface TodayPatient {
  lastName: string;
  email: string;
  bookingKey: string;
  examName: string;
}

async function bookForToday(lastName: string, pick: number): Promise<TodayPatient> {
  const booked = await bookScreeningToday(portal.url, lastName, pick);
  return {
    lastName,
    email: booked.email,
    bookingKey: booked.bookingKey,
    examName: 'Screening mammogram',
  };
}

async function openNamedKiosk(device: DeviceName) {
  const context = await browser.newContext({ ...devices[device], locale: 'en-AU' });
  await context.addCookies([
    { name: 'kioskIdentity', value: 'Waiting%20room%20tablet', url: portal.url, sameSite: 'Lax' },
    {
      name: 'patientKioskIdentity',
      value: crypto.randomUUID(),
      url: portal.url,
      sameSite: 'Lax',
    },
  ]);
  const page = await context.newPage();
  return { context, page, consoleErrors: consoleErrorsOf(page) };
}

const step = (page: Page) => new URL(page.url()).searchParams.get('step');

/** The step is on screen (its heading), in the URL, axe-clean; a screenshot is kept. */
async function onStep(page: Page, name: string, heading: string, shot: string) {
  await page.getByRole('heading', { level: 1, name: heading }).waitFor({ timeout: 15_000 });
  await expect.poll(() => step(page)).toBe(name);
  expect(await axeViolations(page), `${name} axe`).toEqual([]);
  await screenshot(page, shot);
}

/** Nothing of the patient in the URL, storage or cookies (the kiosk's own cookies aside). */
async function expectNothingOfThePatient(
  page: Page,
  context: BrowserContext,
  patient: TodayPatient,
) {
  const url = page.url();
  for (const secret of [patient.lastName, patient.bookingKey, dateOfBirth]) {
    expect(url).not.toContain(secret);
  }
  const storage = await page.evaluate(() => ({
    local: JSON.stringify(Object.entries(localStorage)),
    session: JSON.stringify(Object.entries(sessionStorage)),
  }));
  for (const secret of [patient.lastName, patient.bookingKey, dateOfBirth]) {
    expect(storage.local).not.toContain(secret);
    expect(storage.session).not.toContain(secret);
  }
  const cookies = (await context.cookies(portal.url)).map((cookie) => cookie.name).sort();
  expect(cookies).toEqual(['kioskIdentity', 'patientKioskIdentity']);
}

/** Name and date of birth, keyboard only: each screen's field has the focus, Enter submits. */
async function answerQuestions(page: Page, patient: TodayPatient, device: string) {
  await onStep(
    page,
    'LAST_NAME',
    t('kiosk_check_in.last_name.title'),
    `kiosk-check-in-name-${device}`,
  );
  await page.keyboard.type(patient.lastName.toUpperCase());
  await page.keyboard.press('Enter');
  await page.getByRole('group', { name: t('kiosk_check_in.date_of_birth.label') }).waitFor();
  await expect.poll(() => step(page)).toBe('DATE_OF_BIRTH');
  expect(await axeViolations(page), 'DATE_OF_BIRTH axe').toEqual([]);
  // Keyboard only: the first box (day, in en-AU) has the focus; Tab moves along.
  const [year = '', month = '', day = ''] = dateOfBirth.split('-');
  await page.keyboard.type(day);
  await page.keyboard.press('Tab');
  await page.keyboard.type(month);
  await page.keyboard.press('Tab');
  await page.keyboard.type(year);
  await screenshot(page, `kiosk-check-in-date-of-birth-${device}`);
  await page.keyboard.press('Enter');
}

describe.each<DeviceName>(['tablet', 'tablet-portrait', 'phone', 'desktop'])(
  'kiosk check-in on a %s',
  (device) => {
    test('name, date of birth, OTP, CONFIRM, SUCCESS, then back to the start', async () => {
      const pick = Object.keys(devices).indexOf(device);
      const patient = await bookForToday(`Kioskcheck${device.replace('-', '')}`, pick);
      const { context, page, consoleErrors } = await openNamedKiosk(device);
      await page.goto(`${portal.url}/kiosk?kioskMode=true`);
      await page.getByRole('link', { name: new RegExp(t('kiosk.check_in')) }).click();
      await answerQuestions(page, patient, device);

      await onStep(
        page,
        'VERIFY_OTP',
        t('kiosk_check_in.otp.title'),
        `kiosk-check-in-otp-${device}`,
      );
      await page.keyboard.type(await latestOtp(portal.url, patient.email));
      await page.keyboard.press('Enter');

      await onStep(
        page,
        'CONFIRM',
        t('kiosk_check_in.confirm.title'),
        `kiosk-check-in-confirm-${device}`,
      );
      await page.getByText(patient.examName).waitFor();
      const checkIn = page.getByRole('button', { name: t('kiosk_check_in.confirm.check_in') });
      const box = await checkIn.boundingBox();
      expect(box?.height ?? 0).toBeGreaterThanOrEqual(44);
      // Keyboard only: the heading has the focus; Tab reaches Check in first.
      await page.keyboard.press('Tab');
      expect(await checkIn.evaluate((element) => element === document.activeElement)).toBe(true);
      await page.keyboard.press('Enter');

      await onStep(
        page,
        'SUCCESS',
        t('kiosk_check_in.success.title'),
        `kiosk-check-in-success-${device}`,
      );
      await page.keyboard.press('Tab');
      await page.keyboard.press('Enter');
      await page.waitForURL(
        (url) => url.pathname === '/kiosk' && url.search === '?kioskMode=true',
        {
          timeout: 15_000,
        },
      );
      await expectNothingOfThePatient(page, context, patient);
      expect(consoleErrors).toEqual([]);
      await context.close();
    });
  },
);

test('the idle timeout on CONFIRM ends the check-in and forgets the patient', async () => {
  const patient = await bookForToday('Kioskidle', 4);
  const { context, page } = await openNamedKiosk('tablet');
  const logouts: string[] = [];
  page.on('request', (request) => {
    if (new URL(request.url()).pathname === '/api/authentication/logout')
      logouts.push(request.url());
  });
  // The browser's timers on a clock the test moves on, instead of waiting out the idle time.
  await page.clock.install();
  await page.goto(`${portal.url}/check-in?kioskMode=true`);
  await answerQuestions(page, patient, 'idle');
  await page.getByRole('heading', { level: 1, name: t('kiosk_check_in.otp.title') }).waitFor();
  await page.keyboard.type(await latestOtp(portal.url, patient.email));
  await page.keyboard.press('Enter');
  await page.getByRole('heading', { level: 1, name: t('kiosk_check_in.confirm.title') }).waitFor();
  await page.getByText(patient.examName).waitFor();

  // Nobody touches the screen: the warning, then the kiosk's start.
  const warning = page.getByRole('alertdialog', { name: t('kiosk.inactivity_title') });
  // From here the idle time passes only by runFor, however long the machine takes.
  await page.clock.pauseAt(await page.evaluate(() => Date.now() + 500));
  await page.clock.runFor(noActivitySeconds * 1000);
  await warning.waitFor();
  // The dialog's entrance runs on animation frames: let them play before the picture.
  await page.clock.runFor(500);
  await screenshot(page, 'kiosk-check-in-idle-warning');
  await page.clock.runFor(10_000);
  await page.waitForURL((url) => url.pathname === '/kiosk' && url.search === '?kioskMode=true');
  await page.getByRole('heading', { level: 1, name: t('page.kiosk.title') }).waitFor();
  expect(logouts.length).toBeGreaterThan(0);
  const text = (await page.locator('body').textContent()) ?? '';
  expect(text).not.toContain(patient.examName);
  expect(text.toLowerCase()).not.toContain(patient.lastName.toLowerCase());
  await expectNothingOfThePatient(page, context, patient);
  await screenshot(page, 'kiosk-check-in-after-idle');

  // The session ended on the server too: the reload of appointments answers 401.
  const reload = await page.evaluate(
    async (key) => (await fetch(`/api/secured/appointments/${key}/kiosk_appointments`)).status,
    patient.bookingKey,
  );
  expect(reload).toBe(401);
  await context.close();
});
