import type {
  ClinicListResponse,
  ClinicSlotsResponse,
  DevOutboxMessage,
  Exam,
} from '@portal/contract';
import type { BrowserContext, Page } from 'playwright-core';
import { beforeAll, expect } from 'vitest';
import { answerBookingForm } from './booking-form-questionnaire.ts';
import type { ViewportName } from './browser.ts';
import { fillDateOfBirth } from './date-of-birth.ts';
import { waitForHeading } from './navigation.ts';
import { getJson } from './portal-api.ts';
import { type Suite, useSuite } from './suite.ts';

/** A patient standing in Parramatta (Sydney), a few hundred metres from the demo clinic. */
export const nearParramatta = { latitude: -33.8162, longitude: 151.0051 };

export interface Patient {
  firstName: string;
  lastName: string;
  email: string;
}

export const patientFor = (name: string): Patient => ({
  firstName: 'Alex',
  lastName: name,
  email: `alex.${name.toLowerCase()}.${Date.now()}@example.com`,
});

export function escapeRegExp(text: string): string {
  return text.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');
}

export async function closeAll(context: BrowserContext) {
  await context.close();
}

export type BookingJourney = ReturnType<typeof useBookingJourney>;

/**
 * The booking flow's steps as a patient takes them (docs/product/booking.md#flow-and-routes),
 * for the booking and questionnaire spec files: the file's suite (useSuite) on the shared demo
 * portal, its exams loaded once, and the steps from the home page to the patient form.
 * Call it at the top of the file, as useSuite (whose options it takes: a portal of the file's own).
 */
