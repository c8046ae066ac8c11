import type {
  ClinicListResponse,
  ClinicSlotsResponse,
  DevOutboxMessage,
  Exam,
  NewBookingKeyResponse,
} from '@portal/contract';
import type { BrowserContext, Page } from 'playwright-core';
import { beforeAll, describe, expect, inject, test } from 'vitest';
import { answerBookingForm } from '../support/booking-form-questionnaire.ts';
import { screenshot, type ViewportName } from '../support/browser.ts';
import { fillDateOfBirth } from '../support/date-of-birth.ts';
import { waitForHeading } from '../support/navigation.ts';
import { getJson } from '../support/portal-api.ts';
import { expectNoAxeViolations, useSuite } from '../support/suite.ts';

const portalUrl = inject('portalUrl');
const { t, openPage } = useSuite();
let exams: Exam[];

beforeAll(async () => {
  exams = await getJson<Exam[]>(portalUrl, '/api/exams');
});

/** A patient standing in Parramatta (Sydney), a few hundred metres from the demo clinic. */
const nearParramatta = { latitude: -33.8162, longitude: 151.0051 };

const examNamed = (slug: string): Exam => {
  const exam = exams.find((candidate) => candidate.slug === slug);
  if (!exam) throw new Error(`the demo provider has no exam ${slug}`);
  return exam;
};

async function postJson<T>(path: string, body: unknown): Promise<{ status: number; body: T }> {
  const response = await fetch(`${portalUrl}${path}`, {
    method: 'POST',
    headers: body === undefined ? {} : { 'content-type': 'application/json' },
    body: body === undefined ? undefined : JSON.stringify(body),
  });
  return { status: response.status, body: (await response.json()) as T };
}

/** The console errors a page may log: the browser reports every failed request (e.g. a 409). */
const isExpectedResourceError = (status: number) => (message: string) =>
  message.startsWith(`Failed to load resource: the server responded with a status of ${status}`);

interface Patient {
  firstName: string;
  lastName: string;
  email: string;
}

const patientFor = (name: string): Patient => ({
  firstName: 'Alex',
  lastName: name,
  email: `alex.${name.toLowerCase()}.${Date.now()}@example.com`,
});

async function locatedPatient(viewport: ViewportName) {
  const session = await openPage(viewport);
  await session.context.grantPermissions(['geolocation'], { origin: portalUrl });
  await session.context.setGeolocation(nearParramatta);
  return session;
}

