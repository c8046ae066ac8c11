import type { AppointmentsSummaryResponse } from '@portal/contract';
import type { Page } from 'playwright-core';
import { describe, expect, test } from 'vitest';
import { escapeRegExp } from '../support/booking-journey.ts';
import { screenshot, type ViewportName } from '../support/browser.ts';
import {
  type BookedPatient,
  bookThroughApi,
  focusedName,
  focusIsVisible,
  freeSlots,
  signInFromConfirmation,
  tabTo,
} from '../support/patient-portal.ts';
import { answer, questionnaire } from '../support/questionnaire-modal.ts';
import { expectNoAxeViolations, useSuite } from '../support/suite.ts';

/**
 * Managing an appointment from the patient portal (docs/product/patient-portal.md#manage): a
 * patient signs in from their confirmation link and cancels with a reason (keyboard only,
 * through the CANCEL_APPOINTMENT_PATIENT questionnaire the demo provider asks), and the time is
 * offered again; another confirms attendance; a third, inside mammography's 14-day window
 * (config/patient-portal.json), is told why the appointment cannot be cancelled online.
 */
const suite = useSuite();
const { t, openPage } = suite;
const viewports: ViewportName[] = ['phone', 'desktop'];

const actionsOf = (page: Page) =>
  page.getByRole('list', { name: t('patient_portal.actions.label') });

async function summaryOf(page: Page, patient: BookedPatient) {
  const response = await page.request.get(
    `${suite.url}/api/secured/appointments/${patient.bookingKey}`,
  );
  expect(response.status()).toBe(200);
  return (await response.json()) as AppointmentsSummaryResponse;
}

