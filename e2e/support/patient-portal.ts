import type {
  ClinicListResponse,
  ClinicSlotsResponse,
  DevOutboxMessage,
  NewBookingKeyResponse,
  QuestionnairesResponse,
} from '@portal/contract';
import type { Page } from 'playwright-core';
import { expect } from 'vitest';
import { nearParramatta } from './booking-journey.ts';
import { fillDateOfBirth } from './date-of-birth.ts';
import { getJson, type Translate } from './portal-api.ts';

/**
 * A patient of the patient-portal spec files (docs/product/patient-portal.md): booked through the
 * API near Parramatta, then signed in from the link of their confirmation message with their date
 * of birth and the one-time password from the development outbox.
 */
export interface BookedPatient {
  email: string;
  bookingKey: string;
  examSlug: string;
  clinicSlug: string;
  start: string;
}

const dateOfBirth = '1984-03-09';
const day = (offsetDays: number) =>
  new Date(Date.now() + offsetDays * 86_400_000).toISOString().slice(0, 10);

async function post(portalUrl: string, path: string, body?: unknown) {
  return fetch(`${portalUrl}${path}`, {
    method: 'POST',
    headers: body === undefined ? {} : { 'content-type': 'application/json' },
    body: body === undefined ? undefined : JSON.stringify(body),
  });
}

/** The free (not enquiry) slots of an exam at the clinic nearest Parramatta, between two days. */
export async function freeSlots(
  portalUrl: string,
  examSlug: string,
  window: { fromDays: number; toDays: number },
) {
  const clinics = await getJson<ClinicListResponse>(
    portalUrl,
    `/api/clinics?examSlugs=${examSlug}&latitude=${nearParramatta.latitude}&longitude=${nearParramatta.longitude}`,
  );
  const clinic = clinics.clinics[0];
  if (!clinic) throw new Error(`no clinic offers ${examSlug}`);
  const slots = await getJson<ClinicSlotsResponse>(
    portalUrl,
    `/api/clinics/${clinic.slug}/slots?examSlug=${examSlug}&from=${day(window.fromDays)}&to=${day(window.toDays)}`,
  );
  return { clinic, slots: slots.slots.filter((slot) => !slot.enquiry) };
}

/** What every patient of these files books with: the test's surname, the same date of birth. */
const patientDetailsOf = (lastName: string, email: string) => ({
  firstName: 'Robin',
  lastName,
  dateOfBirth,
  sex: 'FEMALE',
  email,
  contactNumber: '0412345678',
  postalCode: '2150',
});

/**
 * Books one appointment through the API as the booking flow would: a new key, the exam's
 * questionnaires required before booking answered with `answers` (by type), then the
 * appointment in the `pick`-th free slot of the window.
 */
export async function bookThroughApi(
  portalUrl: string,
  options: {
    examSlug: string;
    lastName: string;
    window: { fromDays: number; toDays: number };
    pick?: number;
    answers?: Record<string, Record<string, unknown>>;
    /** Runs with the new key before the appointment is made (a referral uploaded while booking). */
    beforeBooking?: (bookingKey: string) => Promise<void>;
  },
): Promise<BookedPatient> {
  const email = `${options.lastName.toLowerCase()}.${Date.now()}@example.com`;
  const key = (await (await post(portalUrl, '/api/booking-keys')).json()) as NewBookingKeyResponse;
  const examSlugs = [options.examSlug];
  if (options.answers) {
    const list = await getJson<QuestionnairesResponse>(
      portalUrl,
      `/api/booking-keys/${key.bookingKey}/questionnaires?examSlugs=${options.examSlug}`,
    );
    for (const questionnaire of list.questionnaires) {
      const answers = options.answers[questionnaire.type];
      if (!answers) continue;
      const saved = await post(
        portalUrl,
        `/api/booking-keys/${key.bookingKey}/questionnaire-answers`,
        {
          questionnaireId: questionnaire.id,
          questionnaireResult: JSON.stringify(answers),
          examSlugs,
        },
      );
      expect(saved.status, `answer to ${questionnaire.slug}`).toBeLessThan(300);
    }
  }
  await options.beforeBooking?.(key.bookingKey);
  const { clinic, slots } = await freeSlots(portalUrl, options.examSlug, options.window);
  const slot = slots[options.pick ?? 0];
  if (!slot) throw new Error(`no free ${options.examSlug} slot at ${clinic.slug}`);
  const created = await post(portalUrl, '/api/appointments', {
    bookingKey: key.bookingKey,
    items: [{ examSlug: options.examSlug, clinicSlug: clinic.slug, start: slot.start }],
    patientDetails: patientDetailsOf(options.lastName, email),
  });
  expect(created.status, await created.clone().text()).toBe(201);
  return {
    email,
    bookingKey: key.bookingKey,
    examSlug: options.examSlug,
    clinicSlug: clinic.slug,
    start: slot.start,
  };
}

const localDay = (instant: Date | string, timeZone: string) =>
  new Intl.DateTimeFormat('en-CA', { timeZone }).format(new Date(instant));

