import { readFile } from 'node:fs/promises';
import type { Page } from 'playwright-core';
import { describe, expect, test } from 'vitest';
import {
  documentsOf as documentsOfPage,
  noticeOf,
  pdfBytes,
  pngBytes,
  type UploadFile,
} from '../support/attachments.ts';
import { screenshot, type ViewportName } from '../support/browser.ts';
import {
  focusedName,
  focusIsVisible,
  requestThroughApi,
  signInToRequest,
} from '../support/patient-portal.ts';
import { expectNoAxeViolations, useSuite } from '../support/suite.ts';

/**
 * A booking request's documents (docs/product/attachments.md): a patient signs in to their
 * request, uploads a referral PDF with the keyboard and sees it listed; the header's View
 * referral downloads the same bytes; after a second document View referral opens them in the
 * carousel viewer; deleting one brings the link back. The demo's CT brain and thyroid
 * ultrasound both need a referral, listed once.
 */
const suite = useSuite();
const { t, openPage } = suite;
const viewports: ViewportName[] = ['phone', 'desktop'];

const documentsOf = (page: Page) => documentsOfPage(page, t);
const viewReferral = (page: Page, role: 'link' | 'button') =>
  page.getByRole('banner').getByRole(role, { name: t('header.view_referral') });

/** Presses a control with the keyboard only: focus reaches it, its focus shows, Enter. */
async function press(page: Page, control: ReturnType<Page['getByRole']>) {
  // A key first: the browser then draws focus as for a keyboard user, whatever came before.
  await page.keyboard.press('Shift');
  await control.focus();
  expect(await focusIsVisible(page)).toBe(true);
  await page.keyboard.press('Enter');
}

/** Uploads a file through the section's modal, with the keyboard for the section's button. */
async function upload(page: Page, file: UploadFile, documentType: string, screenshotName?: string) {
  await press(
    page,
    documentsOf(page).getByRole('button', { name: t('patient_portal.attachments.upload_button') }),
  );
  const dialog = page.getByRole('dialog', { name: t('patient_portal.attachments.upload_title') });
  await dialog.waitFor();
  await dialog
    .getByRole('combobox', { name: t('patient_portal.attachments.type_label') })
    .selectOption({ label: documentType });
  await dialog.getByLabel(t('patient_portal.attachments.file_label')).setInputFiles(file);
  if (screenshotName) {
    await expectNoAxeViolations(page, screenshotName);
    await screenshot(page, screenshotName);
  }
  await press(page, dialog.getByRole('button', { name: t('patient_portal.attachments.upload') }));
  await dialog.waitFor({ state: 'detached' });
  await expect
    .poll(() => noticeOf(page).textContent())
    .toBe(t('patient_portal.attachments.uploaded', { name: file.name }));
}

