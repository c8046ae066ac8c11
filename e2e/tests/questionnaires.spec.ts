import {
  type ClinicListResponse,
  type ClinicSlotsResponse,
  type DevOutboxMessage,
  type Exam,
  type NewBookingKeyResponse,
  questionnaireErrorCodes,
} from '@portal/contract';
import type { Browser, Locator, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, inject, test } from 'vitest';
import { answerBookingForm } from '../support/booking-form-questionnaire.ts';
import {
  axeViolations,
  launchBrowser,
  openPage,
  screenshot,
  type ViewportName,
} from '../support/browser.ts';
import { fillDateOfBirth } from '../support/date-of-birth.ts';
import { waitForHeading } from '../support/navigation.ts';
import { getJson, type Translate, translator } from '../support/portal-api.ts';

/**
 * Questionnaires (docs/product/questionnaires.md) end to end: the booking flow asks the chosen
 * exams' questionnaires and acts on what the server decides from the answers (deny, booking
 * request, changed exam), in Chromium on a phone and a desktop. The demo questionnaires are
 * config/questionnaires/*.json.
 */
const portalUrl = inject('portalUrl');
let browser: Browser;
let t: Translate;
let exams: Exam[];

beforeAll(async () => {
  browser = await launchBrowser();
  t = await translator(portalUrl);
  exams = await getJson<Exam[]>(portalUrl, '/api/exams');
});
afterAll(async () => {
  await browser?.close();
});

const nearParramatta = { latitude: -33.8162, longitude: 151.0051 };

const examNamed = (slug: string): Exam => {
  const exam = exams.find((candidate) => candidate.slug === slug);
  if (!exam) throw new Error(`the demo provider has no exam ${slug}`);
  return exam;
};

function escapeRegExp(text: string): string {
  return text.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');
}

async function locatedPatient(viewport: ViewportName) {
  const session = await openPage(browser, viewport);
  await session.context.grantPermissions(['geolocation'], { origin: portalUrl });
  await session.context.setGeolocation(nearParramatta);
  return session;
}

