import { readFile } from 'node:fs/promises';
import type { Page } from 'playwright-core';
import { describe, expect, test } from 'vitest';
import {
  chooseUpload as chooseUploadOf,
  documentsOf as documentsOfPage,
  noticeOf,
  pdfBytes,
  pngBytes,
  scrollToDocuments,
  type UploadFile,
  upload as uploadOf,
} from '../support/attachments.ts';
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
const documentsOf = (page: Page) => documentsOfPage(page, t);
const chooseUpload = (page: Page, file: UploadFile, documentType: string | null) =>
  chooseUploadOf(page, t, file, documentType);
const upload = (page: Page, file: UploadFile, documentType: string | null, shot?: string) =>
  uploadOf(page, t, file, documentType, shot);

/** Waits for the carousel's slide and zoom animations to end (for a screenshot of the result). */
const settled = (page: Page) => page.waitForFunction(() => document.getAnimations().length === 0);

/**
 * A real photo of a document: a 1600x1200 JPEG drawn in the page's canvas (text lines on paper),
 * larger than the carousel shows it, so it can zoom.
 */
async function photoOfReport(page: Page): Promise<UploadFile> {
  const dataUrl = await page.evaluate(() => {
    const canvas = document.createElement('canvas');
    canvas.width = 1600;
    canvas.height = 1200;
    const context = canvas.getContext('2d');
    if (!context) throw new Error('no 2d canvas');
    context.fillStyle = '#f4f1ea';
    context.fillRect(0, 0, 1600, 1200);
    context.fillStyle = '#222';
    context.font = 'bold 64px sans-serif';
    context.fillText('Imaging report', 120, 160);
    context.font = '36px sans-serif';
    for (let line = 0; line < 16; line += 1) {
      context.fillText(`Finding ${line + 1}: no abnormality detected.`, 120, 260 + line * 56);
    }
    return canvas.toDataURL('image/jpeg', 0.9);
  });
  const buffer = Buffer.from(dataUrl.slice(dataUrl.indexOf(',') + 1), 'base64');
  return { name: 'report-photo.jpg', mimeType: 'image/jpeg', buffer };
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
    await scrollToDocuments(page, t);
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
    await scrollToDocuments(page, t);
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

  test('the carousel viewer (zoom, PDF links, keyboard) and the attachment info modal', async () => {
    const patient = await bookThroughApi(suite.url, {
      examSlug: 'ct-brain',
      lastName: `Viewer${viewport}`,
      window: { fromDays: 5, toDays: 30 },
      pick: viewport === 'phone' ? 6 : 7,
    });
    const { page, context, consoleErrors } = await openPage(viewport);
    await signInFromConfirmation(page, suite.url, patient, t);
    await scrollToDocuments(page, t);
    const documents = documentsOf(page);
    const pdf = { name: 'referral.pdf', mimeType: 'application/pdf', buffer: pdfBytes };
    const photo = await photoOfReport(page);
    await upload(page, pdf, 'Referral');
    await upload(page, photo, 'Previous imaging report');
    // An iPhone's photo (HEIC): no browser can be relied on to draw it, so it is a file card.
    const heic = {
      name: 'scan.heic',
      mimeType: 'image/heic',
      buffer: await readFile(
        new URL('../../apps/server/test/factories/photo-with-gps.heic', import.meta.url),
      ),
    };
    await upload(page, heic, null);
    const named = (key: string, name: string) => t(`patient_portal.attachments.${key}`, { name });
    await documents.getByRole('heading', { name: 'Previous imaging report' }).waitFor();

    // Show opens the carousel at the photo: its view link as a picture, which zooms.
    await documents.getByRole('button', { name: named('show_name', photo.name) }).click();
    await page.getByRole('dialog', { name: photo.name }).waitFor();
    // Its name is the document shown, so it is found by role alone from here on.
    const viewer = page.getByRole('dialog');
    const position = (index: number) =>
      t('patient_portal.attachments.viewer.position', { index, total: 3 });
    await viewer.getByText(position(2)).waitFor();
    const image = viewer.getByRole('img', { name: photo.name });
    await expect
      .poll(() => image.evaluate((element: HTMLImageElement) => element.naturalWidth))
      .toBe(1600);
    const zoomIn = viewer.getByRole('button', {
      name: t('patient_portal.attachments.viewer.zoom_in'),
    });
    const zoomOf = () =>
      viewer
        .locator('.yarl__slide_current .yarl__slide_wrapper')
        .evaluate((element: HTMLElement) => /scale\(([\d.]+)\)/.exec(element.style.transform)?.[1]);
    await expect.poll(() => zoomIn.isEnabled()).toBe(true);
    expect(await zoomOf()).toBe('1');
    await expectNoAxeViolations(page, `carousel open (${viewport})`);
    await screenshot(page, `portal-attachment-viewer-${viewport}`, { viewport: true });
    await zoomIn.click();
    await expect.poll(zoomOf).toBe('2');
    // The style holds the new scale at once; the picture gets there in the 200 ms transition.
    await settled(page);
    await screenshot(page, `portal-attachment-viewer-zoomed-${viewport}`, { viewport: true });
    await viewer
      .getByRole('button', { name: t('patient_portal.attachments.viewer.zoom_out') })
      .click();
    await expect.poll(zoomOf).toBe('1');
    // Double-click (a mouse) or double-tap (a phone's touch) zooms by 2 at that point.
    const box = await image.boundingBox();
    if (!box) throw new Error('the photo is not drawn');
    const [x, y] = [box.x + box.width / 2, box.y + box.height / 2];
    if (viewport === 'phone') {
      await page.touchscreen.tap(x, y);
      await page.touchscreen.tap(x, y);
    } else {
      await page.mouse.dblclick(x, y);
    }
    await expect.poll(zoomOf).toBe('2');
    await page.keyboard.press('Control+0');
    await expect.poll(zoomOf).toBe('1');

    // The HEIC's slide (after the photo: "Other documents" come last): Download only.
    await viewer.getByRole('button', { name: t('patient_portal.attachments.viewer.next') }).click();
    await page.getByRole('dialog', { name: heic.name }).waitFor();
    const heicCard = viewer.getByRole('group', { name: position(3) });
    await heicCard.getByText(t('patient_portal.attachments.viewer.no_preview')).waitFor();
    expect(await heicCard.getByRole('link').allTextContents()).toEqual([
      t('patient_portal.attachments.download'),
    ]);
    await settled(page);
    await screenshot(page, `portal-attachment-viewer-file-${viewport}`, { viewport: true });
    await viewer
      .getByRole('button', { name: t('patient_portal.attachments.viewer.previous') })
      .click();
    await page.getByRole('dialog', { name: photo.name }).waitFor();

    // The PDF's slide: a file card with Download and View; View opens the PDF in a new page.
    await viewer
      .getByRole('button', { name: t('patient_portal.attachments.viewer.previous') })
      .click();
    await page.getByRole('dialog', { name: pdf.name }).waitFor();
    await viewer.getByText(position(1)).waitFor();
    const card = viewer.getByRole('group', { name: position(1) });
    expect(await card.getByRole('link', { name: named('download_name', pdf.name) }).count()).toBe(
      1,
    );
    const view = card.getByRole('link', { name: named('view_name', pdf.name) });
    expect(await view.getAttribute('target')).toBe('_blank');
    expect(await view.getAttribute('rel')).toBe('noopener');
    const [opened, response] = await Promise.all([
      context.waitForEvent('page'),
      context.waitForEvent('response', (answer) => answer.url().endsWith('/view')),
      view.click(),
    ]);
    expect(response.status()).toBe(200);
    expect(response.headers()['content-type']).toContain('application/pdf');
    await opened.close();
    // The card stays whole in the middle of the stage (nothing scrolled it aside).
    const stage = await viewer
      .getByRole('region', { name: t('patient_portal.attachments.viewer.carousel_label') })
      .boundingBox();
    const drawn = await card.locator('a').first().boundingBox();
    expect(
      stage && drawn && drawn.x > stage.x && drawn.x + drawn.width < stage.x + stage.width,
    ).toBe(true);
    await expectNoAxeViolations(page, `carousel at the PDF (${viewport})`);
    await settled(page);
    await screenshot(page, `portal-attachment-viewer-pdf-${viewport}`, { viewport: true });
    await page.keyboard.press('Escape');
    await viewer.waitFor({ state: 'detached' });

    // Keyboard only: Enter opens it, the arrow keys move, Escape closes, focus is back on Show.
    const showPhoto = named('show_name', photo.name);
    await page.keyboard.press('Shift');
    await documents.getByRole('button', { name: showPhoto }).focus();
    await page.keyboard.press('Enter');
    await page.getByRole('dialog', { name: photo.name }).waitFor();
    await page.keyboard.press('ArrowLeft');
    await page.getByRole('dialog', { name: pdf.name }).waitFor();
    await page.keyboard.press('ArrowRight');
    await page.getByRole('dialog', { name: photo.name }).waitFor();
    expect(await focusIsVisible(page)).toBe(true);
    await settled(page);
    await screenshot(page, `portal-attachment-viewer-keyboard-${viewport}`, { viewport: true });
    await page.keyboard.press('Escape');
    await page.getByRole('dialog').waitFor({ state: 'detached' });
    await expect.poll(() => focusedName(page)).toBe(showPhoto);

    // About: the document type's title and description, the file's name, size and date.
    await documents.getByRole('button', { name: named('about_name', pdf.name) }).click();
    const info = page.getByRole('dialog', { name: 'Referral' });
    await info.waitFor();
    await info.getByText(pdf.name).waitFor();
    expect(await info.getByText(t('patient_portal.attachments.info.size')).count()).toBe(1);
    const listed = await page.request.get(
      `${suite.url}/api/secured/appointments/${patient.bookingKey}/attachments/response`,
    );
    const { appointments } = (await listed.json()) as {
      appointments: Array<{
        attachments: Array<{ fileName: string; documentType: { description: string } }>;
      }>;
    };
    const description = appointments[0]?.attachments.find(({ fileName }) => fileName === pdf.name)
      ?.documentType.description;
    expect(description).toBeTruthy();
    await info.getByText(description ?? '').waitFor();
    await expectNoAxeViolations(page, `attachment info (${viewport})`);
    await screenshot(page, `portal-attachment-info-${viewport}`, { viewport: true });
    await page.keyboard.press('Escape');
    await info.waitFor({ state: 'detached' });
    // The 401s are the sign-in's own (no session yet).
    expect(consoleErrors.filter((message) => !/status of 401/.test(message))).toEqual([]);
    await context.close();
  });
});
