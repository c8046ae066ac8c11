import { readFile } from 'node:fs/promises';
import type { Page } from 'playwright-core';
import { describe, expect, test } from 'vitest';
import { screenshot, type ViewportName } from '../support/browser.ts';
import {
  bookThroughApi,
  focusedName,
  focusIsVisible,
  signInFromConfirmation,
} from '../support/patient-portal.ts';
import { expectNoAxeViolations, useSuite } from '../support/suite.ts';

/**
 * An appointment's documents on the patient portal (docs/product/attachments.md): a patient
 * signs in from their confirmation link, uploads a PDF referral and a photo of a report, sees
 * both listed, downloads the PDF (the same bytes), views it in a new tab (PDFs only), replaces
 * the photo and deletes the PDF with the keyboard. A referral uploaded while booking is taken
 * onto the appointment when the page first lists the documents (attachments/imported).
 */
const suite = useSuite();
const { t, openPage } = suite;
const viewports: ViewportName[] = ['phone', 'desktop'];

/** A small real PDF and a 1x1 PNG: the server sniffs the bytes. */
const pdfBytes = Buffer.from(
  '%PDF-1.4\n1 0 obj << /Type /Catalog >> endobj\ntrailer << >>\n%%EOF\n',
);
const pngBytes = Buffer.from(
  'iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mNkYPhfDwAChwGA60e6kgAAAABJRU5ErkJggg==',
  'base64',
);

const documentsOf = (page: Page) =>
  page.getByRole('region', { name: t('patient_portal.attachments.heading') });

/** The card's live region, where what a change did is said. */
const noticeOf = (page: Page) => page.getByRole('main').getByRole('article').getByRole('status');

