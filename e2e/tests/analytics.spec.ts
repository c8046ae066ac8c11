import { createHash } from 'node:crypto';
import type { BrowserContext, Page } from 'playwright-core';
import { describe, expect, test } from 'vitest';
import { closeAll, patientFor, useBookingJourney } from '../support/booking-journey.ts';
import { screenshot, thirdPartyRequestsOf, type ViewportName } from '../support/browser.ts';
import { waitForHeading } from '../support/navigation.ts';
import { expectNoAxeViolations } from '../support/suite.ts';

/**
 * Analytics with a tag configured (docs/product/shell-and-configuration.md#analytics): the
 * patient is asked first and nothing leaves the page before a yes; a booking pushes the funnel
 * (docs/product/booking.md#analytics) in order, with no e-mail, name, phone or date of birth.
 * Google's script is answered by the test (the CI machine has no internet).
 */
const journey = useBookingJourney({
  portal: {
    name: 'analytics',
    configOverrides: {
      'application.json': { googleAnalyticsEnabled: true, googleTagManagerId: 'GTM-TEST123' },
    },
  },
});
const { t, suite, examNamed, locatedPatient, chooseExam, continueFromHome } = journey;

/** Requests to any origin but the portal's, and Google's tag answered by a stand-in. */
async function thirdPartyLog(context: BrowserContext): Promise<string[]> {
  const requests = thirdPartyRequestsOf(context, new URL(suite.url).origin);
  await context.route('https://www.googletagmanager.com/**', (route) =>
    route.fulfill({ contentType: 'text/javascript', body: 'window.tagLoaded = true;' }),
  );
  return requests;
}

const consentBanner = (page: Page) =>
  page.getByRole('region', { name: t('analytics_consent.title') });

interface FunnelPush {
  event: string;
  funnelEvent: string;
  funnelStep: number;
  [key: string]: unknown;
}

const funnelOf = (page: Page) =>
  page.evaluate(() =>
    ((window as unknown as { dataLayer?: FunnelPush[] }).dataLayer ?? []).filter(
      (push) => push.event === 'booking_funnel',
    ),
  );

describe.each<ViewportName>(['phone', 'desktop'])('analytics on a %s', (viewport) => {
  test('nothing loads before the patient answers; a refusal keeps it so, a yes loads the tag', async () => {
    const { page, context, consoleErrors } = await journey.openPage(viewport);
    const thirdParty = await thirdPartyLog(context);
    await page.goto(`${suite.url}/`);
    await waitForHeading(page, t('booking.home.title'));
    const banner = consentBanner(page);
    await banner.waitFor();
    await expectNoAxeViolations(page, `consent banner on ${viewport}`);
    await screenshot(page, `analytics-consent-${viewport}`);
    expect(thirdParty).toEqual([]);

    // Keyboard only: the refusal.
    await banner.getByRole('button', { name: t('analytics_consent.reject') }).focus();
    await page.keyboard.press('Enter');
    await banner.waitFor({ state: 'detached' });
    await page.reload();
    await waitForHeading(page, t('booking.home.title'));
    await page.waitForTimeout(500);
    expect(await consentBanner(page).count()).toBe(0);
    expect(thirdParty).toEqual([]);

    // Changing one's mind from the footer: the question again, and the yes loads the tag.
    await page.getByRole('button', { name: t('analytics_consent.preferences') }).click();
    await consentBanner(page)
      .getByRole('button', { name: t('analytics_consent.accept') })
      .click();
    await expect.poll(() => page.evaluate(() => 'tagLoaded' in window)).toBe(true);
    expect(thirdParty).toEqual(['https://www.googletagmanager.com/gtm.js?id=GTM-TEST123']);
    expect(consoleErrors).toEqual([]);
    await closeAll(context);
  });
});

describe('analytics funnel', () => {
  test('a booking pushes the funnel in order, with the e-mail hashed and no patient details', async () => {
    const exam = examNamed('ct-brain');
    const clinic = (await journey.nearestClinics(exam)).clinics[0];
    if (!clinic) throw new Error('no clinic offers CT brain');
    const patient = patientFor('Quokka');
    const { page, context, consoleErrors } = await locatedPatient('desktop');
    const thirdParty = await thirdPartyLog(context);
    await context.addCookies([
      { name: 'analyticsConsent', value: 'granted', url: suite.url, expires: -1 },
    ]);

    await chooseExam(page, exam);
    await continueFromHome(page);
    await journey.waitForClinics(page, clinic.name);
    await page
      .getByRole('button', { name: t('booking.clinic.choose', { name: clinic.name }) })
      .click();
    const slot = (await journey.waitForSlots(page, clinic.name)).getByRole('button').first();
    await slot.click();
    await page.getByRole('button', { name: t('booking.slots.continue'), exact: true }).click();
    await waitForHeading(page, t('booking.form.title'));
    await journey.fillPatientForm(page, patient);
    await page.getByRole('button', { name: t('booking.form.submit') }).click();
    await waitForHeading(page, t('booking.complete.title'));

    await expect
      .poll(async () => (await funnelOf(page)).at(-1)?.funnelEvent)
      .toBe('booking_completed');
    const funnel = await funnelOf(page);
    const steps = funnel.map((push) => push.funnelStep);
    // Each step of this journey, in order; a step may repeat (a page shown again), never go back.
    expect([...new Set(steps)]).toEqual([0, 2, 4, 4.1, 4.2, 4.3, 5, 6, 7]);
    expect(steps).toEqual([...steps].sort((a, b) => a - b));
    const completed = funnel.at(-1);
    expect(completed?.patientEmailHash).toBe(
      createHash('sha256').update(patient.email.toLowerCase()).digest('hex'),
    );
    const everything = JSON.stringify(
      await page.evaluate(() => (window as unknown as { dataLayer: unknown[] }).dataLayer),
    ).toLowerCase();
    for (const detail of [
      patient.email,
      patient.firstName,
      patient.lastName,
      '0412',
      '1984-03-09',
    ]) {
      expect(everything, detail).not.toContain(detail.toLowerCase());
    }
    expect(thirdParty).toEqual(['https://www.googletagmanager.com/gtm.js?id=GTM-TEST123']);
    expect(consoleErrors).toEqual([]);
    await closeAll(context);
  });
});
