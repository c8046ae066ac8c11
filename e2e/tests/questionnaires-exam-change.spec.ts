import type { ClinicListResponse, Exam } from '@portal/contract';
import type { Locator, Page } from 'playwright-core';
import { beforeAll, describe, expect, test } from 'vitest';
import { useBookingJourney } from '../support/booking-journey.ts';
import { screenshot, type ViewportName } from '../support/browser.ts';
import { waitForHeading } from '../support/navigation.ts';
import { getJson } from '../support/portal-api.ts';
import { questionnaire } from '../support/questionnaire-modal.ts';
import { expectNoAxeViolations, sharedPortalUrl } from '../support/suite.ts';

/**
 * An exam changed by a questionnaire outcome (docs/product/questionnaires.md#outcomes,
 * "Changed exam"): the URL, clinics and slots follow the new exam, and a clinic that does
 * not offer it sends the patient back to the clinic list; in Chromium on a phone and a
 * desktop. The demo questionnaires are config/questionnaires/*.json.
 */
const portalUrl = sharedPortalUrl();
const { t, examNamed, locatedPatient, chooseExamAndContinue } = useBookingJourney();
/** Every exam of the demo provider: one test looks for an exam some clinic does not offer. */
let exams: Exam[];

beforeAll(async () => {
  exams = await getJson<Exam[]>(portalUrl, '/api/exams');
});

describe.each<ViewportName>(['phone', 'desktop'])('questionnaires on a %s', (viewport) => {
  test('a possible pregnancy changes the exam, and the clinics and slots reload for it (keyboard only)', async () => {
    const exam = examNamed('abdomen-x-ray');
    const ultrasound = examNamed('abdominal-ultrasound');
    const { page, context, consoleErrors } = await locatedPatient(viewport);
    await chooseExamAndContinue(page, exam);

    const dialog = await questionnaire(page, 'Pregnancy check');
    await expectNoAxeViolations(page, `pregnancy modal on ${viewport}`);
    // Keyboard alone: Tab into the question, arrows to choose, Tab to Complete, Enter.
    const firstChoice = dialog.getByRole('radio').first();
    await tabUntil(page, firstChoice);
    await page.keyboard.press('Space');
    await page.keyboard.press('ArrowDown');
    await expect
      .poll(() =>
        dialog.getByRole('radio', { name: 'Possibly, or I am not sure', exact: true }).isChecked(),
      )
      .toBe(true);
    await tabUntil(page, dialog.getByRole('button', { name: 'Complete' }));
    await screenshot(page, `questionnaire-pregnancy-${viewport}`);
    const clinicsReload = page.waitForRequest(
      (request) =>
        request.url().includes('/api/clinics?') &&
        request.url().includes(`examSlugs=${ultrasound.slug}`),
    );
    await page.keyboard.press('Enter');
    await dialog.waitFor({ state: 'detached' });

    // The URL now names the new exam, and the clinics were fetched again for it.
    await clinicsReload;
    await expect
      .poll(() => new URL(page.url()).searchParams.get('examSlugs'))
      .toBe(ultrasound.slug);
    await page.getByText(ultrasound.nameWithModality).waitFor();

    const clinic = page.getByRole('main').getByRole('listitem').first();
    const clinicName = (await clinic.getByRole('heading', { level: 2 }).textContent()) ?? '';
    const slotsFor = page.waitForRequest((request) =>
      request.url().includes(`/slots?examSlug=${ultrasound.slug}`),
    );
    await clinic
      .getByRole('button', { name: t('booking.clinic.choose', { name: clinicName }) })
      .click();
    await waitForHeading(page, t('booking.slots.title', { clinic: clinicName }));
    await slotsFor;
    await screenshot(page, `questionnaire-pregnancy-slots-${viewport}`);
    expect(consoleErrors).toEqual([]);
    await context.close();
  });

  test('a changed exam the chosen clinic does not offer goes back to the clinics for it', async () => {
    // An exam and a clinic that does not perform it (what an exam change can leave in the URL).
    const all = await getJson<ClinicListResponse>(portalUrl, '/api/clinics');
    let pair: { exam: Exam; clinicSlug: string } | null = null;
    for (const exam of exams) {
      const offering = await getJson<ClinicListResponse>(
        portalUrl,
        `/api/clinics?examSlugs=${exam.slug}`,
      );
      const slugs = new Set(offering.clinics.map((clinic) => clinic.slug));
      const other = all.clinics.find((clinic) => !slugs.has(clinic.slug));
      if (offering.clinics.length && other) {
        pair = { exam, clinicSlug: other.slug };
        break;
      }
    }
    if (!pair) throw new Error('every clinic performs every exam in the demo data');
    const { page, context, consoleErrors } = await locatedPatient(viewport);
    await page.goto(
      `${portalUrl}/booking?examSlugs=${pair.exam.slug}&clinic=${pair.clinicSlug}&date=2031-05-06`,
    );
    await waitForHeading(page, t('booking.clinic.title'));
    await page
      .getByText(t('booking.clinic.clinic_lacks_exams', { exams: pair.exam.nameWithModality }))
      .waitFor();
    const query = new URL(page.url()).searchParams;
    expect(query.get('examSlugs')).toBe(pair.exam.slug);
    expect(query.get('clinic')).toBeNull();
    await page.getByRole('main').getByRole('listitem').first().getByRole('heading').waitFor();
    await expectNoAxeViolations(page, `clinic lacks exam on ${viewport}`);
    await screenshot(page, `questionnaire-clinic-lacks-exam-${viewport}`);
    expect(consoleErrors).toEqual([]);
    await context.close();
  });
});

/** Presses Tab until the locator has focus (at most 60 times): keyboard-only navigation. */
async function tabUntil(page: Page, target: Locator) {
  for (let step = 0; step < 60; step += 1) {
    if (await target.evaluate((element) => element === document.activeElement)) return;
    await page.keyboard.press('Tab');
  }
  throw new Error('Tab never reached the element');
}
