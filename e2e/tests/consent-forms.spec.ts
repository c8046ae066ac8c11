import type { DevOutboxMessage } from '@portal/contract';
import type { Locator, Page } from 'playwright-core';
import { describe, expect, test } from 'vitest';
import { screenshot, type ViewportName } from '../support/browser.ts';
import {
  bookThroughApi,
  demoAppointment,
  signInFromConfirmation,
  signInToDemoAppointment,
  tabTo,
} from '../support/patient-portal.ts';
import { getJson } from '../support/portal-api.ts';
import { expectNoAxeViolations, useSuite } from '../support/suite.ts';

/**
 * Consent forms on the appointment page (docs/product/consent-forms.md): the demo appointment
 * (a bone density scan) needs "Consent to imaging and privacy". The patient signs in, is told
 * forms wait, signs with the keyboard alone, sees it signed and verified, reads it back
 * read-only; the notice of signing is in the outbox. Leaving a form unsigned asks first and
 * goes to the home page.
 */
const suite = useSuite();
const { t, openPage } = suite;
const viewports: ViewportName[] = ['phone', 'desktop'];
const formTitle = 'Consent to imaging and privacy';
const demoEmail = demoAppointment.email;

async function outboxFor(email: string): Promise<DevOutboxMessage[]> {
  const messages = await getJson<DevOutboxMessage[]>(suite.url, '/api/dev/outbox?limit=200');
  return messages.filter((message) => message.recipient.toLowerCase() === email);
}

/** Console errors apart from the 401 of the session check before signing in. */
const unexpected = (errors: string[]) => errors.filter((message) => !/status of 401/.test(message));

/** The consent form notification modal: it follows a signature (docs/decisions/026). */
const notificationOf = (page: Page) =>
  page.getByRole('dialog', { name: t('consent_forms.signed_notice', { title: formTitle }) });
const formDialogOf = (page: Page) => page.getByRole('dialog', { name: formTitle });
const sectionOf = (page: Page) => page.getByRole('region', { name: t('consent_forms.heading') });

/** Ticks the form's boxes, types the name and signs, by keyboard. */
async function signByKeyboard(page: Page, dialog: Locator, name: string): Promise<void> {
  await dialog.getByText('I understand what the scan involves').waitFor({ timeout: 20_000 });
  await tabTo(page, /I understand what the scan involves/, { visible: true });
  await page.keyboard.press('Space');
  await tabTo(page, /I have read how my images/, { visible: true });
  await page.keyboard.press('Space');
  await tabTo(page, /Type your full name to sign/, { visible: true });
  await page.keyboard.type(name);
  await tabTo(page, 'Sign', { visible: true });
  await page.keyboard.press('Enter');
}