/** Opens the upload modal and chooses the document type and the file. */
async function chooseUpload(
  page: Page,
  file: { name: string; mimeType: string; buffer: Buffer },
  documentType: string | null,
) {
  await documentsOf(page)
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

async function upload(
  page: Page,
  file: { name: string; mimeType: string; buffer: Buffer },
  documentType: string | null,
  screenshotName?: string,
) {
  const dialog = await chooseUpload(page, file, documentType);
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

describe.each(viewports)('documents on the appointment page (%s)', (viewport) => {
  test('upload, list, download, view, replace and delete (keyboard)', async () => {
    // A CT brain needs a referral; an earlier report is optional (the demo's document types).
    const patient = await bookThroughApi(suite.url, {
      examSlug: 'ct-brain',
      lastName: `Documents${viewport}`,
      window: { fromDays: 5, toDays: 30 },
      pick: viewport === 'phone' ? 2 : 3,
    });
    const { page, context, consoleErrors } = await openPage(viewport);
    await signInFromConfirmation(page, suite.url, patient, t);
    const documents = documentsOf(page);
    await documents.getByText(t('patient_portal.attachments.none')).waitFor();
    expect(await documents.getByText(t('patient_portal.attachments.required')).count()).toBe(1);
    await expectNoAxeViolations(page, `documents, none yet (${viewport})`);

    // A web page named .pdf: the server sniffs the bytes and refuses it (415); the refusal is
    // said in the modal and stays on the document type once the modal is closed.
    const disguised = {
      name: 'referral.pdf',
      mimeType: 'application/pdf',
      buffer: Buffer.from('<html><script>alert(1)</script></html>'),
    };
    const refused = await chooseUpload(page, disguised, 'Referral');
    await refused.getByRole('button', { name: t('patient_portal.attachments.upload') }).click();
    const refusal = t('patient_portal.attachments.error.FILE_TYPE_NOT_ALLOWED');
    await refused.getByRole('alert').filter({ hasText: refusal }).waitFor();
    await expectNoAxeViolations(page, `upload refused (${viewport})`);
    await screenshot(page, `portal-attachment-refused-${viewport}`);
    await refused.getByRole('button', { name: t('patient_portal.attachments.cancel') }).click();
    await refused.waitFor({ state: 'detached' });
    await documents
      .getByRole('listitem')
      .filter({ hasText: 'Referral' })
      .getByText(
        t('patient_portal.attachments.upload_failed', { name: disguised.name, reason: refusal }),
      )
      .waitFor();
    await screenshot(page, `portal-attachments-refused-${viewport}`);

    const pdf = { name: 'referral.pdf', mimeType: 'application/pdf', buffer: pdfBytes };
    const png = { name: 'report-photo.png', mimeType: 'image/png', buffer: pngBytes };
    await upload(page, pdf, 'Referral', `portal-attachment-upload-${viewport}`);
    await upload(page, png, 'Previous imaging report');

    const link = (key: string, name: string) =>
      documents.getByRole('link', { name: t(`patient_portal.attachments.${key}`, { name }) });
    await link('download_name', png.name).waitFor();
    expect(await link('download_name', pdf.name).count()).toBe(1);
    await documents
      .getByText(t('patient_portal.attachments.has_document', { name: pdf.name }))
      .waitFor();
    // View only for the PDF: a new tab, without a handle back to the portal.
    const view = link('view_name', pdf.name);
    expect(await view.getAttribute('target')).toBe('_blank');
    expect(await view.getAttribute('rel')).toBe('noopener');
    expect(await link('view_name', png.name).count()).toBe(0);
    const viewed = await page.request.get(`${suite.url}${await view.getAttribute('href')}`);
    expect(viewed.headers()['content-type']).toContain('application/pdf');
    expect(Buffer.from(await viewed.body())).toEqual(pdfBytes);

    const [download] = await Promise.all([
      page.waitForEvent('download'),
      link('download_name', pdf.name).click(),
    ]);
    expect(download.suggestedFilename()).toBe(pdf.name);
    expect(await readFile((await download.path()) ?? '')).toEqual(pdfBytes);
    await expectNoAxeViolations(page, `documents listed (${viewport})`);
    await screenshot(page, `portal-attachments-${viewport}`);

    // Replace the photo: the same modal, the file alone.
    await documents
      .getByRole('button', {
        name: t('patient_portal.attachments.replace_name', { name: png.name }),
      })
      .click();
    const replaceDialog = page.getByRole('dialog', {
      name: t('patient_portal.attachments.replace_title', { name: png.name }),
    });
    await replaceDialog.waitFor();
    expect(
      await replaceDialog
        .getByRole('combobox', { name: t('patient_portal.attachments.type_label') })
        .count(),
    ).toBe(0);
    const newer = { ...png, name: 'report-photo-2.png' };
    await replaceDialog.getByLabel(t('patient_portal.attachments.file_label')).setInputFiles(newer);
    await expectNoAxeViolations(page, `replace modal (${viewport})`);
    await replaceDialog
      .getByRole('button', { name: t('patient_portal.attachments.replace') })
      .click();
    await replaceDialog.waitFor({ state: 'detached' });
    await link('download_name', newer.name).waitFor();
    expect(await link('download_name', png.name).count()).toBe(0);

    // Delete the PDF, keyboard only: No keeps it and gives focus back; Yes deletes it.
    const deleteName = t('patient_portal.attachments.delete_name', { name: pdf.name });
    await documents.getByRole('button', { name: deleteName }).focus();
    await page.keyboard.press('Enter');
    const confirm = page.getByRole('alertdialog', {
      name: t('patient_portal.attachments.delete_title'),
    });
    await confirm.waitFor();
    await expectNoAxeViolations(page, `delete modal (${viewport})`);
    await screenshot(page, `portal-attachment-delete-${viewport}`);
    await confirm.getByRole('button', { name: t('patient_portal.attachments.delete_no') }).focus();
    await page.keyboard.press('Enter');
    await confirm.waitFor({ state: 'detached' });
    await expect.poll(() => focusedName(page)).toBe(deleteName);
    await page.keyboard.press('Enter');
    await confirm.waitFor();
    await confirm.getByRole('button', { name: t('patient_portal.attachments.delete_yes') }).focus();
    expect(await focusIsVisible(page)).toBe(true);
    await page.keyboard.press('Enter');
    await confirm.waitFor({ state: 'detached' });
    await expect
      .poll(() => noticeOf(page).textContent())
      .toBe(t('patient_portal.attachments.deleted', { name: pdf.name }));
    expect(await link('download_name', pdf.name).count()).toBe(0);
    // Its button is gone: focus is on the section's heading, not lost to the page.
    await expect.poll(() => focusedName(page)).toBe(t('patient_portal.attachments.heading'));

    const list = await page.request.get(
      `${suite.url}/api/secured/appointments/${patient.bookingKey}/attachments/response`,
    );
    const body = (await list.json()) as {
      appointments: Array<{ attachments: Array<{ fileName: string }> }>;
    };
    expect(body.appointments[0]?.attachments.map((attachment) => attachment.fileName)).toEqual([
      newer.name,
    ]);
    await expectNoAxeViolations(page, `documents after delete (${viewport})`);
    await screenshot(page, `portal-attachments-after-${viewport}`);
    // The 401s are the sign-in's own (no session yet), as in patient-portal-manage.spec.ts; the
    // 415 is the refused upload's.
    expect(consoleErrors.filter((message) => !/status of (401|415)/.test(message))).toEqual([]);
    await context.close();
  });

  test('a referral uploaded while booking appears on the appointment', async () => {
    const patient = await bookThroughApi(suite.url, {
      examSlug: 'ct-brain',
      lastName: `Imported${viewport}`,
      window: { fromDays: 5, toDays: 30 },
      pick: viewport === 'phone' ? 4 : 5,
      // As the booking form's referral upload sends it (features/booking/api/booking-api.ts).
      beforeBooking: async (bookingKey) => {
        const body = new FormData();
        body.set('examSlug', 'ct-brain');
        body.set('file', new Blob([pdfBytes], { type: 'application/pdf' }), 'while-booking.pdf');
        const uploaded = await fetch(`${suite.url}/api/booking-keys/${bookingKey}/documents`, {
          method: 'POST',
          body,
        });
        expect(uploaded.status, await uploaded.clone().text()).toBe(201);
      },
    });
    const { page, context } = await openPage(viewport);
    await signInFromConfirmation(page, suite.url, patient, t);
    const download = documentsOf(page).getByRole('link', {
      name: t('patient_portal.attachments.download_name', { name: 'while-booking.pdf' }),
    });
    await download.waitFor();
    const list = await page.request.get(
      `${suite.url}/api/secured/appointments/${patient.bookingKey}/attachments/response`,
    );
    expect(((await list.json()) as { importable: number }).importable).toBe(0);
    const bytes = await page.request.get(`${suite.url}${await download.getAttribute('href')}`);
    expect(Buffer.from(await bytes.body())).toEqual(pdfBytes);
    await context.close();
  });
});
