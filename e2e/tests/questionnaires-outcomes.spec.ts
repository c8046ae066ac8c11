import { questionnaireErrorCodes } from '@portal/contract';
import type { Page } from 'playwright-core';
import { describe, expect, test } from 'vitest';
import { answerBookingForm } from '../support/booking-form-questionnaire.ts';
import { useBookingJourney } from '../support/booking-journey.ts';
import { screenshot, type ViewportName } from '../support/browser.ts';
import { fillDateOfBirth } from '../support/date-of-birth.ts';
import { waitForHeading } from '../support/navigation.ts';
import { answer, questionnaire } from '../support/questionnaire-modal.ts';
import { expectNoAxeViolations, sharedPortalUrl } from '../support/suite.ts';

/**
 * Questionnaire outcomes (docs/product/questionnaires.md#outcomes) end to end: the booking
 * flow asks the chosen exams' questionnaires and acts on what the server decides from the
 * answers (deny, booking request with a Medicare number, restricted dates), in Chromium on a
 * phone and a desktop. A changed exam is questionnaires-exam-change.spec.ts. The demo
 * questionnaires are config/questionnaires/*.json.
 */
const portalUrl = sharedPortalUrl();
const { t, examNamed, locatedPatient, chooseExamAndContinue, firstSlot } = useBookingJourney();

const bookingKeyOf = (page: Page) =>
  page.evaluate(() => sessionStorage.getItem('booking.key') ?? '');

describe.each<ViewportName>(['phone', 'desktop'])('questionnaires on a %s', (viewport) => {
  test('an MRI with a pacemaker ends on the deny message and no appointment can be made', async () => {
    const exam = examNamed('mri-brain');
    const { page, context, consoleErrors } = await locatedPatient(viewport);
    await chooseExamAndContinue(page, exam);

    const dialog = await questionnaire(page, 'MRI safety screening');
    await expectNoAxeViolations(page, `MRI safety modal on ${viewport}`);
    await screenshot(page, `questionnaire-mri-${viewport}`);
    await answer(dialog, /pacemaker/, 'Yes');
    for (const question of [
      /stimulator/,
      /cochlear/,
      /metal in your eyes/,
      /other implant/,
      /operation/,
    ]) {
      await answer(dialog, question, 'No');
    }
    await dialog.getByRole('button', { name: 'Complete' }).click();

    await waitForHeading(page, t('page.deny.title'));
    await page.getByText(/cannot be booked online/).waitFor();
    await expectNoAxeViolations(page, `deny page on ${viewport}`);
    await screenshot(page, `questionnaire-mri-denied-${viewport}`);

    // The server holds the decision: an appointment on this key is refused, whatever the browser does.
    const bookingKey = await bookingKeyOf(page);
    expect(bookingKey).not.toBe('');
    const { clinic, slot } = await firstSlot(exam);
    const response = await fetch(`${portalUrl}/api/appointments`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({
        bookingKey,
        items: [{ examSlug: exam.slug, clinicSlug: clinic.slug, start: slot.start }],
        patientDetails: {
          firstName: 'Pat',
          lastName: `Pacemaker${viewport}`,
          dateOfBirth: '1960-02-03',
          sex: 'MALE',
          email: `pat.pacemaker.${viewport}.${Date.now()}@example.com`,
          contactNumber: '0412345678',
          postalCode: '2150',
        },
      }),
    });
    const body = (await response.json()) as { error?: { code: string } };
    expect(response.status).toBe(409);
    expect(body.error?.code).toBe(questionnaireErrorCodes.bookingDenied);

    expect(consoleErrors).toEqual([]);
    await context.close();
  });

  test('a CT with a contrast allergy becomes a booking request with its confirmation message', async () => {
    const exam = examNamed('ct-chest');
    const { page, context, consoleErrors } = await locatedPatient(viewport);
    await chooseExamAndContinue(page, exam);

    const dialog = await questionnaire(page, 'CT contrast safety');
    await answer(dialog, /reaction to an iodine contrast/, 'Yes');
    await answer(dialog, /kidney disease/, 'No');
    await answer(dialog, /metformin/, 'No');
    await dialog.getByRole('button', { name: 'Complete' }).click();
    await dialog.waitFor({ state: 'detached' });

    const clinic = page.getByRole('main').getByRole('listitem').first();
    const clinicName = (await clinic.getByRole('heading', { level: 2 }).textContent()) ?? '';
    await clinic
      .getByRole('button', { name: t('booking.clinic.choose', { name: clinicName }) })
      .click();
    await waitForHeading(page, t('booking.slots.title', { clinic: clinicName }));
    // The answers made this exam a request: no slot is held, a preferred time is optional.
    await page.getByText(t('booking.slots.request_only', { name: exam.name })).waitFor();
    await page.getByRole('button', { name: t('booking.slots.no_preferred_time') }).click();
    await page.getByRole('button', { name: t('booking.slots.continue'), exact: true }).click();

    await waitForHeading(page, t('booking.form.title'));
    // Saying a Medicare card will be used makes its number part of the form (the server decides).
    await answerBookingForm(page, { medicare: true });
    const medicare = page.getByRole('textbox', { name: t('booking.form.medicareNumber') });
    await medicare.waitFor({ timeout: 15_000 });
    await page.getByRole('combobox', { name: t('booking.form.title_field') }).selectOption({
      label: t('booking.form.titles.MX'),
    });
    await page.getByRole('textbox', { name: t('booking.form.firstName') }).fill('Casey');
    await page
      .getByRole('textbox', { name: t('booking.form.lastName') })
      .fill(`Contrast${viewport}`);
    await fillDateOfBirth(page, t('booking.form.dateOfBirth'), '1975-06-15', t);
    await page
      .getByRole('group', { name: t('booking.form.sex') })
      .getByRole('radio', { name: t('booking.form.sex_female') })
      .check();
    const email = `casey.contrast.${viewport}.${Date.now()}@example.com`;
    await page.getByRole('textbox', { name: t('booking.form.email') }).fill(email);
    await page.getByRole('textbox', { name: t('booking.form.contactNumber') }).fill('0412 345 678');
    await page.getByRole('textbox', { name: t('booking.form.postalCode') }).fill('2150');
    await page.getByRole('button', { name: t('booking.form.submit_request') }).click();
    await page
      .getByRole('alert')
      .getByRole('link', { name: t('booking.form.errors.medicareNumber') })
      .waitFor();
    expect(await medicare.getAttribute('aria-invalid')).toBe('true');
    await screenshot(page, `questionnaire-medicare-required-${viewport}`);
    await medicare.fill('2123 45670 1');
    await page.getByRole('button', { name: t('booking.form.submit_request') }).click();

    await waitForHeading(page, t('booking.complete.title_booking_request'));
    await page.getByText(/a radiologist will review your request/).waitFor();
    await expectNoAxeViolations(page, `routed request completion on ${viewport}`);
    await screenshot(page, `questionnaire-ct-request-${viewport}`);
    expect(consoleErrors).toEqual([]);
    await context.close();
  });
});

