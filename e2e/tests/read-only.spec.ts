import { describe, expect, test } from 'vitest';
import { screenshot, type ViewportName } from '../support/browser.ts';
import { focusedName, signInToDemoAppointment, tabTo } from '../support/patient-portal.ts';
import { expectNoAxeViolations, useSuite } from '../support/suite.ts';

/**
 * Read-only mode (READ_ONLY=true, docs/decisions/036-read-only-mode.md) on a portal of its own:
 * the banner shows; the demo patient still signs in (date of birth, then the one-time password)
 * and reads their appointment; Cancel says the portal is in read-only mode, and Confirm
 * attendance, which the server refuses, says the same instead of the generic error. Nothing
 * changed: after a reload the appointment is still BOOKED and unconfirmed.
 */
const suite = useSuite({
  portal: {
    name: 'read-only',
    env: { READ_ONLY: 'true' },
    // Both viewports sign the demo patient in; the default 5 s pause between one-time passwords
    // to one booking key let the second go unsent when the phone's test was quick (CI, stop 26).
    configOverrides: { 'application.json': { otpSecondsBetweenRequests: 1 } },
  },
});
const { t, openPage } = suite;
/** Console errors apart from the 401 of the session check and the refused write's 503. */
const unexpected = (errors: string[]) =>
  errors.filter((message) => !/status of (401|503)/.test(message));

describe.each<ViewportName>(['phone', 'desktop'])('read-only mode (%s)', (viewport) => {
  test('the banner shows, the appointment reads, a write says read-only and changes nothing', async () => {
    const { page, context, consoleErrors } = await openPage(viewport);
    await page.goto(suite.url);
    const banner = page.getByText(t('message.access_read_only'));
    await banner.waitFor();
    await expectNoAxeViolations(page, `home with the read-only banner (${viewport})`);
    await screenshot(page, `read-only-home-${viewport}`, { viewport: true });

    await signInToDemoAppointment(page, suite.url, t);
    await expect.poll(() => banner.isVisible()).toBe(true);
    const actions = page.getByRole('list', { name: t('patient_portal.actions.label') });
    await actions.waitFor();
    await expectNoAxeViolations(page, `appointment page, read-only (${viewport})`);

    // Cancel: refused at once, keyboard only, and the focus comes back.
    await tabTo(page, t('patient_portal.actions.cancel'));
    await page.keyboard.press('Enter');
    const refusal = page.getByRole('alertdialog', { name: t('read_only.refused_title') });
    await refusal.waitFor();
    expect(await refusal.textContent()).toContain(t('read_only.refused'));
    expect(await refusal.textContent()).not.toContain(t('message.generic_error'));
    await expectNoAxeViolations(page, `read-only refusal (${viewport})`);
    await screenshot(page, `read-only-cancel-${viewport}`, { viewport: true });
    await refusal.getByRole('button', { name: t('action.close') }).click();
    await refusal.waitFor({ state: 'detached' });
    await expect.poll(() => focusedName(page)).toBe(t('patient_portal.actions.cancel'));

    // Confirm attendance goes to the server, which refuses it: the same message.
    const confirm = actions.getByRole('button', { name: t('patient_portal.actions.confirm') });
    const refused = page.waitForResponse((response) => response.url().endsWith('/confirm'));
    await confirm.click();
    expect((await refused).status()).toBe(503);
    await refusal.waitFor();
    expect(await refusal.textContent()).toContain(t('read_only.refused'));
    await screenshot(page, `read-only-confirm-${viewport}`, { viewport: true });
    await refusal.getByRole('button', { name: t('action.close') }).click();

    // Nothing changed: reloaded, the appointment still offers Confirm and Cancel.
    await page.reload();
    await actions.waitFor({ timeout: 15_000 });
    expect(await confirm.isVisible()).toBe(true);
    expect(unexpected(consoleErrors)).toEqual([]);
    await context.close();
  });
});