describe.each(viewports)('managing an appointment (%s)', (viewport) => {
  test('cancel with a reason, keyboard only; the time is offered again', async () => {
    // Three days ahead: outside ultrasound's 24-hour cancel window. An abdominal ultrasound has
    // timed preparation (fasting) and no questionnaire before booking.
    const patient = await bookThroughApi(suite.url, {
      examSlug: 'abdominal-ultrasound',
      lastName: `Cancel${viewport}`,
      window: { fromDays: 3, toDays: 20 },
    });
    const { page, context, consoleErrors } = await openPage(viewport);
    await signInFromConfirmation(page, suite.url, patient, t);

    const card = page.getByRole('main').getByRole('article');
    await expect.poll(() => card.getByRole('link', { name: /Get directions/ }).count()).toBe(1);
    await card.getByRole('region', { name: t('patient_portal.preparation.heading') }).waitFor();
    await expectNoAxeViolations(page, `appointment page (${viewport})`);
    await screenshot(page, `portal-appointment-${viewport}`);

    // Keyboard only from the Cancel appointment button on.
    const cancelButton = actionsOf(page).getByRole('button', {
      name: t('patient_portal.actions.cancel'),
    });
    await cancelButton.focus();
    await page.keyboard.press('Enter');
    const reasonStep = page.getByRole('dialog', { name: t('patient_portal.cancel.title') });
    await reasonStep.waitFor();
    await expectNoAxeViolations(page, `cancel reason step (${viewport})`);
    await tabTo(page, t('patient_portal.cancel_reason.FEELING_UNWELL'));
    await page.keyboard.press('ArrowDown');
    const cannotAttend = reasonStep.getByRole('radio', {
      name: t('patient_portal.cancel_reason.CANNOT_ATTEND'),
    });
    expect(await cannotAttend.isChecked()).toBe(true);
    await page.keyboard.press('Tab');
    await page.keyboard.type('Away for work that week.');
    await tabTo(page, t('patient_portal.cancel.continue'));
    expect(await focusIsVisible(page)).toBe(true);
    await screenshot(page, `portal-cancel-reason-${viewport}`);
    await page.keyboard.press('Enter');

    const confirmStep = page.getByRole('alertdialog', {
      name: t('patient_portal.cancel.confirm_title'),
    });
    await confirmStep.waitFor();
    await expectNoAxeViolations(page, `cancel confirm step (${viewport})`);
    // "No" changes nothing and gives focus back to the button that opened the modal.
    await tabTo(page, t('patient_portal.cancel.no'));
    await page.keyboard.press('Enter');
    await expect.poll(() => focusedName(page)).toBe(t('patient_portal.actions.cancel'));

    await page.keyboard.press('Enter');
    await reasonStep.waitFor();
    await tabTo(page, t('patient_portal.cancel_reason.FEELING_UNWELL'));
    await page.keyboard.press('Space');
    await tabTo(page, t('patient_portal.cancel.continue'));
    await page.keyboard.press('Enter');
    await confirmStep.waitFor();
    await tabTo(page, t('patient_portal.cancel.yes'));
    expect(await focusIsVisible(page)).toBe(true);
    await screenshot(page, `portal-cancel-confirm-${viewport}`);
    const answers: string[] = [];
    page.on('response', (response) => {
      const { pathname } = new URL(response.url());
      if (pathname.startsWith('/api/')) answers.push(`${response.status()} ${pathname}`);
    });
    await page.keyboard.press('Enter');

    // The demo provider asks its cancel questionnaire (config/questionnaires/cancel-reason.json)
    // for every exam; saving it cancels, and the patient comes back to the appointment.
    const back = `/appointments/${patient.bookingKey}`;
    const cancelled = card.getByText(t('patient_portal.appointment_status.CANCELED'));
    const survey = page.getByRole('dialog', { name: 'Cancel your appointment' });
    await expect
      .poll(async () => new URL(page.url()).pathname !== back || (await cancelled.isVisible()), {
        timeout: 15_000,
      })
      .toBe(true)
      .catch(async (error: Error) => {
        // Seen once in CI (both viewports) and never here: say what the page showed instead.
        await screenshot(page, `portal-cancel-stuck-${viewport}`);
        const shown = page.locator('[role="alert"], [role="alertdialog"], [role="dialog"]');
        const texts = JSON.stringify(await shown.allInnerTexts());
        throw new Error(
          `${error.message}\nat ${page.url()}, showing: ${texts}; answers: ${answers.join(', ')}`,
        );
      });
    if (new URL(page.url()).pathname === '/questionnaires') {
      const search = new URL(page.url()).searchParams;
      expect(Object.fromEntries(search)).toMatchObject({
        bookingKey: patient.bookingKey,
        type: 'CANCEL_APPOINTMENT_PATIENT',
        redirectUrl: back,
      });
      const dialog = await questionnaire(page, 'Cancel your appointment');
      await answer(dialog, /Why are you cancelling/, 'I am unwell');
      await dialog.getByRole('button', { name: 'Complete' }).click();
      await expect.poll(() => new URL(page.url()).pathname, { timeout: 15_000 }).toBe(back);
      await survey.waitFor({ state: 'detached' });
    }
    await cancelled.waitFor({ timeout: 15_000 });
    expect(await actionsOf(page).count()).toBe(0);
    await expectNoAxeViolations(page, `cancelled appointment (${viewport})`);
    await screenshot(page, `portal-cancelled-${viewport}`);

    const summary = await summaryOf(page, patient);
    expect(summary.appointments.map((appointment) => appointment.status)).toEqual(['CANCELED']);
    const { slots } = await freeSlots(suite.url, patient.examSlug, { fromDays: 3, toDays: 20 });
    expect(slots.map((slot) => slot.start)).toContain(patient.start);
    expect(consoleErrors.filter((message) => !/status of 401/.test(message))).toEqual([]);
    await context.close();
  });

  test('confirm attendance', async () => {
    const patient = await bookThroughApi(suite.url, {
      examSlug: 'ct-brain',
      lastName: `Confirm${viewport}`,
      window: { fromDays: 3, toDays: 20 },
      pick: 1,
    });
    const { page, context } = await openPage(viewport);
    await signInFromConfirmation(page, suite.url, patient, t);
    const card = page.getByRole('article', { name: 'CT brain' });
    await card.getByRole('button', { name: t('patient_portal.actions.confirm') }).click();

    await expect
      .poll(() => card.getByRole('status').textContent())
      .toBe(t('message.appointment_confirmation'));
    const confirmedLine = new RegExp(
      `^${escapeRegExp(t('patient_portal.actions.confirmed_on', { date: '' }).replace(/\.$/, ''))}`,
    );
    await card.getByText(confirmedLine).waitFor();
    expect(
      await card.getByRole('button', { name: t('patient_portal.actions.confirm') }).count(),
    ).toBe(0);
    const summary = await summaryOf(page, patient);
    expect(summary.appointments[0]?.confirmedAt).toEqual(expect.any(String));
    await expectNoAxeViolations(page, `confirmed appointment (${viewport})`);
    await screenshot(page, `portal-confirmed-${viewport}`);
    await context.close();
  });

  test('inside the prior-minutes window the patient is told why they cannot cancel', async () => {
    // Mammography's cancel window is 14 days (config/patient-portal.json); this is sooner.
    const patient = await bookThroughApi(suite.url, {
      examSlug: 'screening-mammogram',
      lastName: `Window${viewport}`,
      window: { fromDays: 2, toDays: 10 },
      answers: {
        REQUIRED_ON_CONFIRMATION: {
          symptoms: false,
          previousMammogram: false,
          breastImplants: false,
        },
      },
    });
    const { page, context } = await openPage(viewport);
    await signInFromConfirmation(page, suite.url, patient, t);
    const cancelButton = actionsOf(page).getByRole('button', {
      name: t('patient_portal.actions.cancel'),
    });
    await cancelButton.focus();
    await page.keyboard.press('Enter');

    const refusal = page.getByRole('alertdialog', {
      name: t('patient_portal.cancel.refused_title'),
    });
    await refusal.waitFor();
    await expect
      .poll(() => refusal.textContent())
      .toContain(
        t('message.cancel_prior_minutes', {
          period: t('patient_portal.period.days_other', { count: 14 }),
        }),
      );
    await expectNoAxeViolations(page, `cancel refused (${viewport})`);
    await screenshot(page, `portal-cancel-refused-${viewport}`);
    // The error modal is static: Escape leaves it open; Close gives focus back.
    await page.keyboard.press('Escape');
    expect(await refusal.isVisible()).toBe(true);
    await refusal.getByRole('button', { name: t('action.close') }).press('Enter');
    await expect.poll(() => focusedName(page)).toBe(t('patient_portal.actions.cancel'));
    const summary = await summaryOf(page, patient);
    expect(summary.appointments[0]?.status).toBe('BOOKED');
    await context.close();
  });
});