describe.each(viewports)('consent forms (%s)', (viewport) => {
  test('signs by keyboard, is told it is signed, sees it verified, reads it back', async () => {
    const { page, consoleErrors } = await openPage(viewport);
    // The phone signs the demo appointment's form; the desktop a booking of its own (the same
    // exam and form), since a form is signed once.
    let email = demoEmail;
    if (viewport === 'phone') {
      await signInToDemoAppointment(page, suite.url, t);
    } else {
      const patient = await bookThroughApi(suite.url, {
        examSlug: 'bone-density-scan',
        lastName: 'Consent',
        window: { fromDays: 5, toDays: 30 },
      });
      email = patient.email.toLowerCase();
      await signInFromConfirmation(page, suite.url, patient, t);
    }

    // The section under the appointment loads at the first key once the appointment shows (or
    // at a scroll), then Tab reaches it.
    await page.getByRole('heading', { level: 2, name: 'Bone density (DEXA) scan' }).waitFor();
    await page.keyboard.press('Tab');
    await sectionOf(page).waitFor({ timeout: 15_000 });
    await tabTo(page, t('consent_forms.sign_named', { title: formTitle }), { visible: true });
    await page.keyboard.press('Enter');

    const dialog = formDialogOf(page);
    await dialog.waitFor();
    await dialog.getByText('I understand what the scan involves').waitFor({ timeout: 20_000 });
    // Closing with the form unsigned asks first; staying keeps the answers' form open.
    await tabTo(page, t('consent_forms.close'), { visible: true });
    await page.keyboard.press('Enter');
    const confirm = page.getByRole('alertdialog', { name: t('consent_forms.confirm_leave_title') });
    await confirm.waitFor();
    await expectNoAxeViolations(page, `leave without signing? (${viewport})`);
    await tabTo(page, t('consent_forms.confirm_leave_stay'), { visible: true });
    await page.keyboard.press('Enter');
    await confirm.waitFor({ state: 'detached' });

    await expectNoAxeViolations(page, `consent form (${viewport})`);
    await screenshot(page, `consent-form-${viewport}`, { viewport: true });
    await signByKeyboard(page, dialog, 'Robin Consent');
    await dialog.waitFor({ state: 'detached', timeout: 15_000 });

    // The notification modal: signed, a notice e-mailed, nothing left to sign.
    const notification = notificationOf(page);
    await notification.waitFor({ timeout: 20_000 });
    await notification.getByText(t('consent_forms.copy_sent')).waitFor();
    await expectNoAxeViolations(page, `consent notification (${viewport})`);
    await screenshot(page, `consent-notification-${viewport}`, { viewport: true });
    await tabTo(page, t('action.close'), { visible: true });
    await page.keyboard.press('Enter');
    await notification.waitFor({ state: 'detached' });

    const section = sectionOf(page);
    await section.getByText(/^Signed by Robin Consent on/).waitFor();
    await section.getByText(t('consent_forms.verified')).waitFor();
    await expectNoAxeViolations(page, `consent forms signed (${viewport})`);
    await section.scrollIntoViewIfNeeded();
    await screenshot(page, `consent-signed-${viewport}`, { viewport: true });

    // Read back: the signed version with its answers, read-only (no Sign button).
    await tabTo(page, t('consent_forms.view_named', { title: formTitle }), { visible: true });
    await page.keyboard.press('Enter');
    const signed = formDialogOf(page);
    await signed.getByText(t('consent_forms.verified')).waitFor();
    await signed.getByText('I understand what the scan involves').waitFor({ timeout: 20_000 });
    expect(await signed.getByRole('button', { name: 'Sign', exact: true }).count()).toBe(0);
    expect(await signed.getByRole('checkbox', { checked: true }).count()).toBe(2);
    await expectNoAxeViolations(page, `signed consent form (${viewport})`);
    await screenshot(page, `consent-signed-form-${viewport}`, { viewport: true });
    await page.keyboard.press('Escape');
    await signed.waitFor({ state: 'detached' });

    // The notice of signing, with the signature's reference, not the answers.
    await expect
      .poll(async () =>
        (await outboxFor(email)).some((message) => message.template === 'consent-form-signed'),
      )
      .toBe(true);
    const notice = (await outboxFor(email)).find((m) => m.template === 'consent-form-signed');
    expect(notice?.bodyText).toMatch(/Signature reference: [0-9a-f]{16}/);
    expect(notice?.bodyText).not.toContain('Robin Consent');
    expect(unexpected(consoleErrors)).toEqual([]);
  });

  test('leaving a form unsigned asks first, then goes to the home page', async () => {
    const patient = await bookThroughApi(suite.url, {
      examSlug: 'bone-density-scan',
      lastName: `Leaving${viewport}`,
      window: { fromDays: 5, toDays: 30 },
      pick: 1,
    });
    const { page, consoleErrors } = await openPage(viewport);
    await signInFromConfirmation(page, suite.url, patient, t);
    // The section under the appointment loads when scrolled near.
    await page.mouse.wheel(0, 4000);
    await sectionOf(page)
      .getByRole('button', { name: t('consent_forms.sign_named', { title: formTitle }) })
      .click({ timeout: 20_000 });
    const dialog = formDialogOf(page);
    await dialog.getByText('I understand what the scan involves').waitFor({ timeout: 20_000 });
    await dialog.getByRole('button', { name: t('consent_forms.close') }).click();
    const confirm = page.getByRole('alertdialog', { name: t('consent_forms.confirm_leave_title') });
    await screenshot(page, `consent-leave-confirm-${viewport}`, { viewport: true });
    await confirm.getByRole('button', { name: t('consent_forms.confirm_leave_leave') }).click();
    await page.waitForURL((url) => url.pathname === '/', { timeout: 15_000 });
    expect(unexpected(consoleErrors)).toEqual([]);
  });
});
