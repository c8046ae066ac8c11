import type { PatientDetailsState } from '@portal/contract';
import type { Page } from 'playwright-core';
import { describe, expect, test } from 'vitest';
import { screenshot, type ViewportName } from '../support/browser.ts';
import {
  bookThroughApi,
  focusedName,
  focusIsVisible,
  requestThroughApi,
  signInFromConfirmation,
  signInToRequest,
  tabTo,
} from '../support/patient-portal.ts';
import { expectNoAxeViolations, useSuite } from '../support/suite.ts';

/**
 * Patient detail change requests (docs/product/patient-detail-changes.md): from the appointment
 * page, keyboard only, a patient asks for a new phone number; the request waits for the clinic
 * (field by field, old → new) while the record stays as it was; the patient withdraws it and
 * nothing is pending any more.
 */
const suite = useSuite();
const { t, openPage } = suite;
const viewports: ViewportName[] = ['phone', 'desktop'];

async function stateOf(page: Page, bookingKey: string, kind = 'appointments') {
  const response = await page.request.get(
    `${suite.url}/api/secured/${kind}/${bookingKey}/patient_details`,
  );
  expect(response.status()).toBe(200);
  return (await response.json()) as PatientDetailsState;
}

describe.each(viewports)('update my details (%s)', (viewport) => {
  test('request a change, see it pending, withdraw it (keyboard only)', async () => {
    const patient = await bookThroughApi(suite.url, {
      examSlug: 'abdominal-ultrasound',
      lastName: `Details${viewport}`,
      window: { fromDays: 3, toDays: 25 },
      pick: viewport === 'phone' ? 4 : 5,
    });
    const { page, context, consoleErrors } = await openPage(viewport);
    await signInFromConfirmation(page, suite.url, patient, t);
    const card = page.getByRole('region', { name: t('patient_details.heading') });
    const update = card.getByRole('button', { name: t('patient_details.update_button') });
    // The card under the appointment loads when scrolled near (docs/decisions/026).
    await page.mouse.wheel(0, 4000);
    await update.waitFor();
    const before = await stateOf(page, patient.bookingKey);
    const oldNumber = String(before.patientChangeDetails.values.contactNumber);

    // Keyboard only from here.
    await update.focus();
    await page.keyboard.press('Enter');
    const dialog = page.getByRole('dialog', { name: t('patient_details.modal_title') });
    await dialog.waitFor();
    const phone = dialog.getByRole('textbox', { name: t('patient_details.field.contactNumber') });
    expect(await phone.inputValue()).toBe(oldNumber);
    await expectNoAxeViolations(page, `details form (${viewport})`);
    await screenshot(page, `patient-details-form-${viewport}`, { viewport: true });

    await tabTo(page, t('patient_details.field.contactNumber'));
    expect(await focusIsVisible(page)).toBe(true);
    await page.keyboard.press('ControlOrMeta+A');
    await page.keyboard.type('0499 888 777');
    await tabTo(page, t('patient_details.send'));
    await page.keyboard.press('Enter');

    const done = page.getByRole('dialog', { name: t('message.patient_request_success_message') });
    await done.getByText(t('message.patient_request_success_confirmation_message')).waitFor();
    await expectNoAxeViolations(page, `request sent (${viewport})`);
    await screenshot(page, `patient-details-sent-${viewport}`, { viewport: true });
    await tabTo(page, t('patient_details.ok'), { limit: 5 });
    await page.keyboard.press('Enter');
    await done.waitFor({ state: 'detached' });

    // Pending, field by field; the record itself has not changed.
    await card.getByRole('heading', { name: t('patient_details.pending_heading') }).waitFor();
    await card
      .getByText(t('patient_details.change_line', { from: oldNumber, to: '0499888777' }))
      .waitFor();
    const pending = await stateOf(page, patient.bookingKey);
    expect(pending.patientChangeDetails.values.contactNumber).toBe(oldNumber);
    expect(pending.patientChangeDetails.pendingRequest?.changes).toEqual([
      { field: 'contactNumber', oldValue: oldNumber, newValue: '0499888777' },
    ]);
    expect(
      await card.getByRole('button', { name: t('patient_details.update_button') }).count(),
    ).toBe(0);
    await expectNoAxeViolations(page, `request pending (${viewport})`);
    await screenshot(page, `patient-details-pending-${viewport}`);

    await tabTo(page, t('patient_details.withdraw'));
    expect(await focusIsVisible(page)).toBe(true);
    await page.keyboard.press('Enter');
    await card.getByRole('status').getByText(t('patient_details.withdrawn')).waitFor();
    await card.getByRole('button', { name: t('patient_details.update_button') }).waitFor();
    expect(await focusedName(page)).toBe(t('patient_details.heading'));
    expect(
      (await stateOf(page, patient.bookingKey)).patientChangeDetails.pendingRequest,
    ).toBeNull();
    await expectNoAxeViolations(page, `request withdrawn (${viewport})`);
    await screenshot(page, `patient-details-withdrawn-${viewport}`);

    expect(consoleErrors.filter((message) => !/status of 401/.test(message))).toEqual([]);
    await context.close();
  });

  test("from the confirmation's link on a booking request: the form opens at once (origin CONFIRMATION)", async () => {
    const request = await requestThroughApi(suite.url, {
      examSlugs: ['ct-brain'],
      lastName: `Confirm${viewport}`,
    });
    const { page, context, consoleErrors } = await openPage(viewport);
    await signInToRequest(page, suite.url, request.bookingKey, t);
    // The completion page's "Update my details" link.
    await page.goto(
      `${suite.url}/booking-requests/${request.bookingKey}?updateDetails=CONFIRMATION`,
    );
    const dialog = page.getByRole('dialog', { name: t('patient_details.modal_title') });
    await dialog.waitFor({ timeout: 15_000 });
    await dialog
      .getByRole('textbox', { name: t('patient_details.field.streetAddress') })
      .fill('12 Harbour Street');
    await dialog.getByRole('textbox', { name: t('patient_details.field.suburb') }).fill('Sydney');
    await dialog
      .getByRole('combobox', { name: t('patient_details.field.insuranceTypeId') })
      .selectOption({ label: t('patient_details.insurance_type.private') });
    await expectNoAxeViolations(page, `details form on a booking request (${viewport})`);
    await dialog.getByRole('button', { name: t('patient_details.send') }).click();
    const done = page.getByRole('dialog', { name: t('message.patient_request_success_message') });
    await done.getByRole('button', { name: t('patient_details.ok') }).click();

    const card = page.getByRole('region', { name: t('patient_details.heading') });
    await card
      .getByText(
        t('patient_details.change_line', {
          from: t('patient_details.none'),
          to: '12 Harbour Street',
        }),
      )
      .waitFor();
    await card
      .getByText(
        t('patient_details.change_line', {
          from: t('patient_details.none'),
          to: t('patient_details.insurance_type.private'),
        }),
      )
      .waitFor();
    const state = await stateOf(page, request.bookingKey, 'booking_requests');
    expect(state.patientChangeDetails.pendingRequest).toMatchObject({
      origin: 'CONFIRMATION',
      changes: [
        { field: 'streetAddress', oldValue: null, newValue: '12 Harbour Street' },
        { field: 'suburb', oldValue: null, newValue: 'Sydney' },
        { field: 'insuranceTypeId', oldValue: null, newValue: 2 },
      ],
    });
    expect(state.patientChangeDetails.values.streetAddress).toBeNull();
    await expectNoAxeViolations(page, `request pending on a booking request (${viewport})`);
    await screenshot(page, `patient-details-request-pending-${viewport}`);

    await card.getByRole('button', { name: t('patient_details.withdraw') }).click();
    await card.getByRole('status').getByText(t('patient_details.withdrawn')).waitFor();
    expect(consoleErrors.filter((message) => !/status of 401/.test(message))).toEqual([]);
    await context.close();
  });
});
