import type { Page } from 'playwright-core';
import { expect } from 'vitest';
import { screenshot } from './browser.ts';
import type { Translate } from './portal-api.ts';
import { expectNoAxeViolations } from './suite.ts';

/** A small real PDF and a 1x1 PNG: the server sniffs the bytes. */
export const pdfBytes = Buffer.from(
  '%PDF-1.4\n1 0 obj << /Type /Catalog >> endobj\ntrailer << >>\n%%EOF\n',
);
export const pngBytes = Buffer.from(
  'iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mNkYPhfDwAChwGA60e6kgAAAABJRU5ErkJggg==',
  'base64',
);

export interface UploadFile {
  name: string;
  mimeType: string;
  buffer: Buffer;
}

/** The appointment page's Documents section. */
export const documentsOf = (page: Page, t: Translate) =>
  page.getByRole('region', { name: t('patient_portal.attachments.heading') });

/** The card's live region, where what a change did is said. */
export const noticeOf = (page: Page) =>
  page.getByRole('main').getByRole('article').getByRole('status');

/** Opens the upload modal and chooses the document type (null: "Other document") and the file. */
export async function chooseUpload(
  page: Page,
  t: Translate,
  file: UploadFile,
  documentType: string | null,
) {
  await documentsOf(page, t)
    .getByRole('button', { name: t('patient_portal.attachments.upload_button') })
    .click();
  const dialog = page.getByRole('dialog', { name: t('patient_portal.attachments.upload_title') });
  await dialog.waitFor();
  await dialog
    .getByRole('combobox', { name: t('patient_portal.attachments.type_label') })
    .selectOption({ label: documentType ?? t('patient_portal.attachments.other_document') });
  await dialog.getByLabel(t('patient_portal.attachments.file_label')).setInputFiles(file);
  return dialog;
}

/** Uploads a file through the modal and waits until the page says it is uploaded. */
export async function upload(
  page: Page,
  t: Translate,
  file: UploadFile,
  documentType: string | null,
  screenshotName?: string,
) {
  const dialog = await chooseUpload(page, t, file, documentType);
  if (screenshotName) {
    await expectNoAxeViolations(page, screenshotName);
    await screenshot(page, screenshotName);
  }
  await dialog.getByRole('button', { name: t('patient_portal.attachments.upload') }).click();
  await dialog.waitFor({ state: 'detached' });
  await expect
    .poll(() => noticeOf(page).textContent())
    .toBe(t('patient_portal.attachments.uploaded', { name: file.name }));
}

/**
 * The appointment card's Documents section loads when scrolled near or at the first key or tap
 * (docs/decisions/026): once the card shows, scroll down as a patient would and wait for it.
 */
export async function scrollToDocuments(page: Page, t: Translate): Promise<void> {
  await page.getByRole('main').getByRole('article').first().waitFor({ timeout: 15_000 });
  await page.mouse.wheel(0, 1500);
  await documentsOf(page, t).waitFor({ timeout: 15_000 });
}
