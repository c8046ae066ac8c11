import type { DevOutboxMessage, PatientPortalPublicConfig } from '@portal/contract';
import type { Locator, Page } from 'playwright-core';
import { describe, expect, test } from 'vitest';
import { screenshot, type ViewportName } from '../support/browser.ts';
import { fillDateOfBirth } from '../support/date-of-birth.ts';
import { focusedName, focusIsVisible, tabTo } from '../support/patient-portal.ts';
import { getJson } from '../support/portal-api.ts';
import { expectNoAxeViolations, useSuite } from '../support/suite.ts';

/**
 * Results and sharing (docs/product/patient-portal.md#results-and-sharing, issue 15's
 * acceptance): the demo patient signs in to their results (the demo's results key, a released
 * CT chest report), shares the result by e-mail with the keyboard only; in a second browser the
 * recipient opens the link from the outbox, proves the patient's date of birth and the code sent
 * to them, and sees only that result; the patient sees the access in the share list and gets an
 * access notice; the patient revokes, and the recipient's next request (a reload) lands on the
 * revoked deny page. axe-clean at each step, on a phone and a desktop.
 */
const suite = useSuite();
const { t, openPage } = suite;
const viewports: ViewportName[] = ['phone', 'desktop'];

/** The demo's results (apps/server/src/db/seed/demo-results.ts) and its fictional patient. */
const resultsKey = 'demo-results-key-0000000000000001';
const patient = {
  email: 'jordan.sample@example.org',
  dateOfBirth: '1975-08-21',
  firstName: 'Jordan',
};

/** The newest message to `recipient` of `template` made after `since`, waited for. */
async function messageTo(
  recipient: string,
  template: string,
  since: number,
): Promise<DevOutboxMessage> {
  let found: DevOutboxMessage | undefined;
  await expect
    .poll(
      async () => {
        const messages = await getJson<DevOutboxMessage[]>(suite.url, '/api/dev/outbox?limit=200');
        found = messages
          .filter(
            (message) =>
              message.recipient === recipient &&
              message.template === template &&
              Date.parse(message.createdAt) >= since,
          )
          .sort((a, b) => Date.parse(b.createdAt) - Date.parse(a.createdAt))[0];
        return found?.id;
      },
      { timeout: 15_000 },
    )
    .toBeTruthy();
  if (!found) throw new Error(`no ${template} to ${recipient}`);
  return found;
}

const codeOf = (message: DevOutboxMessage) => /\b(\d{6})\b/.exec(message.bodyText)?.[1] ?? '';

/** The authentication page's two steps: the patient's date of birth, then the code sent to `to`. */
async function signIn(page: Page, to: string, since: number, shared = false): Promise<void> {
  const dob = page.getByRole('dialog', {
    name: t(shared ? 'authentication.dob_modal.title_staff' : 'authentication.dob_modal.title'),
  });
  await dob.waitFor({ timeout: 15_000 });
  const legend = shared ? 'authentication.dob_modal.label_staff' : 'form.date_of_birth.label';
  await fillDateOfBirth(dob, t(legend), patient.dateOfBirth, t);
  await dob.getByRole('button', { name: t('authentication.dob_modal.submit') }).click();
  const otp = page.getByRole('dialog', { name: t('authentication.otp_modal.title') });
  await otp.waitFor();
  const code = codeOf(await messageTo(to, 'ACCESS_OTP', since));
  await otp.getByRole('textbox', { name: t('authentication.otp_modal.label') }).fill(code);
  await page.keyboard.press('Enter');
}

const shareModalOf = (page: Page): Locator =>
  page.getByRole('dialog', { name: t('results.share.title') });

