import { existsSync } from 'node:fs';
import type { ImageViewerResponse } from '@portal/contract';
import type { Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { demoStudies } from '../../apps/server/src/modules/image-viewer/demo-studies.ts';
import { otherStudy } from '../../apps/server/test/factories/image-viewer.ts';
import {
  startTestIdentityProvider,
  type TestIdentityProvider,
} from '../../apps/server/test/oidc-provider.ts';
import { orthancPrograms, startOrthanc, type TestOrthanc } from '../../apps/server/test/orthanc.ts';
import { screenshot, type ViewportName } from '../support/browser.ts';
import type { PortalOptions } from '../support/portal.ts';
import { expectNoAxeViolations, useSuite } from '../support/suite.ts';

/**
 * The referrer's quick report in Chromium (docs/product/images.md#quick-report), against a real
 * Orthanc and a real OpenID Connect provider: a staff member signed in with single sign-on
 * makes a referrer's link (POST /api/image_viewer/generate with their session), and the
 * referring doctor, on a phone or a desktop with no session at all, opens the link's quick
 * report: the demo CT's released report, then View images and back to the report, keyboard
 * only; a study with no released report says so and still offers its images. axe-clean.
 */
const orthancAvailable = orthancPrograms.every((program) => existsSync(program));
const ctChest = demoStudies[0];

describe.skipIf(!orthancAvailable)(
  'referrer quick report against Orthanc (needs Orthanc: as root, node scripts/ensure-orthanc.mjs)',
  () => {
    const portal: PortalOptions & {
      env: Record<string, string>;
      configOverrides: Record<string, Record<string, unknown>>;
    } = { name: 'referrer-quick-report', env: {}, configOverrides: {} };
    let orthanc: TestOrthanc | undefined;
    let idp: TestIdentityProvider | undefined;
    // Registered before useSuite's: the PACS and the identity provider run before the portal.
    beforeAll(async () => {
      [orthanc, idp] = await Promise.all([startOrthanc(), startTestIdentityProvider()]);
      await orthanc.upload([...demoStudies, otherStudy]);
      // idTokenFor's code flow returns here (apps/server/test/oidc-provider.ts).
      idp.configure(['http://127.0.0.1/sso/callback']);
      Object.assign(portal.env, {
        PACS_DICOMWEB_URL: orthanc.dicomWebUrl,
        PACS_USERNAME: orthanc.username,
        PACS_PASSWORD: orthanc.password,
      });
      portal.configOverrides['application.json'] = {
        azureClientId: idp.clientId,
        azureUrlWithTenantId: idp.issuer,
        referrerReportQualityFeedbackEnabled: true,
      };
    }, 120_000);
    afterAll(async () => {
      await orthanc?.stop();
      await idp?.close();
    });
    const suite = useSuite({ portal });
    const { t, openPage } = suite;

    /** A staff member signs in (single sign-on, over HTTP) and makes a referrer's link. */
    async function staffLink(accessionNumber: string): Promise<URLSearchParams> {
      const nonceResponse = await fetch(`${suite.url}/api/sso/nonce`, { method: 'POST' });
      const { nonce } = (await nonceResponse.json()) as { nonce: string };
      const idToken = await (idp as TestIdentityProvider).idTokenFor({ nonce });
      const session = await fetch(`${suite.url}/api/sso/session`, {
        method: 'POST',
        headers: { 'content-type': 'application/json', cookie: `portal_sso_nonce=${nonce}` },
        body: JSON.stringify({ idToken }),
      });
      expect(session.status, await session.clone().text()).toBe(200);
      const staff = /portal_staff_session=([^;]+)/.exec(session.headers.getSetCookie().join('; '));
      const made = await fetch(
        `${suite.url}/api/image_viewer/generate?accessionNumber=${accessionNumber}&repositorySource=COMRAD`,
        { method: 'POST', headers: { cookie: `portal_staff_session=${staff?.[1]}` } },
      );
      const answer = (await made.json()) as ImageViewerResponse;
      expect(made.status, JSON.stringify(answer)).toBe(200);
      return new URL(answer.url ?? '').searchParams;
    }

    /** Tab alone until the focused element reads `name` (keyboard only). */
    async function tabTo(page: Page, name: string) {
      for (let tab = 0; tab < 40; tab += 1) {
        await page.keyboard.press('Tab');
        const focused = await page.evaluate(() => document.activeElement?.textContent?.trim());
        if (focused === name) return;
      }
      throw new Error(`Tab never reached ${name}`);
    }

    describe.each<ViewportName>(['phone', 'desktop'])('at %s size', (viewport) => {
      it('reads the released report, then the images and back, keyboard only', async () => {
        const link = await staffLink(ctChest?.accessionNumber ?? '');
        const { context, page, consoleErrors } = await openPage(viewport);
        await page.goto(`${suite.url}/referrer/quick-report?${link}`);
        const exam = page.getByRole('heading', { level: 2, name: 'CT chest' });
        await exam.waitFor({ timeout: 20_000 });
        const report = page.getByRole('article', { name: 'CT chest' });
        for (const label of ['study_date', 'clinic', 'released', 'accession_number']) {
          await report
            .locator('dt', { hasText: t(`image_viewer.quick_report.${label}`) })
            .waitFor();
        }
        expect(await report.locator('dd').allTextContents()).toContain('DEMO-CT-0001');
        await report.getByRole('heading', { level: 3, name: 'CT chest: report' }).waitFor();
        // The text as released, its line breaks on screen (pre-wrap), not one run-on line.
        const text = report.getByText(/Clinical notes: persistent cough/);
        // biome-ignore lint/performance/useDomNodeTextContent: the rendered text is the point.
        expect(await text.innerText()).toMatch(/six weeks\.\n\nFindings:/);
        // Nothing of the patient beyond the report: the demo patient's name is nowhere.
        expect(await page.locator('main').textContent()).not.toMatch(/Jordan|Sample/);
        const feedback = page.getByRole('link', { name: t('image_viewer.report_feedback') });
        expect(await feedback.getAttribute('href')).toBe(
          `/referrer/report-feedback?${new URLSearchParams({ imsec: link.get('imsec') ?? '' })}`,
        );
        await expectNoAxeViolations(page, `quick report (${viewport})`);
        await screenshot(page, `referrer-quick-report-${viewport}`);

        await tabTo(page, t('image_viewer.view_images'));
        await page.keyboard.press('Enter');
        await page.waitForURL(/\/referrer-report\?imsec=/);
        const viewer = page.getByRole('application', { name: t('image_viewer.viewport_label') });
        await viewer.waitFor({ timeout: 20_000 });
        await page.getByRole('img', { name: /Axial/ }).first().waitFor({ timeout: 20_000 });
        await screenshot(page, `referrer-report-quick-report-link-${viewport}`, { viewport: true });

        await tabTo(page, t('image_viewer.open_quick_report'));
        await page.keyboard.press('Enter');
        await page.waitForURL(/\/referrer\/quick-report\?imsec=/);
        await exam.waitFor();
        expect(consoleErrors).toEqual([]);
        await context.close();
      });

      it('says no report is released yet for a study, and still offers its images', async () => {
        const link = await staffLink(otherStudy.accessionNumber);
        const { context, page, consoleErrors } = await openPage(viewport);
        await page.goto(`${suite.url}/referrer/quick-report?${link}`);
        const notice = page.getByText(t('image_viewer.quick_report.not_released'));
        await notice.waitFor({ timeout: 20_000 });
        expect(await notice.getAttribute('role')).toBe('status');
        expect(await page.getByRole('article').count()).toBe(0);
        await expectNoAxeViolations(page, `quick report, not released (${viewport})`);
        await screenshot(page, `referrer-quick-report-not-released-${viewport}`);
        await tabTo(page, t('image_viewer.view_images'));
        await page.keyboard.press('Enter');
        await page.waitForURL(/\/referrer-report\?imsec=/);
        await page
          .getByRole('application', { name: t('image_viewer.viewport_label') })
          .waitFor({ timeout: 20_000 });
        expect(consoleErrors).toEqual([]);
        await context.close();
      });
    });
  },
);
