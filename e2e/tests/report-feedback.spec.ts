import { spawnSync } from 'node:child_process';
import { existsSync, mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { ImageViewerResponse } from '@portal/contract';
import type { Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { demoStudies } from '../../apps/server/src/modules/image-viewer/demo-studies.ts';
import { otherStudy } from '../../apps/server/test/factories/image-viewer.ts';
import { orthancPrograms, startOrthanc, type TestOrthanc } from '../../apps/server/test/orthanc.ts';
import { screenshot, type ViewportName } from '../support/browser.ts';
import { type PortalOptions, repoRoot } from '../support/portal.ts';
import { expectNoAxeViolations, useSuite } from '../support/suite.ts';

/**
 * Report-quality feedback in Chromium (docs/product/images.md#report-quality-feedback), against a
 * real Orthanc: the provider's systems make a referrer's link with their API key (POST
 * /api/image_viewer/generate), the referrer opens the report page, goes to the feedback from
 * it and answers keyboard only; "provided successfully", then after 4 s the provider's redirect;
 * the same link again says "already provided". With the feature off (the demo's own setting) the
 * page says the error at once and asks nothing. axe-clean, at phone and desktop size.
 */
const orthancAvailable = orthancPrograms.every((program) => existsSync(program));
const redirectUrl = 'https://provider.example/feedback-thanks';
/** One feedback per report: each viewport rates its own study. */
const studyOf: Record<ViewportName, string> = {
  phone: otherStudy.accessionNumber,
  desktop: demoStudies[0]?.accessionNumber ?? '',
};

/**
 * A provider API key made as an operator makes one (`npm run api-key -- create`), in the data
 * directory the portal then starts on: the embedded database is open in one process at a time.
 */
function createApiKey(dataDir: string): string {
  const run = spawnSync(
    process.execPath,
    ['--import', 'tsx', 'apps/server/src/cli/api-key.ts', 'create', 'e2e-ris'],
    {
      cwd: repoRoot,
      encoding: 'utf8',
      // PORT: an address nothing answers on, so the CLI does not take it for a running portal.
      env: { ...process.env, DATA_DIR: dataDir, DATABASE_URL: '', PORT: '9', LOG_LEVEL: 'silent' },
    },
  );
  const key = /\b(pk_[A-Za-z0-9_-]+)/.exec(run.stdout)?.[1];
  if (!key) throw new Error(`npm run api-key failed: ${run.stdout}\n${run.stderr}`);
  return key;
}

describe.skipIf(!orthancAvailable)(
  'report-quality feedback against Orthanc (needs Orthanc: as root, node scripts/ensure-orthanc.mjs)',
  () => {
    const dataDir = mkdtempSync(join(tmpdir(), 'portal-e2e-report-feedback-data-'));
    const portal: PortalOptions & { env: Record<string, string> } = {
      name: 'report-feedback',
      env: { DATA_DIR: dataDir },
      configOverrides: {
        'application.json': {
          referrerReportQualityFeedbackEnabled: true,
          referrerReportQualityFeedbackRedirectUrl: redirectUrl,
        },
      },
    };
    let orthanc: TestOrthanc | undefined;
    let apiKey = '';
    // Registered before useSuite's: the PACS and the key exist before the portal starts.
    beforeAll(async () => {
      orthanc = await startOrthanc();
      await orthanc.upload([...demoStudies, otherStudy]);
      Object.assign(portal.env, {
        PACS_DICOMWEB_URL: orthanc.dicomWebUrl,
        PACS_USERNAME: orthanc.username,
        PACS_PASSWORD: orthanc.password,
      });
      apiKey = createApiKey(dataDir);
    }, 120_000);
    afterAll(async () => {
      await orthanc?.stop();
      rmSync(dataDir, { recursive: true, force: true });
    });
    const suite = useSuite({ portal });
    const { t, openPage } = suite;

    /** The provider's systems make a referrer's link to the report page (its imsec). */
    async function referrerLink(accessionNumber: string): Promise<string> {
      const made = await fetch(
        `${suite.url}/api/image_viewer/generate?accessionNumber=${accessionNumber}&repositorySource=COMRAD&repositorySourceId=ril`,
        { method: 'POST', headers: { authorization: `Bearer ${apiKey}` } },
      );
      const answer = (await made.json()) as ImageViewerResponse;
      expect(made.status, JSON.stringify(answer)).toBe(200);
      const url = new URL(answer.url ?? '');
      return `${url.pathname}${url.search}`;
    }

    /** The focused element's accessible words, to tell where the keyboard is. */
    const focusedName = (page: Page) =>
      page.evaluate(() => {
        const element = document.activeElement as HTMLInputElement | null;
        const label = element?.labels?.[0]?.textContent ?? '';
        return `${element?.tagName} ${element?.type ?? ''} ${element?.getAttribute('aria-label') ?? ''} ${label}`.trim();
      });

    /** Tab alone until the focused element reads `name` (keyboard only). */
    async function tabTo(page: Page, name: string | RegExp): Promise<string> {
      const seen: string[] = [];
      for (let tab = 0; tab < 60; tab += 1) {
        await page.keyboard.press('Tab');
        const focused = await page.evaluate(
          () =>
            document.activeElement?.getAttribute('aria-label') ??
            document.activeElement?.textContent?.trim() ??
            '',
        );
        const described = `${focused} [${await focusedName(page)}]`;
        seen.push(described);
        if (typeof name === 'string' ? focused === name : name.test(described)) return described;
      }
      throw new Error(`Tab never reached ${name}: ${seen.join(' | ')}`);
    }

    describe.each<ViewportName>(['phone', 'desktop'])('at %s size', (viewport) => {
      it('from the report page: answers keyboard only, is thanked, redirected after 4 s; then already provided', async () => {
        const report = await referrerLink(studyOf[viewport]);
        const { context, page, consoleErrors } = await openPage(viewport);
        // The provider's page after the feedback (another site): answered here, not fetched.
        await context.route(`${redirectUrl}**`, (route) =>
          route.fulfill({
            contentType: 'text/html',
            body: '<!doctype html><html lang="en"><title>Thanks</title><h1>Thank you</h1></html>',
          }),
        );
        await page.goto(`${suite.url}${report}`);
        await page
          .getByRole('application', { name: t('image_viewer.viewport_label') })
          .waitFor({ timeout: 20_000 });
        await tabTo(page, t('image_viewer.report_feedback'));
        await page.keyboard.press('Enter');
        await page.waitForURL(/\/referrer\/report-feedback\?imsec=/);

        const form = page.getByRole('region', { name: 'Feedback on this report' });
        await form.getByRole('button', { name: 'Complete' }).waitFor({ timeout: 20_000 });
        await expectNoAxeViolations(page, `report feedback questionnaire (${viewport})`);
        await screenshot(page, `report-feedback-questionnaire-${viewport}`);

        // Keyboard only: the rating (4: Tab to its radios, arrows), the clinical question
        // (Yes), a comment, Complete. The rating stays radios on a phone (displayMode buttons).
        await tabTo(page, /INPUT radio +1\]/);
        for (let step = 0; step < 3; step += 1) await page.keyboard.press('ArrowRight');
        await expect.poll(() => form.getByRole('radio', { name: '4' }).isChecked()).toBe(true);
        await tabTo(page, /INPUT radio +Yes\]/);
        await page.keyboard.press('Space');
        await expect.poll(() => form.getByRole('radio', { name: 'Yes' }).isChecked()).toBe(true);
        await tabTo(page, /TEXTAREA/);
        await page.keyboard.type('Clear report; the measurements helped.');
        await tabTo(page, 'Complete');
        await page.keyboard.press('Enter');

        const thanks = page.getByText(t('report_feedback.provided_successfully'));
        await thanks.waitFor({ timeout: 15_000 });
        const thankedAt = Date.now();
        // The outcome is announced and takes the focus from the survey, which is gone.
        const outcome = page.locator('[role="status"]', { has: thanks });
        expect(await outcome.evaluate((element) => element === document.activeElement)).toBe(true);
        await page.getByText(t('report_feedback.redirect_soon')).waitFor();
        await expectNoAxeViolations(page, `report feedback provided (${viewport})`);
        await screenshot(page, `report-feedback-provided-${viewport}`);
        await page.waitForURL(redirectUrl, { timeout: 10_000 });
        const waited = Date.now() - thankedAt;
        expect(waited).toBeGreaterThan(3_500);
        expect(waited).toBeLessThan(6_000);

        // The same link again: the report has its feedback.
        await page.goto(
          `${suite.url}${report.replace('/referrer-report', '/referrer/report-feedback')}`,
        );
        const already = page.getByText(t('report_feedback.already_provided'));
        await already.waitFor({ timeout: 15_000 });
        expect(await page.getByRole('button', { name: 'Complete' }).count()).toBe(0);
        await expectNoAxeViolations(page, `report feedback already provided (${viewport})`);
        await screenshot(page, `report-feedback-already-provided-${viewport}`);

        // Its FAQ, from the link above the questionnaire's place.
        await tabTo(page, t('report_feedback.faq_link'));
        await page.keyboard.press('Enter');
        await page
          .getByRole('heading', { level: 2, name: 'Can I give feedback more than once?' })
          .waitFor();
        await expectNoAxeViolations(page, `report feedback FAQ (${viewport})`);
        await screenshot(page, `report-feedback-faq-${viewport}`);
        expect(consoleErrors).toEqual([]);
        await context.close();
      }, 120_000);
    });
  },
);

describe('report-quality feedback while the provider has it off (the demo)', () => {
  const suite = useSuite();
  const { t, openPage } = suite;

  describe.each<ViewportName>(['phone', 'desktop'])('at %s size', (viewport) => {
    it('says the referrer feedback error at once and asks the API nothing', async () => {
      const { context, page, consoleErrors } = await openPage(viewport);
      const asked: string[] = [];
      page.on('request', (request) => {
        if (request.url().includes('/api/image_viewer_link/')) asked.push(request.url());
      });
      await page.goto(`${suite.url}/referrer/report-feedback?imsec=a.b.c`);
      const error = page.getByRole('alert').getByText(t('report_feedback.error'));
      await error.waitFor({ timeout: 20_000 });
      expect(await error.evaluate((element) => getComputedStyle(element).color)).toBe(
        'rgb(192, 39, 26)',
      );
      await expectNoAxeViolations(page, `report feedback off (${viewport})`);
      await screenshot(page, `report-feedback-off-${viewport}`);
      expect(asked).toEqual([]);
      expect(consoleErrors).toEqual([]);
      await context.close();
    });
  });
});