/**
 * Books a screening mammogram (no referral needed) for later today, clinic-local, so the
 * appointment is inside its check-in window (docs/product/check-in.md); `pick` chooses among
 * today's free slots so each test has its own. The portal's clinics should have a working day
 * now (morningClinicsEnv in e2e/support/portal.ts).
 */
export async function bookForToday(
  portalUrl: string,
  lastName: string,
  pick: number,
): Promise<BookedPatient> {
  // A day either side: the clinic's today need not be today in UTC.
  const window = { fromDays: -1, toDays: 2 };
  const { clinic, slots } = await freeSlots(portalUrl, 'screening-mammogram', window);
  const soon = Date.now() + 10 * 60_000;
  const today = slots
    .map((slot, index) => ({ slot, index }))
    .filter(
      ({ slot }) =>
        localDay(slot.start, slot.timeZone) === localDay(new Date(), slot.timeZone) &&
        Date.parse(slot.start) > soon,
    );
  const chosen = today[pick] ?? today[0];
  if (!chosen) throw new Error(`no free screening mammogram slot left today at ${clinic.slug}`);
  const booked = await bookThroughApi(portalUrl, {
    examSlug: 'screening-mammogram',
    lastName,
    window,
    pick: chosen.index,
    answers: mammogramAnswers,
  });
  if (booked.start !== chosen.slot.start) {
    throw new Error(`booked ${booked.start}, not the chosen ${chosen.slot.start}`);
  }
  return booked;
}

/** The screening mammogram's questions before booking, answered for a patient with no symptoms. */
export const mammogramAnswers = {
  REQUIRED_ON_CONFIRMATION: { symptoms: false, previousMammogram: false, breastImplants: false },
};

async function outboxFor(portalUrl: string, email: string) {
  const messages = await getJson<DevOutboxMessage[]>(portalUrl, '/api/dev/outbox?limit=200');
  return messages.filter((message) => message.recipient === email);
}