export function useBookingJourney(options: Parameters<typeof useSuite>[0] = {}) {
  const suite: Suite = useSuite(options);
  const { t, openPage } = suite;
  let exams: Exam[];

  // Registered after the suite's own beforeAll, so the portal's URL is known by then.
  beforeAll(async () => {
    exams = await getJson<Exam[]>(suite.url, '/api/exams');
  });

  const examNamed = (slug: string): Exam => {
    const exam = exams.find((candidate) => candidate.slug === slug);
    if (!exam) throw new Error(`the demo provider has no exam ${slug}`);
    return exam;
  };

  async function locatedPatient(viewport: ViewportName) {
    const session = await openPage(viewport);
    await session.context.grantPermissions(['geolocation'], { origin: suite.url });
    await session.context.setGeolocation(nearParramatta);
    return session;
  }

  /** Home: find the exam as a screen reader would (search box, then the radio by its name), continue. */
  async function chooseExam(page: Page, exam: Exam) {
    await page.goto(`${suite.url}/`);
    await waitForHeading(page, t('booking.home.title'));
    await page.getByRole('searchbox', { name: t('booking.home.search_label') }).fill(exam.name);
    const option = page
      .getByRole('group', { name: t('booking.home.choose_exam') })
      .getByRole('radio', { name: new RegExp(`^${escapeRegExp(exam.name)}\\b`) });
    // The choice lives in the URL: wait for the page to say it, then for the radio to show it.
    await option.click();
    await page.getByText(t('booking.home.selected', { exams: exam.name })).waitFor();
    await expect.poll(() => option.isChecked()).toBe(true);
  }

  async function continueFromHome(page: Page) {
    await page.getByRole('button', { name: t('booking.home.continue'), exact: true }).click();
  }

  /**
   * Home: the exam chosen as a screen reader user would, then on to the clinics, past the
   * booking request info when the exam shows it (the questionnaire spec files start here).
   */
  async function chooseExamAndContinue(page: Page, exam: Exam) {
    await page.goto(`${suite.url}/`);
    await waitForHeading(page, t('booking.home.title'));
    await page.getByRole('searchbox', { name: t('booking.home.search_label') }).fill(exam.name);
    const option = page
      .getByRole('group', { name: t('booking.home.choose_exam') })
      .getByRole('radio', { name: new RegExp(`^${escapeRegExp(exam.name)}\\b`) });
    await option.click();
    await page.getByText(t('booking.home.selected', { exams: exam.name })).waitFor();
    await page.getByRole('button', { name: t('booking.home.continue'), exact: true }).click();
    // Some exams (walk-in X-rays, exams with notes) show the booking request info first.
    const info = page.getByRole('dialog', { name: t('booking.request_info.title') });
    const clinics = page.getByRole('heading', { level: 1, name: t('booking.clinic.title') });
    await info.or(clinics).first().waitFor({ timeout: 15_000 });
    if (await info.isVisible()) {
      await info.getByRole('button', { name: t('booking.request_info.proceed') }).click();
    }
    await waitForHeading(page, t('booking.clinic.title'));
  }

  async function nearestClinics(exam: Exam, point = nearParramatta) {
    return getJson<ClinicListResponse>(
      suite.url,
      `/api/clinics?examSlugs=${exam.slug}&latitude=${point.latitude}&longitude=${point.longitude}`,
    );
  }

  /** The first bookable (not enquiry) slot of the clinic nearest Parramatta, from the API. */
  async function firstSlot(exam: Exam) {
    const clinics = await getJson<ClinicListResponse>(
      suite.url,
      `/api/clinics?examSlugs=${exam.slug}&latitude=${nearParramatta.latitude}&longitude=${nearParramatta.longitude}`,
    );
    const clinic = clinics.clinics[0];
    if (!clinic) throw new Error(`no clinic offers ${exam.slug}`);
    const today = new Date().toISOString().slice(0, 10);
    const later = new Date(Date.now() + 30 * 86_400_000).toISOString().slice(0, 10);
    const slots = await getJson<ClinicSlotsResponse>(
      suite.url,
      `/api/clinics/${clinic.slug}/slots?examSlug=${exam.slug}&from=${today}&to=${later}`,
    );
    const slot = slots.slots.find((candidate) => !candidate.enquiry);
    if (!slot) throw new Error(`no free ${exam.slug} slot at ${clinic.slug}`);
    return { clinic, slot };
  }

  const clinicHeadings = (page: Page) =>
    page.getByRole('main').getByRole('listitem').getByRole('heading', { level: 2 });

  async function waitForClinics(page: Page, first: string) {
    await waitForHeading(page, t('booking.clinic.title'));
    await expect.poll(async () => (await clinicHeadings(page).allTextContents())[0]).toBe(first);
    // Each clinic's next available time has been looked up (no "finding…" text is left).
    await expect
      .poll(() => page.getByText(t('booking.clinic.finding_next')).count(), { timeout: 15_000 })
      .toBe(0);
  }

  const slotList = (page: Page) =>
    page.getByRole('region', {
      name: new RegExp(`^${escapeRegExp(t('booking.slots.times_on', { day: '' }))}`),
    });

  async function waitForSlots(page: Page, clinicName: string) {
    await waitForHeading(page, t('booking.slots.title', { clinic: clinicName }));
    const list = slotList(page);
    // The slot search under a loaded CI machine took over 15 s once (2026-11-27).
    await list.getByRole('button').first().waitFor({ timeout: 30_000 });
    await expect.poll(() => list.getAttribute('aria-busy')).toBe('false');
    return list;
  }

  async function fillPatientForm(page: Page, patient: Patient) {
    await answerBookingForm(page);
    await page.getByRole('combobox', { name: t('booking.form.title_field') }).selectOption({
      label: t('booking.form.titles.MX'),
    });
    await page.getByRole('textbox', { name: t('booking.form.firstName') }).fill(patient.firstName);
    await page.getByRole('textbox', { name: t('booking.form.lastName') }).fill(patient.lastName);
    await fillDateOfBirth(page, t('booking.form.dateOfBirth'), '1984-03-09', t);
    await page
      .getByRole('group', { name: t('booking.form.sex') })
      .getByRole('radio', { name: t('booking.form.sex_female') })
      .check();
    await page.getByRole('textbox', { name: t('booking.form.email') }).fill(patient.email);
    await page.getByRole('textbox', { name: t('booking.form.contactNumber') }).fill('0412 345 678');
    await page.getByRole('textbox', { name: t('booking.form.postalCode') }).fill('2150');
  }

  async function outboxFor(email: string): Promise<DevOutboxMessage[]> {
    const messages = await getJson<DevOutboxMessage[]>(suite.url, '/api/dev/outbox?limit=200');
    return messages.filter((message) => message.recipient === email);
  }

  return {
    suite,
    t,
    openPage,
    examNamed,
    locatedPatient,
    chooseExam,
    continueFromHome,
    chooseExamAndContinue,
    nearestClinics,
    firstSlot,
    clinicHeadings,
    waitForClinics,
    slotList,
    waitForSlots,
    fillPatientForm,
    outboxFor,
  };
}
