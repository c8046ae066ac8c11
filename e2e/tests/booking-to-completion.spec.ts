import { describe, expect, test } from 'vitest';
import { closeAll, patientFor, useBookingJourney } from '../support/booking-journey.ts';
import { screenshot, thirdPartyRequestsOf, type ViewportName } from '../support/browser.ts';
import { waitForHeading } from '../support/navigation.ts';
import { expectNoAxeViolations } from '../support/suite.ts';

/**
 * The booking flow from the home page to the completion page and its message
 * (docs/product/booking.md#completion): a booked exam, and an enquiry-only exam's booking
 * request (docs/product/booking.md#booking-requests). Losing a slot is
 * booking-slot-conflicts.spec.ts; finding clinics by postcode is booking-location.spec.ts.
 */
const {
  suite,
  t,
  examNamed,
  locatedPatient,
  chooseExam,
  continueFromHome,
  nearestClinics,
  waitForClinics,
  slotList,
  waitForSlots,
  fillPatientForm,
  outboxFor,
} = useBookingJourney();

const normalizeSpaces = (text: string) => text.replace(/\s+/gu, ' ');

/** An instant as the clinic's own clock shows it (en-AU), spaces normalised. */
function clinicLocal(instant: string, timeZone: string, options: Intl.DateTimeFormatOptions) {
  return normalizeSpaces(
    new Intl.DateTimeFormat('en-AU', { timeZone, ...options }).format(new Date(instant)),
  );
}