/** Home: find the exam as a screen reader would (search box, then the radio by its name), continue. */
async function chooseExam(page: Page, exam: Exam) {
  await page.goto(`${portalUrl}/`);
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

async function nearestClinics(exam: Exam, point = nearParramatta) {
  return getJson<ClinicListResponse>(
    portalUrl,
    `/api/clinics?examSlugs=${exam.slug}&latitude=${point.latitude}&longitude=${point.longitude}`,
  );
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
  await list.getByRole('button').first().waitFor({ timeout: 15_000 });
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
  const messages = await getJson<DevOutboxMessage[]>(portalUrl, '/api/dev/outbox?limit=200');
  return messages.filter((message) => message.recipient === email);
}

const normalizeSpaces = (text: string) => text.replace(/\s+/gu, ' ');

/** An instant as the clinic's own clock shows it (en-AU), spaces normalised. */
function clinicLocal(instant: string, timeZone: string, options: Intl.DateTimeFormatOptions) {
  return normalizeSpaces(
    new Intl.DateTimeFormat('en-AU', { timeZone, ...options }).format(new Date(instant)),
  );
}

function escapeRegExp(text: string): string {
  return text.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');
}

async function closeAll(context: BrowserContext) {
  await context.close();
}

describe.each<ViewportName>(['phone', 'desktop'])('booking on a %s', (viewport) => {
  test('a patient books an exam at the nearest clinic and gets the confirmation e-mail', async () => {
    const exam = examNamed('ct-brain');
    const nearest = await nearestClinics(exam);
    const clinic = nearest.clinics[0];
    if (!clinic) throw new Error('no clinic offers CT brain');
    const patient = patientFor(`Nearest${viewport}`);
    const { page, context, consoleErrors } = await locatedPatient(viewport);

    await chooseExam(page, exam);
    await expectNoAxeViolations(page, `home on ${viewport}`);
    await screenshot(page, `booking-home-${viewport}`);
    await continueFromHome(page);

    // Clinics: nearest to the browser's location first.
    await waitForClinics(page, clinic.name);
    await page.getByText(t('booking.location.near_you')).waitFor();
    await expectNoAxeViolations(page, `clinics on ${viewport}`);
    await screenshot(page, `booking-clinics-${viewport}`);
    await page
      .getByRole('button', { name: t('booking.clinic.choose', { name: clinic.name }) })
      .click();

    // Slots: the first free time of the first day with times.
    const list = await waitForSlots(page, clinic.name);
    const slot = list.getByRole('button').first();
    const start = await slot.getAttribute('data-slot');
    await expectNoAxeViolations(page, `slots on ${viewport}`);
    await screenshot(page, `booking-slots-${viewport}`);
    await slot.click();
    await expect.poll(() => slot.getAttribute('aria-pressed')).toBe('true');
    await page.getByRole('button', { name: t('booking.slots.continue'), exact: true }).click();

    // The form.
    await waitForHeading(page, t('booking.form.title'));
    await fillPatientForm(page, patient);
    await expectNoAxeViolations(page, `form on ${viewport}`);
    // Filling moved the page down to the last field; the picture shows the form from its top.
    await page.evaluate(() => window.scrollTo(0, 0));
    await screenshot(page, `booking-form-${viewport}`);
    await page.getByRole('button', { name: t('booking.form.submit') }).click();

    // Completion: the summary with the booking key.
    await waitForHeading(page, t('booking.complete.title'));
    const status = page.getByRole('status').filter({ hasText: t('booking.complete.appointment') });
    await status.waitFor();
    const bookingKey = (await page.getByTestId('booking-key').textContent()) ?? '';
    expect(bookingKey).toMatch(/^[A-Za-z0-9_-]{22,64}$/);
    // The time is the clinic's own, named by its zone (the test browser runs on UTC, not Sydney).
    const details = page.getByRole('definition');
    await details.filter({ hasText: clinic.name }).first().waitFor();
    const shownTime = normalizeSpaces((await details.allTextContents()).join(' | '));
    expect(shownTime).toContain(
      clinicLocal(start ?? '', clinic.timeZone, { hour: 'numeric', minute: '2-digit' }),
    );
    expect(shownTime).toContain(
      clinicLocal(start ?? '', clinic.timeZone, { timeZoneName: 'short' })
        .split(' ')
        .pop(),
    );
    await expectNoAxeViolations(page, `completion on ${viewport}`);
    await screenshot(page, `booking-complete-${viewport}`);

    // The confirmation e-mail is in the development outbox with the booking's link.
    const messages = await outboxFor(patient.email);
    const email = messages.find((message) => message.channel === 'EMAIL');
    expect(email, 'confirmation e-mail').toBeDefined();
    expect(email?.bodyText).toContain(`/appointments/${bookingKey}`);
    expect(start).toBeTruthy();

    expect(consoleErrors).toEqual([]);
    await closeAll(context);
  });

  test('a booking request for an enquiry-only exam ends with the request completion and a message', async () => {
    const exam = examNamed('ct-coronary-angiogram');
    expect(exam.bookingRequestOnly).toBe(true);
    const clinic = (await nearestClinics(exam)).clinics[0];
    if (!clinic) throw new Error('no clinic takes requests for a CT coronary angiogram');
    const patient = patientFor(`Request${viewport}`);
    const { page, context, consoleErrors } = await locatedPatient(viewport);

    await chooseExam(page, exam);
    await continueFromHome(page);
    // This exam shows the booking request info modal (it has notes): Proceed goes on to clinics.
    const info = page.getByRole('dialog', { name: t('booking.request_info.title') });
    await info.waitFor();
    await expectNoAxeViolations(page, `request info modal on ${viewport}`);
    await screenshot(page, `booking-request-info-${viewport}`);
    await info.getByRole('button', { name: t('booking.request_info.proceed') }).click();

    await waitForClinics(page, clinic.name);
    await page
      .getByRole('button', { name: t('booking.clinic.choose', { name: clinic.name }) })
      .click();
    await waitForSlots(page, clinic.name);
    await page.getByText(t('booking.slots.request_only', { name: exam.name })).waitFor();
    await screenshot(page, `booking-request-slots-${viewport}`);
    let windowStart = '';
    if (viewport === 'phone') {
      // No preferred time: the clinic will call.
      await page.getByRole('button', { name: t('booking.slots.no_preferred_time') }).click();
    } else {
      // A preferred window (an enquiry slot): nothing is held for it.
      const window = slotList(page).getByRole('button').first();
      expect(await window.textContent()).toMatch(/–/);
      windowStart = (await window.getAttribute('data-slot')) ?? '';
      await window.click();
      await expect.poll(() => window.getAttribute('aria-pressed')).toBe('true');
    }
    await page.getByRole('button', { name: t('booking.slots.continue'), exact: true }).click();

    await waitForHeading(page, t('booking.form.title'));
    await fillPatientForm(page, patient);
    await page.getByRole('button', { name: t('booking.form.submit_request') }).click();

    await waitForHeading(page, t('booking.complete.title_booking_request'));
    await page
      .getByRole('status')
      .filter({ hasText: t('booking.complete.booking_request') })
      .waitFor();
    const bookingKey = (await page.getByTestId('booking-key').textContent()) ?? '';
    expect(bookingKey).toMatch(/^[A-Za-z0-9_-]{22,64}$/);
    await page.getByText(t('booking.complete.request_sent')).waitFor();
    // The preferred time as chosen: the window's range in clinic time, or none.
    const preferred = normalizeSpaces(
      (await page.getByTestId('preferred-time').textContent()) ?? '',
    );
    if (windowStart) {
      expect(preferred).toContain(
        clinicLocal(windowStart, clinic.timeZone, { day: 'numeric', month: 'long' }),
      );
      expect(preferred).toContain(
        clinicLocal(windowStart, clinic.timeZone, { hour: 'numeric', minute: '2-digit' }),
      );
      expect(preferred).toMatch(/–/);
      expect(preferred).toContain(
        clinicLocal(windowStart, clinic.timeZone, { timeZoneName: 'short' }).split(' ').pop(),
      );
    } else {
      expect(preferred).toBe(t('booking.complete.preferred_none'));
    }
    await expectNoAxeViolations(page, `request completion on ${viewport}`);
    await screenshot(page, `booking-request-complete-${viewport}`);

    const messages = await outboxFor(patient.email);
    expect(messages.length, 'booking request message').toBeGreaterThan(0);
    expect(messages.map((message) => message.bodyText).join('\n')).toContain(bookingKey);
    expect(consoleErrors).toEqual([]);
    await closeAll(context);
  });

  test('a patient who loses the race for a slot sees the error modal and books another time', async () => {
    // An exam without a questionnaire before booking (MRI asks its safety questions first).
    const exam = examNamed('ct-brain');
    const clinic = (await nearestClinics(exam)).clinics[0];
    if (!clinic) throw new Error('no clinic offers CT brain');
    const patient = patientFor(`Race${viewport}`);
    const { page, context, consoleErrors } = await locatedPatient(viewport);

    await chooseExam(page, exam);
    await continueFromHome(page);
    await waitForClinics(page, clinic.name);
    await page
      .getByRole('button', { name: t('booking.clinic.choose', { name: clinic.name }) })
      .click();
    const list = await waitForSlots(page, clinic.name);
    const slot = list.getByRole('button').first();
    const start = (await slot.getAttribute('data-slot')) ?? '';

    // While the patient looks at the times, others book that time on every resource offering it.
    let booked = 0;
    for (let attempt = 0; attempt < 20; attempt++) {
      const { body: key } = await postJson<NewBookingKeyResponse>('/api/booking-keys', undefined);
      const result = await postJson('/api/appointments', {
        bookingKey: key.bookingKey,
        items: [{ examSlug: exam.slug, clinicSlug: clinic.slug, start }],
        patientDetails: {
          firstName: 'Quick',
          lastName: 'Other',
          dateOfBirth: '1970-01-01',
          sex: 'MALE',
          email: `quick.other.${attempt}@example.com`,
          contactNumber: '0400000000',
          postalCode: '2150',
        },
      });
      if (result.status === 409) break;
      expect(result.status, JSON.stringify(result.body)).toBe(201);
      booked++;
    }
    expect(booked).toBeGreaterThan(0);
    const after = await getJson<ClinicSlotsResponse>(
      portalUrl,
      `/api/clinics/${clinic.slug}/slots?examSlug=${exam.slug}&from=${start.slice(0, 10)}&to=${start.slice(0, 10)}`,
    );
    expect(after.slots.map((free) => free.start)).not.toContain(start);

    // The patient picks it: the hold is refused (409) and the static error modal shows.
    await slot.click();
    const modal = page.getByRole('alertdialog', { name: t('booking.error_modal.title') });
    await modal.waitFor();
    await modal.getByText(t('booking.error_modal.slot_taken')).waitFor();
    await page.keyboard.press('Escape');
    await expect.poll(() => modal.isVisible()).toBe(true);
    await expectNoAxeViolations(page, `error modal on ${viewport}`);
    await screenshot(page, `booking-error-modal-${viewport}`);

    // Closing it clears the time and reloads the times without the taken one.
    await modal.getByRole('button', { name: t('booking.error_modal.choose_another') }).click();
    await modal.waitFor({ state: 'detached' });
    expect(new URL(page.url()).searchParams.get('slots')).toBeNull();
    await expect.poll(() => list.locator(`[data-slot="${start}"]`).count()).toBe(0);
    const another = list.getByRole('button').first();
    await another.waitFor();

    // And books another time.
    await another.click();
    await expect.poll(() => another.getAttribute('aria-pressed')).toBe('true');
    await page.getByRole('button', { name: t('booking.slots.continue'), exact: true }).click();
    await waitForHeading(page, t('booking.form.title'));
    await fillPatientForm(page, patient);
    await page.getByRole('button', { name: t('booking.form.submit') }).click();
    await waitForHeading(page, t('booking.complete.title'));
    const bookingKey = (await page.getByTestId('booking-key').textContent()) ?? '';
    const email = (await outboxFor(patient.email)).find((message) => message.channel === 'EMAIL');
    expect(email?.bodyText).toContain(`/appointments/${bookingKey}`);

    // The only console error is the browser's own report of the refused hold.
    expect(consoleErrors.filter((message) => !isExpectedResourceError(409)(message))).toEqual([]);
    await closeAll(context);
  });

  test('a slot lost right before submit (409 on creation) shows the error modal and returns to the times', async () => {
    const exam = examNamed('abdominal-ultrasound');
    const clinic = (await nearestClinics(exam)).clinics[0];
    if (!clinic) throw new Error('no clinic offers an abdominal ultrasound');
    const { page, context, consoleErrors } = await locatedPatient(viewport);

    await chooseExam(page, exam);
    await continueFromHome(page);
    await waitForClinics(page, clinic.name);
    await page
      .getByRole('button', { name: t('booking.clinic.choose', { name: clinic.name }) })
      .click();
    const list = await waitForSlots(page, clinic.name);
    const slot = list.getByRole('button').first();
    await slot.click();
    await expect.poll(() => slot.getAttribute('aria-pressed')).toBe('true');
    await page.getByRole('button', { name: t('booking.slots.continue'), exact: true }).click();
    await waitForHeading(page, t('booking.form.title'));
    await fillPatientForm(page, patientFor(`Submit${viewport}`));

    // The patient's own hold keeps the slot from everyone else, so the server cannot lose this
    // race for real while the hold lives; the creation call answers as it does after a hold
    // expired and the slot was taken (409 SLOT_UNAVAILABLE).
    await page.route('**/api/appointments', (route) =>
      route.fulfill({
        status: 409,
        json: { error: { code: 'SLOT_UNAVAILABLE', message: 'That time was just booked.' } },
      }),
    );
    await page.getByRole('button', { name: t('booking.form.submit') }).click();
    const modal = page.getByRole('alertdialog', { name: t('booking.error_modal.title') });
    await modal.getByText(t('booking.error_modal.slot_taken')).waitFor();
    await page.keyboard.press('Escape');
    await expect.poll(() => modal.isVisible()).toBe(true);
    await modal.getByRole('button', { name: t('booking.error_modal.choose_another') }).click();
    await modal.waitFor({ state: 'detached' });

    // Back at the times, with no time chosen and the form step gone from the URL.
    await waitForSlots(page, clinic.name);
    const search = new URL(page.url()).searchParams;
    expect(search.get('slots')).toBeNull();
    expect(search.get('step')).toBeNull();
    expect(await list.locator('[aria-pressed="true"]').count()).toBe(0);
    expect(consoleErrors.filter((message) => !isExpectedResourceError(409)(message))).toEqual([]);
    await closeAll(context);
  });

  test('when the browser cannot locate the patient, a postcode finds the nearest clinics', async () => {
    const exam = examNamed('ct-brain');
    const { page, context, consoleErrors } = await openPage(viewport);
    // No geolocation permission: the browser refuses to locate the patient.
    await chooseExam(page, exam);
    await continueFromHome(page);

    const modal = page.getByRole('dialog', { name: t('booking.location.cant_locate_title') });
    await modal.waitFor();
    await modal
      .getByRole('textbox', { name: t('booking.location.postal_code_label') })
      .fill('2000');
    const sydney = modal.getByRole('button', { name: 'Sydney 2000' });
    await sydney.waitFor();
    await expectNoAxeViolations(page, `can't locate modal on ${viewport}`);
    await screenshot(page, `booking-cant-locate-${viewport}`);
    await sydney.click();
    await modal.waitFor({ state: 'detached' });

    await page
      .getByText(t('booking.location.near_postal_code', { suburb: 'Sydney', code: '2000' }))
      .waitFor();
    const postalCode = (await context.cookies()).find(
      (cookie) => cookie.name === 'postalCodeLocationId',
    );
    expect(postalCode?.path).toBe('/');
    // docs/product/booking.md#clinic-selection: the cookie lasts until the end of 2030; Chromium
    // keeps a cookie 400 days at most.
    const lasting = Math.min(Date.UTC(2030, 11, 31, 23, 59, 59), Date.now() + 400 * 86_400_000);
    expect(Math.abs((postalCode?.expires ?? 0) * 1000 - lasting)).toBeLessThan(60_000);
    const expected = await getJson<ClinicListResponse>(
      portalUrl,
      `/api/clinics?examSlugs=${exam.slug}&postalCodeLocationId=${postalCode?.value}`,
    );
    await waitForClinics(page, expected.clinics[0]?.name ?? '');
    expect(await clinicHeadings(page).allTextContents()).toEqual(
      expected.clinics.map((clinic) => clinic.name),
    );
    await screenshot(page, `booking-clinics-postcode-${viewport}`);
    expect(consoleErrors).toEqual([]);
    await closeAll(context);
  });
});
