import { readFile } from 'node:fs/promises';
import { PDFDocument } from 'pdf-lib';
import { describe, expect, test } from 'vitest';
import { pdfText } from '../../apps/server/test/pdf-text.ts';
import { screenshot, type ViewportName } from '../support/browser.ts';
import { signInToDemoAppointment, tabTo } from '../support/patient-portal.ts';
import { expectNoAxeViolations, useSuite } from '../support/suite.ts';

/**
 * The answers document (docs/product/questionnaires.md#answers-document): the demo appointment's
 * booking form is answered at start; the signed-in demo patient reaches "Download my answers
 * (PDF)" with the keyboard alone, and the download is a PDF holding each question and answer.
 */
const suite = useSuite();
const { t, openPage } = suite;
const viewports: ViewportName[] = ['phone', 'desktop'];

/** What the demo answered (db/seed/demo-answers.ts), as config/questionnaires/booking-form.json words it. */
const answered = [
  'Do you have a referral (request form) from a doctor for this scan? Yes, on paper',
  'Will you use a Medicare card for this scan? Yes',
  'Do you need an interpreter? No',
  'Is there anything else we should know, such as mobility needs or a support person coming with you? My partner will come with me and wait in the waiting room.',
];

/** Console errors apart from the 401 of the session check before signing in. */
const unexpected = (errors: string[]) => errors.filter((message) => !/status of 401/.test(message));

describe.each(viewports)('questionnaire answers document (%s)', (viewport) => {
  test('downloads by keyboard as a PDF with each answered question and answer', async () => {
    const { page, consoleErrors } = await openPage(viewport);
    await signInToDemoAppointment(page, suite.url, t);
    await page.getByRole('heading', { level: 2, name: 'Bone density (DEXA) scan' }).waitFor();
    // The card below the appointment loads at the first key (or when scrolled near).
    await page.keyboard.press('Tab');
    const section = page.getByRole('region', { name: t('questionnaire_document.title') });
    await section.waitFor({ timeout: 15_000 });
    await tabTo(page, t('questionnaire_document.download'), { visible: true, limit: 80 });
    await expectNoAxeViolations(page, `answers document link (${viewport})`);
    await section.scrollIntoViewIfNeeded();
    await screenshot(page, `questionnaire-document-${viewport}`, { viewport: true });

    const download = page.waitForEvent('download');
    await page.keyboard.press('Enter');
    const file = await download;
    expect(file.suggestedFilename()).toBe('questionnaire-answers.pdf');
    const bytes = new Uint8Array(await readFile(await file.path()));
    const pdf = await PDFDocument.load(bytes);
    expect(pdf.getTitle()).toBe('Your questionnaire answers');
    const text = await pdfText(bytes);
    expect(text).toContain('A few details for your booking');
    for (const line of answered) expect(text).toContain(line);
    expect(unexpected(consoleErrors)).toEqual([]);
  });
});
