import { describe, expect, test } from 'vitest';
import { screenshot, type ViewportName } from '../support/browser.ts';
import {
  focusedName,
  focusIsVisible,
  requestThroughApi,
  signInToRequest,
  tabTo,
} from '../support/patient-portal.ts';
import { expectNoAxeViolations, useSuite } from '../support/suite.ts';

/**
 * Cancelling a booking request from its page (docs/product/patient-portal.md#manage), keyboard
 * only: the reason modal, "No" changes nothing and gives the focus back, "Yes" cancels; the
 * page says so, shows the request CANCELED and offers no Cancel any more, and the server's
 * summary agrees.
 */
const suite = useSuite();
const { t, openPage } = suite;

describe.each<ViewportName>(['phone', 'desktop'])(
  'cancelling a booking request (%s)',
  (viewport) => {
    test('with a reason, keyboard only; the request shows CANCELED', async () => {
      const request = await requestThroughApi(suite.url, {
        examSlugs: ['ct-brain'],
        lastName: `RequestCancel${viewport}`,
      });
      const { page, context, consoleErrors } = await openPage(viewport);
      await signInToRequest(page, suite.url, request.bookingKey, t);
      const card = page.getByRole('main').getByRole('article');
      const cancelButton = page.getByRole('button', {
        name: t('patient_portal.cancel_request.button'),
      });
      await cancelButton.waitFor();
      await expectNoAxeViolations(page, `booking request page (${viewport})`);

      await cancelButton.focus();
      await page.keyboard.press('Enter');
      const reasonStep = page.getByRole('dialog', {
        name: t('patient_portal.cancel_request.title'),
      });
      await reasonStep.waitFor();
      await expectNoAxeViolations(page, `cancel request reason step (${viewport})`);
      await tabTo(page, t('patient_portal.cancel_reason.FEELING_UNWELL'));
      await page.keyboard.press('Space');
      await tabTo(page, t('patient_portal.cancel.continue'));
      await page.keyboard.press('Enter');

      const confirmStep = page.getByRole('alertdialog', {
        name: t('patient_portal.cancel_request.confirm_title'),
      });
      await confirmStep.waitFor();
      await expectNoAxeViolations(page, `cancel request confirm step (${viewport})`);
      await tabTo(page, t('patient_portal.cancel_request.no'));
      await page.keyboard.press('Enter');
      await expect.poll(() => focusedName(page)).toBe(t('patient_portal.cancel_request.button'));

      await page.keyboard.press('Enter');
      await reasonStep.waitFor();
      // Tab enters the reasons at the chosen one; the arrows choose another.
      await tabTo(page, t('patient_portal.cancel_reason.FEELING_UNWELL'));
      const noLongerNeeded = reasonStep.getByRole('radio', {
        name: t('patient_portal.cancel_reason.NO_LONGER_NEEDED'),
      });
      for (let i = 0; i < 5 && !(await noLongerNeeded.isChecked()); i++) {
        await page.keyboard.press('ArrowDown');
      }
      expect(await noLongerNeeded.isChecked()).toBe(true);
      await tabTo(page, t('patient_portal.cancel.continue'));
      await page.keyboard.press('Enter');
      await confirmStep.waitFor();
      await tabTo(page, t('patient_portal.cancel_request.yes'));
      expect(await focusIsVisible(page)).toBe(true);
      await screenshot(page, `request-cancel-confirm-${viewport}`);
      await page.keyboard.press('Enter');

      await page
        .getByRole('status')
        .getByText(t('patient_portal.cancel_request.success'))
        .waitFor();
      await card.getByText(t('patient_portal.request_status.CANCELED'), { exact: true }).waitFor();
      expect(await cancelButton.count()).toBe(0);
      await expectNoAxeViolations(page, `cancelled booking request (${viewport})`);
      await screenshot(page, `request-cancelled-${viewport}`);

      const summary = await page.request.get(
        `${suite.url}/api/secured/booking_requests/${request.bookingKey}`,
      );
      expect(summary.status()).toBe(200);
      expect(await summary.json()).toMatchObject({ status: 'CANCELED', cancellable: false });
      expect(consoleErrors.filter((message) => !/status of 401/.test(message))).toEqual([]);
      await context.close();
    });
  },
);