describe.each(viewports)('results and sharing (%s)', (viewport) => {
  test('share by e-mail, the recipient opens it, the patient sees the access and revokes', async () => {
    const start = Date.now();
    const recipient = `gp.${viewport}.${start}@example.com`;
    const owner = await openPage(viewport);
    const { page } = owner;

    // The patient's results, behind the APPOINTMENT_RESULTS sign-in (date of birth and a code).
    await page.goto(`${suite.url}/appointments/${resultsKey}/result`);
    await signIn(page, patient.email, start);
    await page
      .getByRole('heading', { level: 1, name: t('results.title') })
      .waitFor({ timeout: 15_000 });
    const ct = page.getByRole('article').filter({ hasText: 'CT chest' });
    await ct.getByText('Conclusion: normal CT of the chest.').waitFor();
    await ct.getByText(t('results.images_not_available')).waitFor();
    await expectNoAxeViolations(page, `results page (${viewport})`);
    await screenshot(page, `results-page-${viewport}`);

    // The patient reaches the call centre from their results too (issue 19), keyboard only: the
    // card's button brings in the message and callback buttons, focus on the card's heading.
    await page.locator('body').focus();
    await tabTo(page, t('call_centre.show_button'));
    await page.keyboard.press('Enter');
    await page.getByRole('button', { name: t('call_centre.message_button') }).waitFor();
    await expect.poll(() => focusedName(page)).toBe(t('call_centre.heading'));
    await expectNoAxeViolations(page, `results page, call centre (${viewport})`);

    // Share with the keyboard only: Tab to the button, Enter, type, Tab to Share, Enter.
    const shareName = t('results.share_result_named', { exam: 'CT chest' });
    await page.locator('body').focus();
    await tabTo(page, shareName);
    expect(await focusIsVisible(page)).toBe(true);
    await page.keyboard.press('Enter');
    const modal = shareModalOf(page);
    await modal.waitFor();
    await modal.getByRole('region', { name: t('results.shares.title') }).waitFor();
    await expectNoAxeViolations(page, `share modal (${viewport})`);
    await screenshot(page, `results-share-modal-${viewport}`, { viewport: true });
    const sms = (await getJson<PatientPortalPublicConfig>(suite.url, '/api/config/patient-portal'))
      .results.shareBySmsEnabled;
    await tabTo(page, t(sms ? 'results.share.contact_label_sms' : 'results.share.contact_label'));
    await page.keyboard.type(recipient);
    await tabTo(page, t('results.share.name_label'));
    await page.keyboard.type('Dr Lee');
    await tabTo(page, t('results.share.note_label'));
    await page.keyboard.type('For our appointment on Monday.');
    await tabTo(page, t('results.share.submit'));
    await page.keyboard.press('Enter');
    const shared = page.getByRole('dialog', { name: t('results.share.shared_title') });
    await shared.getByText(t('message.results_shared')).waitFor();
    await expectNoAxeViolations(page, `results shared (${viewport})`);
    await page.keyboard.press('Enter');
    await shared.waitFor({ state: 'detached' });
    // The focus moves back a frame after the dialog closes (results-view.tsx's closeShared).
    await expect.poll(() => focusedName(page), { timeout: 5_000 }).toBe(shareName);

    // The recipient, in a browser of their own, opens the link from their message.
    const link = /https?:\/\/\S+\/result\?shared=true/.exec(
      (await messageTo(recipient, 'RESULT_SHARE_LINK', start)).bodyText,
    )?.[0];
    expect(link).toBeTruthy();
    const other = await openPage(viewport);
    const linkPath = new URL(link ?? '').pathname;
    await other.page.goto(`${suite.url}${linkPath}?shared=true`);
    const recipientSince = Date.now();
    await signIn(other.page, recipient, start, true);
    await other.page
      .getByRole('heading', { level: 1, name: t('results.shared_title') })
      .waitFor({ timeout: 15_000 });
    await other.page.getByText(t('results.shared_by', { firstName: patient.firstName })).waitFor();
    await other.page.getByText(t('results.signed_in_shared')).waitFor();
    const cards = other.page.getByRole('article');
    await cards.first().getByText('Conclusion: normal CT of the chest.').waitFor();
    // Only that result: the patient's earlier MRI is not there, nor any action.
    expect(await cards.count()).toBe(1);
    expect(await other.page.getByText(/MRI/).count()).toBe(0);
    expect(await other.page.getByRole('button', { name: /share/i }).count()).toBe(0);
    await expectNoAxeViolations(other.page, `shared result (${viewport})`);
    await screenshot(other.page, `results-shared-recipient-${viewport}`);

    // The patient is told, and sees the access in the share list.
    await messageTo(patient.email, 'RESULT_SHARE_ACCESSED', recipientSince);
    await page.keyboard.press('Enter');
    await modal.waitFor();
    const list = modal.getByRole('region', { name: t('results.shares.title') });
    const item = list.getByRole('listitem').filter({ hasText: recipient }).first();
    await item
      .getByText(/ from /)
      .first()
      .waitFor();
    await item.scrollIntoViewIfNeeded();
    await expectNoAxeViolations(page, `share list with an access (${viewport})`);
    await screenshot(page, `results-share-list-${viewport}`, { viewport: true });

    // Revoke (keyboard), then the recipient's next request is refused.
    const revokeName = t('results.shares.revoke', { contact: 'Dr Lee' });
    await tabTo(page, revokeName, { limit: 60 });
    await page.keyboard.press('Enter');
    const confirm = page.getByRole('alertdialog', {
      name: t('results.revoke.title', { contact: 'Dr Lee' }),
    });
    await confirm.waitFor();
    await expectNoAxeViolations(page, `revoke confirm (${viewport})`);
    await tabTo(page, t('results.revoke.yes'));
    await page.keyboard.press('Enter');
    await confirm.waitFor({ state: 'detached' });
    await page.getByText(t('results.revoke.done', { contact: 'Dr Lee' })).waitFor();

    await other.page.reload();
    await other.page.waitForURL(/\/deny\?revoked=true/, { timeout: 15_000 });
    await other.page.getByText(t('deny.revoked')).waitFor();
    await expectNoAxeViolations(other.page, `revoked (${viewport})`);
    await screenshot(other.page, `results-revoked-${viewport}`);

    // Every result of the patient: the patient match form, then the history page.
    await page.getByRole('button', { name: t('results.all.button') }).click();
    const match = page.getByRole('form', { name: t('results.all.title') });
    await fillDateOfBirth(match, t('form.date_of_birth.label'), patient.dateOfBirth, t);
    await match.getByRole('textbox', { name: t('results.match.email_label') }).fill(patient.email);
    await expectNoAxeViolations(page, `patient match form (${viewport})`);
    await match.getByRole('button', { name: t('results.match.submit') }).click();
    await page
      .getByRole('heading', { level: 1, name: t('results.history_title') })
      .waitFor({ timeout: 15_000 });
    expect(new URL(page.url()).search).toBe(`?dateOfBirth=${patient.dateOfBirth}&otpType=EMAIL`);
    const history = page.getByRole('article');
    await history.nth(1).waitFor();
    expect(await history.nth(0).getByRole('heading').first().textContent()).toBe('CT chest');
    expect(await history.nth(1).getByRole('heading').first().textContent()).toBe('MRI knee');
    await page.getByRole('button', { name: t('results.share_history') }).waitFor();
    await expectNoAxeViolations(page, `history (${viewport})`);
    await screenshot(page, `results-history-${viewport}`);

    expect(owner.consoleErrors.filter((text) => !/401|403/.test(text))).toEqual([]);
    await other.context.close();
    await owner.context.close();
    // Two people, two sign-ins with OTPs, the share's mail, its revocation and the history: about
    // 58 s of the 60 s default on a slow CI machine (this session's runs), so it has its own.
  }, 120_000);
});