describe('an outcome that restricts dates', () => {
  test('kidney disease without a recent blood test: no CT slot before the restricted date', async () => {
    const exam = examNamed('ct-chest');
    const { page, context, consoleErrors } = await locatedPatient('desktop');
    await chooseExamAndContinue(page, exam);

    const dialog = await questionnaire(page, 'CT contrast safety');
    await answer(dialog, /reaction to an iodine contrast/, 'No');
    await answer(dialog, /kidney disease/, 'Yes');
    const bloodTest = dialog.getByRole('radiogroup', { name: /blood test/ });
    await bloodTest.getByRole('radio').nth(1).waitFor();
    await bloodTest.locator('label').nth(1).click();
    await answer(dialog, /metformin/, 'No');
    await dialog.getByRole('button', { name: 'Complete' }).click();
    await dialog.waitFor({ state: 'detached' });

    const clinic = page.getByRole('main').getByRole('listitem').first();
    const clinicName = (await clinic.getByRole('heading', { level: 2 }).textContent()) ?? '';
    const slotSearch = page.waitForRequest(
      (request) => request.url().includes('/slots?') && request.url().includes('minDate='),
    );
    await clinic
      .getByRole('button', { name: t('booking.clinic.choose', { name: clinicName }) })
      .click();
    await waitForHeading(page, t('booking.slots.title', { clinic: clinicName }));
    const minDate = new URL((await slotSearch).url()).searchParams.get('minDate') ?? '';
    // restrictMinDays 7 in config/questionnaires/ct-contrast.json, counted from today in the
    // clinics' own calendar: the latest local day among them, Sydney's (UTC+11 in summer),
    // which is already tomorrow in UTC terms from 13:00 UTC on.
    const sydneyToday = new Intl.DateTimeFormat('en-CA', { timeZone: 'Australia/Sydney' }).format(
      new Date(),
    );
    expect(minDate).toBe(
      new Date(Date.parse(`${sydneyToday}T00:00:00Z`) + 7 * 86_400_000).toISOString().slice(0, 10),
    );
    // The calendar opens on the restricted date's week; if that week has no times left
    // (a weekend), "find the next available time" looks from the restricted date on.
    const slots = page.locator('[data-slot]');
    const findNext = page.getByRole('button', { name: t('booking.slots.find_next') });
    await slots.first().or(findNext).first().waitFor({ timeout: 15_000 });
    if (await findNext.isVisible()) await findNext.click();
    await slots.first().waitFor({ timeout: 15_000 });
    const starts = await slots.evaluateAll((buttons) =>
      buttons.map((button) => button.getAttribute('data-slot') ?? ''),
    );
    // Clinic-local days: a slot at 8 am Sydney on the day is the evening before in UTC.
    for (const start of starts) {
      expect(new Date(start).getTime()).toBeGreaterThanOrEqual(
        new Date(`${minDate}T00:00:00+11:00`).getTime() - 3_600_000,
      );
    }
    await screenshot(page, 'questionnaire-ct-min-date-desktop');
    expect(consoleErrors).toEqual([]);
    await context.close();
  });
});