describe.each(viewports)('documents on the booking request page (%s)', (viewport) => {
  test('upload, View referral (link, then the viewer), delete', async () => {
    const request = await requestThroughApi(suite.url, {
      examSlugs: ['ct-brain', 'thyroid-ultrasound'],
      lastName: `Requestdocs${viewport}`,
    });
    const { page, context, consoleErrors } = await openPage(viewport);
    await signInToRequest(page, suite.url, request.bookingKey, t);
    const documents = documentsOf(page);
    await documents.getByText(t('patient_portal.attachments.none_request')).waitFor();
    // Both exams require the referral, listed once; the CT welcomes an earlier report.
    expect(await documents.getByRole('listitem').filter({ hasText: 'Referral' }).count()).toBe(1);
    expect(await documents.getByText(t('patient_portal.attachments.required')).count()).toBe(1);
    expect(await documents.getByText(t('patient_portal.attachments.optional')).count()).toBe(1);
    expect(await viewReferral(page, 'link').count()).toBe(0);
    await expectNoAxeViolations(page, `request documents, none yet (${viewport})`);
    await screenshot(page, `request-documents-none-${viewport}`);

    const pdf = { name: 'referral.pdf', mimeType: 'application/pdf', buffer: pdfBytes };
    await upload(page, pdf, 'Referral', `request-document-upload-${viewport}`);
    const download = (name: string) =>
      documents.getByRole('link', {
        name: t('patient_portal.attachments.download_name', { name }),
      });
    await download(pdf.name).waitFor();
    await documents
      .getByText(t('patient_portal.attachments.has_document', { name: pdf.name }))
      .waitFor();

    // One document: View referral is a plain link to the referral download, the same bytes.
    const link = viewReferral(page, 'link');
    await link.waitFor();
    expect(await link.getAttribute('href')).toBe(
      `/api/secured/booking_requests/${request.bookingKey}/download`,
    );
    const [downloaded] = await Promise.all([page.waitForEvent('download'), link.click()]);
    expect(downloaded.suggestedFilename()).toBe(pdf.name);
    expect(await readFile((await downloaded.path()) ?? '')).toEqual(pdfBytes);
    await expectNoAxeViolations(page, `request documents, one (${viewport})`);
    await screenshot(page, `request-documents-one-${viewport}`);

    // Two documents: View referral opens the carousel viewer at the referral (keyboard); the
    // arrow keys walk to the other document.
    const png = { name: 'earlier-report.png', mimeType: 'image/png', buffer: pngBytes };
    await upload(page, png, 'Previous imaging report');
    await download(png.name).waitFor();
    const button = viewReferral(page, 'button');
    await press(page, button);
    const modal = page.getByRole('dialog', { name: pdf.name });
    await modal.waitFor();
    const position = (index: number) =>
      t('patient_portal.attachments.viewer.position', { index, total: 2 });
    await modal.getByText(position(1)).waitFor();
    await expectNoAxeViolations(page, `View referral's viewer (${viewport})`);
    await screenshot(page, `request-view-referral-modal-${viewport}`, { viewport: true });
    await page.keyboard.press('ArrowRight');
    const next = page.getByRole('dialog', { name: png.name });
    await next.getByText(position(2)).waitFor();
    // The picture itself, once the carousel has moved to it.
    await next.getByRole('img', { name: png.name }).waitFor();
    await page.waitForTimeout(500);
    await screenshot(page, `request-view-referral-next-${viewport}`, { viewport: true });
    await page.keyboard.press('Escape');
    await page.getByRole('dialog').waitFor({ state: 'detached' });
    await expect.poll(() => focusedName(page)).toBe(t('header.view_referral'));
    await screenshot(page, `request-documents-two-${viewport}`);

    // Delete the PDF with the keyboard: the section keeps focus, View referral is a link again.
    await press(
      page,
      documents.getByRole('button', {
        name: t('patient_portal.attachments.delete_name', { name: pdf.name }),
      }),
    );
    const confirm = page.getByRole('alertdialog', {
      name: t('patient_portal.attachments.delete_title'),
    });
    await confirm.waitFor();
    await press(
      page,
      confirm.getByRole('button', { name: t('patient_portal.attachments.delete_yes') }),
    );
    await confirm.waitFor({ state: 'detached' });
    await expect
      .poll(() => noticeOf(page).textContent())
      .toBe(t('patient_portal.attachments.deleted', { name: pdf.name }));
    await expect.poll(() => focusedName(page)).toBe(t('patient_portal.attachments.heading'));
    expect(await download(pdf.name).count()).toBe(0);
    await viewReferral(page, 'link').waitFor();
    const bytes = await page.request.get(
      `${suite.url}/api/secured/booking_requests/${request.bookingKey}/download`,
    );
    expect(Buffer.from(await bytes.body())).toEqual(pngBytes);
    await expectNoAxeViolations(page, `request documents after delete (${viewport})`);
    await screenshot(page, `request-documents-after-${viewport}`);
    // The 401s are the sign-in's own (no session yet), as in the appointment page's files.
    expect(consoleErrors.filter((message) => !/status of 401/.test(message))).toEqual([]);
    await context.close();
  });
});