/** The path of the link in the patient's confirmation e-mail (/appointments/{bookingKey}). */
export async function confirmationLinkPath(portalUrl: string, email: string): Promise<string> {
  let path: string | undefined;
  await expect
    .poll(
      async () => {
        const confirmation = (await outboxFor(portalUrl, email)).find(
          (message) => message.template === 'APPOINTMENT_CONFIRMATION',
        );
        const link =
          confirmation && /https?:\/\/\S+\/appointments\/[\w-]+/.exec(confirmation.bodyText);
        path = link ? new URL(link[0]).pathname : undefined;
        return path;
      },
      { timeout: 15_000 },
    )
    .toMatch(/^\/appointments\//);
  return path ?? '';
}

/**
 * The code of the newest OTP message to `email` in the development outbox, made at or after
 * `since` (ms) when given (waits for it).
 */
export async function latestOtp(portalUrl: string, email: string, since = 0): Promise<string> {
  let code: string | undefined;
  await expect
    .poll(
      async () => {
        const otp = (await outboxFor(portalUrl, email))
          .filter(
            (message) =>
              message.template === 'ACCESS_OTP' && Date.parse(message.createdAt) >= since,
          )
          .sort((a, b) => Date.parse(b.createdAt) - Date.parse(a.createdAt))[0];
        code = otp ? /\b(\d{6})\b/.exec(otp.bodyText)?.[1] : undefined;
        return code;
      },
      { timeout: 15_000 },
    )
    .toMatch(/^\d{6}$/);
  return code ?? '';
}

/** The date-of-birth step of the sign-in, once the authentication page shows its modal. */
async function submitDateOfBirth(page: Page, t: Translate): Promise<void> {
  const dobDialog = page.getByRole('dialog', { name: t('authentication.dob_modal.title') });
  await dobDialog.waitFor({ timeout: 15_000 });
  await fillDateOfBirth(dobDialog, t('form.date_of_birth.label'), dateOfBirth, t);
  await dobDialog.getByRole('button', { name: t('authentication.dob_modal.submit') }).click();
}

/** Opens the confirmation link and signs in as the patient would, ending on the appointment page. */
export async function signInFromConfirmation(
  page: Page,
  portalUrl: string,
  patient: BookedPatient,
  t: Translate,
): Promise<void> {
  await page.goto(`${portalUrl}${await confirmationLinkPath(portalUrl, patient.email)}`);
  await submitDateOfBirth(page, t);
  const otpDialog = page.getByRole('dialog', { name: t('authentication.otp_modal.title') });
  await otpDialog.waitFor();
  await otpDialog
    .getByRole('textbox', { name: t('authentication.otp_modal.label') })
    .fill(await latestOtp(portalUrl, patient.email));
  await page.keyboard.press('Enter');
  await page
    .getByRole('heading', { level: 1, name: t('page.appointments.title') })
    .waitFor({ timeout: 15_000 });
  await page.getByRole('list', { name: t('patient_portal.actions.label') }).waitFor();
}

/** Makes a booking request (an enquiry, no time) for exams through the API, as the flow does. */
export async function requestThroughApi(
  portalUrl: string,
  options: { examSlugs: string[]; lastName: string },
): Promise<{ email: string; bookingKey: string }> {
  const email = `${options.lastName.toLowerCase()}.${Date.now()}@example.com`;
  const key = (await (await post(portalUrl, '/api/booking-keys')).json()) as NewBookingKeyResponse;
  const created = await post(portalUrl, '/api/booking-requests', {
    bookingKey: key.bookingKey,
    examSlugs: options.examSlugs,
    patientDetails: patientDetailsOf(options.lastName, email),
  });
  expect(created.status, await created.clone().text()).toBe(201);
  return { email, bookingKey: key.bookingKey };
}

/**
 * Opens the booking request's page and signs in with the date of birth (a booking request asks
 * for no one-time password), ending on the request's page.
 */
export async function signInToRequest(
  page: Page,
  portalUrl: string,
  bookingKey: string,
  t: Translate,
): Promise<void> {
  await page.goto(`${portalUrl}/booking-requests/${bookingKey}`);
  await submitDateOfBirth(page, t);
  await page
    .getByRole('heading', { level: 1, name: t('page.booking_requests.title') })
    .waitFor({ timeout: 15_000 });
}

/** What the focused element is called: its label (inputs, textareas, selects), aria-label or text. */
export const focusedName = (page: Page) =>
  page.evaluate(() => {
    const element = document.activeElement as HTMLElement | null;
    const labels = element && 'labels' in element ? (element as HTMLInputElement).labels : null;
    const label = labels?.[0]?.textContent ?? null;
    return (element?.getAttribute('aria-label') ?? label ?? element?.textContent ?? '').trim();
  });

/** The focused control's accessible name as SurveyJS wires it (aria-labelledby), else as usual. */
export const focusedLabel = async (page: Page) =>
  (await page.evaluate(() => {
    const element = document.activeElement as HTMLElement | null;
    const ids = element?.getAttribute('aria-labelledby');
    return ids
      ? ids
          .split(/\s+/)
          .map((id) => document.getElementById(id)?.textContent ?? '')
          .join(' ')
          .trim()
      : null;
  })) ?? (await focusedName(page));

/**
 * Presses Tab until the focused control is called `name` (keyboard only; one already focused
 * counts), failing after `limit` presses. With `visible`, the focus indicator must show there.
 */
export async function tabTo(
  page: Page,
  name: string | RegExp,
  { limit = 40, visible = false }: { limit?: number; visible?: boolean } = {},
): Promise<void> {
  for (let presses = 0; presses <= limit; presses += 1) {
    const focused = await focusedLabel(page);
    if (typeof name === 'string' ? focused === name : name.test(focused)) {
      if (visible && !(await focusIsVisible(page))) {
        throw new Error(`The focus on ${focused} is not visible`);
      }
      return;
    }
    if (presses < limit) await page.keyboard.press('Tab');
  }
  throw new Error(`Tab never reached ${String(name)} (last: ${await focusedLabel(page)})`);
}

/** Whether the focused element draws the portal's focus indicator (outline or ring). */
export const focusIsVisible = (page: Page) =>
  page.evaluate(() => {
    const element = document.activeElement;
    if (!element) return false;
    const style = getComputedStyle(element);
    return (
      style.boxShadow !== 'none' || (style.outlineStyle !== 'none' && style.outlineWidth !== '0px')
    );
  });

/** The demo appointment `npm start` seeds, and its patient (docs/product/patient-portal.md#demo). */
export const demoAppointment = {
  bookingKey: 'demo-appointment-key-000000000001',
  dateOfBirth: '1975-08-21',
  email: 'jordan.sample@example.org',
};

/**
 * The demo patient signs in on the demo appointment's page: date of birth, then the one-time
 * password the outbox received after it (a new one, not an earlier test's).
 */
export async function signInToDemoAppointment(
  page: Page,
  portalUrl: string,
  t: Translate,
): Promise<void> {
  // Counting the patient's codes would stall once the shared portal's outbox passes the read's
  // 200-message window (the count stops growing): the code is the newest one sent after `since`.
  const since = Date.now();
  await page.goto(`${portalUrl}/appointments/${demoAppointment.bookingKey}`);
  const dob = page.getByRole('dialog', { name: t('authentication.dob_modal.title') });
  await dob.waitFor({ timeout: 15_000 });
  await fillDateOfBirth(dob, t('form.date_of_birth.label'), demoAppointment.dateOfBirth, t);
  await dob.getByRole('button', { name: t('authentication.dob_modal.submit') }).click();
  const otp = page.getByRole('dialog', { name: t('authentication.otp_modal.title') });
  await otp.waitFor();
  const code = await latestOtp(portalUrl, demoAppointment.email, since);
  await otp.getByRole('textbox', { name: t('authentication.otp_modal.label') }).fill(code);
  await page.keyboard.press('Enter');
  await page
    .getByRole('heading', { level: 1, name: t('page.appointments.title') })
    .waitFor({ timeout: 15_000 });
}
