import type { ClinicListResponse } from '@portal/contract';
import { describe, expect, test } from 'vitest';
import { closeAll, useBookingJourney } from '../support/booking-journey.ts';
import { screenshot, type ViewportName } from '../support/browser.ts';
import { getJson } from '../support/portal-api.ts';
import { expectNoAxeViolations, sharedPortalUrl } from '../support/suite.ts';

/**
 * Where the patient is, when the browser cannot say (docs/product/booking.md#clinic-selection):
 * the "can't locate" modal's postcode search and the cookie that remembers it.
 */
const portalUrl = sharedPortalUrl();
const { t, openPage, examNamed, chooseExam, continueFromHome, clinicHeadings, waitForClinics } =
  useBookingJourney();

describe.each<ViewportName>(['phone', 'desktop'])('booking on a %s', (viewport) => {
  test('when the browser cannot locate the patient, a postcode finds the nearest clinics', async () => {
    const exam = examNamed('ct-brain');
    const { page, context, consoleErrors } = await openPage(viewport);
    // No geolocation permission: the browser refuses to locate the patient.
    await chooseExam(page, exam);
    await continueFromHome(page);

    const modal = page.getByRole('dialog', { name: t('booking.location.cant_locate_title') });
    await modal.waitFor();
    await modal
      .getByRole('textbox', { name: t('booking.location.postal_code_label') })
      .fill('2000');
    const sydney = modal.getByRole('button', { name: 'Sydney 2000' });
    await sydney.waitFor();
    await expectNoAxeViolations(page, `can't locate modal on ${viewport}`);
    await screenshot(page, `booking-cant-locate-${viewport}`);
    await sydney.click();
    await modal.waitFor({ state: 'detached' });

    await page
      .getByText(t('booking.location.near_postal_code', { suburb: 'Sydney', code: '2000' }))
      .waitFor();
    const postalCode = (await context.cookies()).find(
      (cookie) => cookie.name === 'postalCodeLocationId',
    );
    expect(postalCode?.path).toBe('/');
    // docs/product/booking.md#clinic-selection: the cookie lasts until the end of 2030; Chromium
    // keeps a cookie 400 days at most.
    const lasting = Math.min(Date.UTC(2030, 11, 31, 23, 59, 59), Date.now() + 400 * 86_400_000);
    expect(Math.abs((postalCode?.expires ?? 0) * 1000 - lasting)).toBeLessThan(60_000);
    const expected = await getJson<ClinicListResponse>(
      portalUrl,
      `/api/clinics?examSlugs=${exam.slug}&postalCodeLocationId=${postalCode?.value}`,
    );
    await waitForClinics(page, expected.clinics[0]?.name ?? '');
    expect(await clinicHeadings(page).allTextContents()).toEqual(
      expected.clinics.map((clinic) => clinic.name),
    );
    await screenshot(page, `booking-clinics-postcode-${viewport}`);
    expect(consoleErrors).toEqual([]);
    await closeAll(context);
  });
});