/** Home: the exam chosen as a screen reader user would, then on to the clinics. */
async function chooseExamAndContinue(page: Page, exam: Exam) {
  await page.goto(`${portalUrl}/`);
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

/** The questionnaire modal, once SurveyJS (a chunk of its own) has rendered its questions. */
async function questionnaire(page: Page, title: string): Promise<Locator> {
  const dialog = page.getByRole('dialog', { name: title });
  await dialog.waitFor({ timeout: 20_000 });
  await dialog.getByRole('button', { name: 'Complete' }).waitFor({ timeout: 20_000 });
  return dialog;
}

/**
 * One question, answered as a person would: by its group's name (the question) and a click
 * on the option's label (SurveyJS hides the native radio behind its own drawing).
 */
async function answer(dialog: Locator, question: RegExp, option: string) {
  const group = dialog.getByRole('radiogroup', { name: question });
  await group.getByText(option, { exact: true }).click();
  await expect
    .poll(() => group.getByRole('radio', { name: option, exact: true }).isChecked())
    .toBe(true);
}

async function expectNoAxeViolations(page: Page, screen: string) {
  expect(await axeViolations(page), screen).toEqual([]);
}

const bookingKeyOf = (page: Page) =>
  page.evaluate(() => sessionStorage.getItem('booking.key') ?? '');

async function firstSlot(exam: Exam) {
  const clinics = await getJson<ClinicListResponse>(
    portalUrl,
    `/api/clinics?examSlugs=${exam.slug}&latitude=${nearParramatta.latitude}&longitude=${nearParramatta.longitude}`,
  );
  const clinic = clinics.clinics[0];
  if (!clinic) throw new Error(`no clinic offers ${exam.slug}`);
  const today = new Date().toISOString().slice(0, 10);
  const later = new Date(Date.now() + 30 * 86_400_000).toISOString().slice(0, 10);
  const slots = await getJson<ClinicSlotsResponse>(
    portalUrl,
    `/api/clinics/${clinic.slug}/slots?examSlug=${exam.slug}&from=${today}&to=${later}`,
  );
  const slot = slots.slots.find((candidate) => !candidate.enquiry);
  if (!slot) throw new Error(`no free ${exam.slug} slot at ${clinic.slug}`);
  return { clinic, slot };
}

describe.each<ViewportName>(['phone', 'desktop'])('questionnaires on a %s', (viewport) => {
  test('an MRI with a pacemaker ends on the deny message and no appointment can be made', async () => {
    const exam = examNamed('mri-brain');
    const { page, context, consoleErrors } = await locatedPatient(viewport);
    await chooseExamAndContinue(page, exam);

    const dialog = await questionnaire(page, 'MRI safety screening');
    await expectNoAxeViolations(page, `MRI safety modal on ${viewport}`);
    await screenshot(page, `questionnaire-mri-${viewport}`);
    await answer(dialog, /pacemaker/, 'Yes');
    for (const question of [
      /stimulator/,
      /cochlear/,
      /metal in your eyes/,
      /other implant/,
      /operation/,
    ]) {
      await answer(dialog, question, 'No');
    }
    await dialog.getByRole('button', { name: 'Complete' }).click();

    await waitForHeading(page, t('page.deny.title'));
    await page.getByText(/cannot be booked online/).waitFor();
    await expectNoAxeViolations(page, `deny page on ${viewport}`);
    await screenshot(page, `questionnaire-mri-denied-${viewport}`);

    // The server holds the decision: an appointment on this key is refused, whatever the browser does.
    const bookingKey = await bookingKeyOf(page);
    expect(bookingKey).not.toBe('');
    const { clinic, slot } = await firstSlot(exam);
    const response = await fetch(`${portalUrl}/api/appointments`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({
        bookingKey,
        items: [{ examSlug: exam.slug, clinicSlug: clinic.slug, start: slot.start }],
        patientDetails: {
          firstName: 'Pat',
          lastName: `Pacemaker${viewport}`,
          dateOfBirth: '1960-02-03',
          sex: 'MALE',
          email: `pat.pacemaker.${viewport}.${Date.now()}@example.com`,
          contactNumber: '0412345678',
          postalCode: '2150',
        },
      }),
    });
    const body = (await response.json()) as { error?: { code: string } };
    expect(response.status).toBe(409);
    expect(body.error?.code).toBe(questionnaireErrorCodes.bookingDenied);

    expect(consoleErrors).toEqual([]);
    await context.close();
  });

  test('a CT with a contrast allergy becomes a booking request with its confirmation message', async () => {
    const exam = examNamed('ct-chest');
    const { page, context, consoleErrors } = await locatedPatient(viewport);
    await chooseExamAndContinue(page, exam);

    const dialog = await questionnaire(page, 'CT contrast safety');
    await answer(dialog, /reaction to an iodine contrast/, 'Yes');
    await answer(dialog, /kidney disease/, 'No');
    await answer(dialog, /metformin/, 'No');
    await dialog.getByRole('button', { name: 'Complete' }).click();
    await dialog.waitFor({ state: 'detached' });

    const clinic = page.getByRole('main').getByRole('listitem').first();
    const clinicName = (await clinic.getByRole('heading', { level: 2 }).textContent()) ?? '';
    await clinic
      .getByRole('button', { name: t('booking.clinic.choose', { name: clinicName }) })
      .click();
    await waitForHeading(page, t('booking.slots.title', { clinic: clinicName }));
    // The answers made this exam a request: no slot is held, a preferred time is optional.
    await page.getByText(t('booking.slots.request_only', { name: exam.name })).waitFor();
    await page.getByRole('button', { name: t('booking.slots.no_preferred_time') }).click();
    await page.getByRole('button', { name: t('booking.slots.continue'), exact: true }).click();

    await waitForHeading(page, t('booking.form.title'));
    // Saying a Medicare card will be used makes its number part of the form (the server decides).
    await answerBookingForm(page, { medicare: true });
    const medicare = page.getByRole('textbox', { name: t('booking.form.medicareNumber') });
    await medicare.waitFor({ timeout: 15_000 });
    await page.getByRole('combobox', { name: t('booking.form.title_field') }).selectOption({
      label: t('booking.form.titles.MX'),
    });
    await page.getByRole('textbox', { name: t('booking.form.firstName') }).fill('Casey');
    await page
      .getByRole('textbox', { name: t('booking.form.lastName') })
      .fill(`Contrast${viewport}`);
    await fillDateOfBirth(page, t('booking.form.dateOfBirth'), '1975-06-15', t);
    await page
      .getByRole('group', { name: t('booking.form.sex') })
      .getByRole('radio', { name: t('booking.form.sex_female') })
      .check();
    const email = `casey.contrast.${viewport}.${Date.now()}@example.com`;
    await page.getByRole('textbox', { name: t('booking.form.email') }).fill(email);
    await page.getByRole('textbox', { name: t('booking.form.contactNumber') }).fill('0412 345 678');
    await page.getByRole('textbox', { name: t('booking.form.postalCode') }).fill('2150');
    await page.getByRole('button', { name: t('booking.form.submit_request') }).click();
    await page
      .getByRole('alert')
      .getByRole('link', { name: t('booking.form.errors.medicareNumber') })
      .waitFor();
    expect(await medicare.getAttribute('aria-invalid')).toBe('true');
    await screenshot(page, `questionnaire-medicare-required-${viewport}`);
    await medicare.fill('2123 45670 1');
    await page.getByRole('button', { name: t('booking.form.submit_request') }).click();

    await waitForHeading(page, t('booking.complete.title_booking_request'));
    await page.getByText(/a radiologist will review your request/).waitFor();
    await expectNoAxeViolations(page, `routed request completion on ${viewport}`);
    await screenshot(page, `questionnaire-ct-request-${viewport}`);
    expect(consoleErrors).toEqual([]);
    await context.close();
  });

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

describe('an outcome that restricts dates', () => {
  test('kidney disease without a recent blood test: no CT slot before the restricted date', async () => {
    const exam = examNamed('ct-chest');
    const { page, context, consoleErrors } = await locatedPatient('desktop');
    await chooseExamAndContinue(page, exam);

    const dialog = await questionnaire(page, 'CT contrast safety');
    await answer(dialog, /reaction to an iodine contrast/, 'No');
    await answer(dialog, /kidney disease/, 'Yes');
    const bloodTest = dialog.getByRole('radiogroup', { name: /blood test/ });
    await bloodTest.getByRole('radio').nth(1).waitFor();
    await bloodTest.locator('label').nth(1).click();
    await answer(dialog, /metformin/, 'No');
    await dialog.getByRole('button', { name: 'Complete' }).click();
    await dialog.waitFor({ state: 'detached' });

    const clinic = page.getByRole('main').getByRole('listitem').first();
    const clinicName = (await clinic.getByRole('heading', { level: 2 }).textContent()) ?? '';
    const slotSearch = page.waitForRequest(
      (request) => request.url().includes('/slots?') && request.url().includes('minDate='),
    );
    await clinic
      .getByRole('button', { name: t('booking.clinic.choose', { name: clinicName }) })
      .click();
    await waitForHeading(page, t('booking.slots.title', { clinic: clinicName }));
    const minDate = new URL((await slotSearch).url()).searchParams.get('minDate') ?? '';
    // restrictMinDays 7 in config/questionnaires/ct-contrast.json, counted from today in the
    // clinics' own calendar: the latest local day among them, Sydney's (UTC+11 in summer),
    // which is already tomorrow in UTC terms from 13:00 UTC on.
    const sydneyToday = new Intl.DateTimeFormat('en-CA', { timeZone: 'Australia/Sydney' }).format(
      new Date(),
    );
    expect(minDate).toBe(
      new Date(Date.parse(`${sydneyToday}T00:00:00Z`) + 7 * 86_400_000).toISOString().slice(0, 10),
    );
    // The calendar opens on the restricted date's week; if that week has no times left
    // (a weekend), "find the next available time" looks from the restricted date on.
    const slots = page.locator('[data-slot]');
    const findNext = page.getByRole('button', { name: t('booking.slots.find_next') });
    await slots.first().or(findNext).first().waitFor({ timeout: 15_000 });
    if (await findNext.isVisible()) await findNext.click();
    await slots.first().waitFor({ timeout: 15_000 });
    const starts = await slots.evaluateAll((buttons) =>
      buttons.map((button) => button.getAttribute('data-slot') ?? ''),
    );
    // Clinic-local days: a slot at 8 am Sydney on the day is the evening before in UTC.
    for (const start of starts) {
      expect(new Date(start).getTime()).toBeGreaterThanOrEqual(
        new Date(`${minDate}T00:00:00+11:00`).getTime() - 3_600_000,
      );
    }
    await screenshot(page, 'questionnaire-ct-min-date-desktop');
    expect(consoleErrors).toEqual([]);
    await context.close();
  });
});

/** Books a CT brain (no screening questionnaire) near Parramatta through the API. */
async function bookCtBrain(email: string): Promise<string> {
  const post = async (path: string, body?: unknown) =>
    fetch(`${portalUrl}${path}`, {
      method: 'POST',
      headers: body === undefined ? {} : { 'content-type': 'application/json' },
      body: body === undefined ? undefined : JSON.stringify(body),
    });
  const key = (await (await post('/api/booking-keys')).json()) as NewBookingKeyResponse;
  const { clinic, slot } = await firstSlot(examNamed('ct-brain'));
  const created = await post('/api/appointments', {
    bookingKey: key.bookingKey,
    items: [{ examSlug: 'ct-brain', clinicSlug: clinic.slug, start: slot.start }],
    patientDetails: {
      firstName: 'Robin',
      lastName: 'Cancel',
      dateOfBirth: '1984-03-09',
      sex: 'FEMALE',
      email,
      contactNumber: '0412345678',
      postalCode: '2150',
    },
  });
  expect(created.status).toBe(201);
  return key.bookingKey;
}

async function latestOtp(email: string): Promise<string> {
  let code: string | undefined;
  await expect
    .poll(
      async () => {
        const messages = await getJson<DevOutboxMessage[]>(portalUrl, '/api/dev/outbox?limit=200');
        const otp = messages.find(
          (message) => message.recipient === email && message.template === 'ACCESS_OTP',
        );
        code = otp ? /\b(\d{6})\b/.exec(otp.bodyText)?.[1] : undefined;
        return code;
      },
      { timeout: 15_000 },
    )
    .toMatch(/^\d{6}$/);
  return code ?? '';
}

describe('the patient-cancel questionnaire', () => {
  test('through /questionnaires: sign in, answer, and the appointment is CANCELED', async () => {
    const email = `robin.cancel.${Date.now()}@example.com`;
    const bookingKey = await bookCtBrain(email);
    const { page, context, consoleErrors } = await openPage(browser, 'desktop');
    const back = `/appointments/${bookingKey}`;
    const link = `/questionnaires?${new URLSearchParams({
      bookingKey,
      type: 'CANCEL_APPOINTMENT_PATIENT',
      redirectUrl: back,
    })}`;

    // Not signed in: the secured call's 401 sends the patient to authentication, and back.
    await page.goto(`${portalUrl}${link}`);
    await expect
      .poll(() => new URL(page.url()).pathname, { timeout: 15_000 })
      .toBe('/authentication');
    expect(new URL(page.url()).searchParams.get('returnUrl')).toBe(link);
    const dobDialog = page.getByRole('dialog', { name: t('authentication.dob_modal.title') });
    await dobDialog.waitFor({ timeout: 15_000 });
    await fillDateOfBirth(dobDialog, t('form.date_of_birth.label'), '1984-03-09', t);
    await dobDialog.getByRole('button', { name: t('authentication.dob_modal.submit') }).click();
    const otpDialog = page.getByRole('dialog', { name: t('authentication.otp_modal.title') });
    await otpDialog.waitFor();
    await otpDialog
      .getByRole('textbox', { name: t('authentication.otp_modal.label') })
      .fill(await latestOtp(email));
    await page.keyboard.press('Enter');

    const dialog = await questionnaire(page, 'Cancel your appointment');
    expect(new URL(page.url()).pathname).toBe('/questionnaires');
    await expectNoAxeViolations(page, 'cancel questionnaire');
    await screenshot(page, 'questionnaire-cancel-desktop');
    await answer(dialog, /Why are you cancelling/, 'I am unwell');
    await dialog.getByRole('button', { name: 'Complete' }).click();

    // Saved: the stored redirect, and the server has the appointment CANCELED.
    await expect.poll(() => new URL(page.url()).pathname, { timeout: 15_000 }).toBe(back);
    const summary = await page.request.get(`${portalUrl}/api/secured/appointments/${bookingKey}`);
    expect(summary.status()).toBe(200);
    const body = (await summary.json()) as { appointments: { status: string }[] };
    expect(body.appointments.map((appointment) => appointment.status)).toEqual(['CANCELED']);
    expect(
      consoleErrors.filter(
        (message) =>
          !message.startsWith('Failed to load resource: the server responded with a status of 401'),
      ),
    ).toEqual([]);
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