describe.each<ViewportName>(['phone', 'desktop'])('booking on a %s', (viewport) => {
  test('a patient books an exam at the nearest clinic and gets the confirmation e-mail', async () => {
    const exam = examNamed('ct-brain');
    const nearest = await nearestClinics(exam);
    const clinic = nearest.clinics[0];
    if (!clinic) throw new Error('no clinic offers CT brain');
    const patient = patientFor(`Nearest${viewport}`);
    const { page, context, consoleErrors } = await locatedPatient(viewport);
    // Analytics are off by default: nothing on the way leaves for another site (analytics.spec.ts
    // has a tag configured). The map's tiles are not on these pages.
    const thirdParty = thirdPartyRequestsOf(context, new URL(suite.url).origin);

    await chooseExam(page, exam);
    await expectNoAxeViolations(page, `home on ${viewport}`);
    await screenshot(page, `booking-home-${viewport}`);
    await continueFromHome(page);

    // Clinics: nearest to the browser's location first.
    await waitForClinics(page, clinic.name);
    await page.getByText(t('booking.location.near_you')).waitFor();
    await expectNoAxeViolations(page, `clinics on ${viewport}`);
    await screenshot(page, `booking-clinics-${viewport}`);
    await page
      .getByRole('button', { name: t('booking.clinic.choose', { name: clinic.name }) })
      .click();

    // Slots: the first free time of the first day with times.
    const list = await waitForSlots(page, clinic.name);
    const slot = list.getByRole('button').first();
    const start = await slot.getAttribute('data-slot');
    await expectNoAxeViolations(page, `slots on ${viewport}`);
    await screenshot(page, `booking-slots-${viewport}`);
    await slot.click();
    await expect.poll(() => slot.getAttribute('aria-pressed')).toBe('true');
    await page.getByRole('button', { name: t('booking.slots.continue'), exact: true }).click();

    // The form.
    await waitForHeading(page, t('booking.form.title'));
    await fillPatientForm(page, patient);
    await expectNoAxeViolations(page, `form on ${viewport}`);
    // Filling moved the page down to the last field; the picture shows the form from its top.
    await page.evaluate(() => window.scrollTo(0, 0));
    await screenshot(page, `booking-form-${viewport}`);
    await page.getByRole('button', { name: t('booking.form.submit') }).click();

    // Completion: the summary with the booking key.
    await waitForHeading(page, t('booking.complete.title'));
    const status = page.getByRole('status').filter({ hasText: t('booking.complete.appointment') });
    await status.waitFor();
    const bookingKey = (await page.getByTestId('booking-key').textContent()) ?? '';
    expect(bookingKey).toMatch(/^[A-Za-z0-9_-]{22,64}$/);
    // The time is the clinic's own, named by its zone (the test browser runs on UTC, not Sydney).
    const details = page.getByRole('definition');
    await details.filter({ hasText: clinic.name }).first().waitFor();
    const shownTime = normalizeSpaces((await details.allTextContents()).join(' | '));
    expect(shownTime).toContain(
      clinicLocal(start ?? '', clinic.timeZone, { hour: 'numeric', minute: '2-digit' }),
    );
    expect(shownTime).toContain(
      clinicLocal(start ?? '', clinic.timeZone, { timeZoneName: 'short' })
        .split(' ')
        .pop(),
    );
    await expectNoAxeViolations(page, `completion on ${viewport}`);
    await screenshot(page, `booking-complete-${viewport}`);

    // The confirmation e-mail is in the development outbox with the booking's link.
    const messages = await outboxFor(patient.email);
    const email = messages.find((message) => message.channel === 'EMAIL');
    expect(email, 'confirmation e-mail').toBeDefined();
    expect(email?.bodyText).toContain(`/appointments/${bookingKey}`);
    expect(start).toBeTruthy();

    expect(thirdParty).toEqual([]);
    expect(consoleErrors).toEqual([]);
    await closeAll(context);
  });

  test('a booking request for an enquiry-only exam ends with the request completion and a message', async () => {
    const exam = examNamed('ct-coronary-angiogram');
    expect(exam.bookingRequestOnly).toBe(true);
    const clinic = (await nearestClinics(exam)).clinics[0];
    if (!clinic) throw new Error('no clinic takes requests for a CT coronary angiogram');
    const patient = patientFor(`Request${viewport}`);
    const { page, context, consoleErrors } = await locatedPatient(viewport);

    await chooseExam(page, exam);
    await continueFromHome(page);
    // This exam shows the booking request info modal (it has notes): Proceed goes on to clinics.
    const info = page.getByRole('dialog', { name: t('booking.request_info.title') });
    await info.waitFor();
    await expectNoAxeViolations(page, `request info modal on ${viewport}`);
    await screenshot(page, `booking-request-info-${viewport}`);
    await info.getByRole('button', { name: t('booking.request_info.proceed') }).click();

    await waitForClinics(page, clinic.name);
    await page
      .getByRole('button', { name: t('booking.clinic.choose', { name: clinic.name }) })
      .click();
    await waitForSlots(page, clinic.name);
    await page.getByText(t('booking.slots.request_only', { name: exam.name })).waitFor();
    await screenshot(page, `booking-request-slots-${viewport}`);
    let windowStart = '';
    if (viewport === 'phone') {
      // No preferred time: the clinic will call.
      await page.getByRole('button', { name: t('booking.slots.no_preferred_time') }).click();
    } else {
      // A preferred window (an enquiry slot): nothing is held for it.
      const window = slotList(page).getByRole('button').first();
      expect(await window.textContent()).toMatch(/–/);
      windowStart = (await window.getAttribute('data-slot')) ?? '';
      await window.click();
      await expect.poll(() => window.getAttribute('aria-pressed')).toBe('true');
    }
    await page.getByRole('button', { name: t('booking.slots.continue'), exact: true }).click();

    await waitForHeading(page, t('booking.form.title'));
    await fillPatientForm(page, patient);
    await page.getByRole('button', { name: t('booking.form.submit_request') }).click();

    await waitForHeading(page, t('booking.complete.title_booking_request'));
    await page
      .getByRole('status')
      .filter({ hasText: t('booking.complete.booking_request') })
      .waitFor();
    const bookingKey = (await page.getByTestId('booking-key').textContent()) ?? '';
    expect(bookingKey).toMatch(/^[A-Za-z0-9_-]{22,64}$/);
    await page.getByText(t('booking.complete.request_sent')).waitFor();
    // The preferred time as chosen: the window's range in clinic time, or none.
    const preferred = normalizeSpaces(
      (await page.getByTestId('preferred-time').textContent()) ?? '',
    );
    if (windowStart) {
      expect(preferred).toContain(
        clinicLocal(windowStart, clinic.timeZone, { day: 'numeric', month: 'long' }),
      );
      // A range in one half of the day names it once ('2:00 – 5:00 pm'), so
      // the start is checked without its am or pm.
      expect(preferred).toContain(
        clinicLocal(windowStart, clinic.timeZone, { hour: 'numeric', minute: '2-digit' }).replace(
          /\s*[ap]m$/i,
          '',
        ),
      );
      expect(preferred).toMatch(/–/);
      expect(preferred).toContain(
        clinicLocal(windowStart, clinic.timeZone, { timeZoneName: 'short' }).split(' ').pop(),
      );
    } else {
      expect(preferred).toBe(t('booking.complete.preferred_none'));
    }
    await expectNoAxeViolations(page, `request completion on ${viewport}`);
    await screenshot(page, `booking-request-complete-${viewport}`);

    const messages = await outboxFor(patient.email);
    expect(messages.length, 'booking request message').toBeGreaterThan(0);
    expect(messages.map((message) => message.bodyText).join('\n')).toContain(bookingKey);
    expect(consoleErrors).toEqual([]);
    await closeAll(context);
  });
});
