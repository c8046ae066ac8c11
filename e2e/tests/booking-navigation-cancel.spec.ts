import type { Request, Route } from 'playwright-core';
import { describe, expect, test } from 'vitest';
import { useBookingJourney } from '../support/booking-journey.ts';
import { screenshot, type ViewportName } from '../support/browser.ts';
import { waitForHeading } from '../support/navigation.ts';

// docs/product/README.md#http-layer: going to a booking route aborts the clinic and appointment
// reads the new page does not need. Here the clinic list never answers (held by the test), and
// the patient goes back to the exams.
const journey = useBookingJourney();
const { t } = journey;

describe.each(['phone', 'desktop'] satisfies ViewportName[])('on %s', (viewport) => {
  test('going back to the exams while the clinics load aborts their request', async () => {
    const { page, context, consoleErrors } = await journey.locatedPatient(viewport);
    const held: Route[] = [];
    await page.route(
      (url) => url.pathname === '/api/clinics',
      (route) => {
        held.push(route);
      },
    );
    const failed: Request[] = [];
    page.on('requestfailed', (request) => {
      if (new URL(request.url()).pathname === '/api/clinics') failed.push(request);
    });

    const exam = journey.examNamed('ct-brain');
    await journey.chooseExamAndContinue(page, exam);
    await expect.poll(() => held.length).toBeGreaterThan(0);
    expect(failed).toEqual([]);

    await page.goBack();
    await waitForHeading(page, t('booking.home.title'));
    await expect.poll(() => failed.length).toBe(held.length);
    for (const request of failed) expect(request.failure()?.errorText).toMatch(/ABORTED/);
    // The home is usable again at once, the exam still chosen (it lives in the URL).
    await page.getByText(t('booking.home.selected', { exams: exam.name })).waitFor();
    await screenshot(page, `booking-navigation-cancel-${viewport}`, { viewport: true });
    expect(consoleErrors).toEqual([]);
    await context.close();
  });
});
