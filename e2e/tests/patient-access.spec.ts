import type {
  DevOutboxMessage,
  NewBookingKeyResponse,
  NextAvailableSlotResponse,
  QuestionnairesResponse,
} from '@portal/contract';
import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import {
  axeViolations,
  launchBrowser,
  openPage,
  screenshot,
  type ViewportName,
} from '../support/browser.ts';
import type { Portal } from '../support/portal.ts';
import { getJson, type Translate, translator } from '../support/portal-api.ts';
import { startFilePortal } from '../support/suite.ts';

/**
 * Patient sign-in (docs/product/authentication.md) in Chromium: the confirmation link from the
 * outbox, date of birth, OTP from the outbox, the appointment summary; reload keeps the session,
 * logout ends it; too many wrong dates of birth end on /deny. Its own portal, so its failed
 * attempts count against nobody else.
 */
let portal: Portal;
let browser: Browser;
let t: Translate;
const dateOfBirth = { day: '9', month: '3', year: '1984' };

beforeAll(async () => {
  portal = await startFilePortal({ name: 'patient-access' });
  browser = await launchBrowser();
  t = await translator(portal.url);
});
afterAll(async () => {
  await browser?.close();
  await portal?.stop();
});

async function postJson<T>(path: string, body: unknown): Promise<{ status: number; body: T }> {
  const response = await fetch(`${portal.url}${path}`, {
    method: 'POST',
    headers: body === undefined ? {} : { 'content-type': 'application/json' },
    body: body === undefined ? undefined : JSON.stringify(body),
  });
  return { status: response.status, body: (await response.json()) as T };
}

/** Books an MRI knee near Parramatta through the API, as the booking flow would. */
async function bookAppointment(email: string): Promise<string> {
  const { body: key } = await postJson<NewBookingKeyResponse>('/api/booking-keys', undefined);
  // The server refuses an MRI until its safety questionnaire is answered
  // (docs/product/questionnaires.md#outcomes).
  const { questionnaires } = await getJson<QuestionnairesResponse>(
    portal.url,
    `/api/booking-keys/${key.bookingKey}/questionnaires?examSlugs=mri-knee`,
  );
  const mriSafety = questionnaires.find((questionnaire) => questionnaire.slug === 'mri-safety');
  if (mriSafety) {
    const answered = await postJson(`/api/booking-keys/${key.bookingKey}/questionnaire-answers`, {
      questionnaireId: mriSafety.id,
      questionnaireResult: JSON.stringify({
        pacemaker: false,
        neurostimulator: false,
        cochlearImplant: false,
        metalInEyes: false,
        otherImplants: false,
        recentSurgery: false,
      }),
      examSlugs: ['mri-knee'],
    });
    if (answered.status !== 200) throw new Error('the MRI safety answers were refused');
  }
  const { body: next } = await postJson<NextAvailableSlotResponse>('/api/slots/next-available', {
    examSlug: 'mri-knee',
    location: { latitude: -33.8162, longitude: 151.0051 },
  });
  for (const slot of next.slots.filter((candidate) => !candidate.enquiry)) {
    const created = await postJson('/api/appointments', {
      bookingKey: key.bookingKey,
      items: [{ examSlug: slot.examSlug, clinicSlug: slot.clinicSlug, start: slot.start }],
      patientDetails: {
        firstName: 'Robin',
        lastName: 'Access',
        dateOfBirth: '1984-03-09',
        sex: 'FEMALE',
        email,
        contactNumber: '0412345678',
        postalCode: '2150',
      },
    });
    if (created.status === 201) return key.bookingKey;
  }
  throw new Error('no bookable MRI knee slot near Parramatta');
}

const outboxFor = async (recipient: string) =>
  (await getJson<DevOutboxMessage[]>(portal.url, '/api/dev/outbox?limit=200')).filter(
    (message) => message.recipient === recipient,
  );

/** The path of the link in the booking confirmation (the host is the server's public URL). */
async function confirmationPath(email: string, bookingKey: string): Promise<string> {
  const messages = await outboxFor(email);
  const text = messages.map((message) => message.bodyText).join('\n');
  const match = new RegExp(`https?://[^\\s]+(/appointments/${bookingKey})`).exec(text);
  if (!match?.[1]) throw new Error(`no confirmation link for ${bookingKey} in ${text}`);
  return match[1];
}

async function latestOtp(email: string, seen: Set<string>): Promise<string> {
  let code: string | undefined;
  await expect
    .poll(
      async () => {
        const fresh = (await outboxFor(email)).filter(
          (message) => message.template === 'ACCESS_OTP' && !seen.has(message.id),
        );
        const latest = fresh.at(0);
        if (latest) seen.add(latest.id);
        code = latest ? /\b(\d{6})\b/.exec(latest.bodyText)?.[1] : undefined;
        return code;
      },
      { timeout: 15_000 },
    )
    .toMatch(/^\d{6}$/);
  return code ?? '';
}

/** The page's h1, matched exactly ("View your appointment" also contains "your appointment"). */
async function waitForHeading(page: Page, name: string) {
  await page.getByRole('heading', { level: 1, name, exact: true }).waitFor({ timeout: 30_000 });
}

async function expectNoAxeViolations(page: Page, screen: string) {
  expect(await axeViolations(page), screen).toEqual([]);
}

/** Types the date of birth into the open modal using the keyboard alone, then presses Enter. */
async function enterDateOfBirthByKeyboard(page: Page, value = dateOfBirth) {
  const dialog = page.getByRole('dialog', { name: t('authentication.dob_modal.title') });
  await dialog.waitFor();
  // Focus starts on the dialog; the first Tab reaches the day box (en-AU: day, month, year).
  await page.keyboard.press('Tab');
  await expect
    .poll(() => page.evaluate(() => document.activeElement?.getAttribute('autocomplete')))
    .toBe('bday-day');
  await page.keyboard.type(value.day);
  await page.keyboard.press('Tab');
  await page.keyboard.type(value.month);
  await page.keyboard.press('Tab');
  await page.keyboard.type(value.year);
  await page.keyboard.press('Enter');
}

describe.each<ViewportName>(['phone', 'desktop'])('patient access on a %s', (viewport) => {
  test('the confirmation link, date of birth and OTP open the appointment; reload keeps it, logout ends it', async () => {
    const email = `robin.access.${viewport}.${Date.now()}@example.com`;
    const bookingKey = await bookAppointment(email);
    const path = await confirmationPath(email, bookingKey);
    const { page, context, consoleErrors } = await openPage(browser, viewport);

    // Not signed in: the summary sends the patient to the authentication page.
    await page.goto(`${portal.url}${path}`);
    await waitForHeading(page, t('authentication.appointment.title'));
    const url = new URL(page.url());
    expect(url.pathname).toBe('/authentication');
    expect(url.searchParams.get('returnUrl')).toBe(path);
    expect(url.searchParams.get('bookingKey')).toBe(bookingKey);

    const dobDialog = page.getByRole('dialog', { name: t('authentication.dob_modal.title') });
    await dobDialog.waitFor();
    await expectNoAxeViolations(page, `date-of-birth modal on ${viewport}`);
    await screenshot(page, `access-dob-modal-${viewport}`);

    // Escape closes it; the page's button (reached by keyboard) opens it again.
    await page.keyboard.press('Escape');
    await dobDialog.waitFor({ state: 'detached' });
    const reopen = page.getByRole('button', { name: t('authentication.start') });
    await expectNoAxeViolations(page, `authentication page on ${viewport}`);
    await screenshot(page, `access-authentication-page-${viewport}`);
    await reopen.focus();
    await page.keyboard.press('Enter');

    const seen = new Set<string>();
    await enterDateOfBirthByKeyboard(page);
    const otpDialog = page.getByRole('dialog', { name: t('authentication.otp_modal.title') });
    await otpDialog.waitFor();
    await otpDialog.getByText(t('authentication.otp_modal.sent_email')).waitFor();
    await expect
      .poll(() =>
        otpDialog.getByRole('button', { name: t('authentication.otp_modal.resend') }).isDisabled(),
      )
      .toBe(true);
    await expectNoAxeViolations(page, `OTP modal on ${viewport}`);
    await screenshot(page, `access-otp-modal-${viewport}`);

    const code = await latestOtp(email, seen);
    await page.keyboard.press('Tab');
    await expect
      .poll(() => page.evaluate(() => document.activeElement?.getAttribute('autocomplete')))
      .toBe('one-time-code');
    await page.keyboard.type(code);
    await page.keyboard.press('Enter');

    await waitForHeading(page, t('page.appointments.title'));
    expect(new URL(page.url()).pathname).toBe(path);
    await page
      .getByText(t('patient_portal.greeting', { firstName: 'Robin', lastName: 'Access' }))
      .waitFor();
    await page.getByRole('heading', { level: 2, name: /MRI/ }).waitFor();
    await expectNoAxeViolations(page, `appointment summary on ${viewport}`);
    await screenshot(page, `access-appointment-summary-${viewport}`);

    // A reload keeps the session.
    await page.reload();
    await waitForHeading(page, t('page.appointments.title'));
    await page.getByRole('heading', { level: 2, name: /MRI/ }).waitFor();
    expect(new URL(page.url()).pathname).toBe(path);

    // Logout ends it: home, and the summary asks for the date of birth again.
    await page.getByRole('button', { name: t('action.logout') }).click();
    await expect.poll(() => new URL(page.url()).pathname).toBe('/');
    await page.goto(`${portal.url}${path}`);
    await waitForHeading(page, t('authentication.appointment.title'));
    expect(new URL(page.url()).pathname).toBe('/authentication');

    // Only the browser's own reports of the expected 401s from the session check.
    expect(
      consoleErrors.filter(
        (message) =>
          !message.startsWith('Failed to load resource: the server responded with a status of 401'),
      ),
    ).toEqual([]);
    await context.close();
  });

  test('a patient-portal sign-in without an OTP does not open the appointment: it asks for the OTP first', async () => {
    const email = `robin.portal.${viewport}.${Date.now()}@example.com`;
    const bookingKey = await bookAppointment(email);
    const appointmentPath = `/appointments/${bookingKey}`;
    const portalPath = `${appointmentPath}/result/patient`;
    const { page, context } = await openPage(browser, viewport);
    const seen = new Set<string>();

    // config/authentication.json asks no OTP of patient-portal links: the date of birth signs in.
    const query = new URLSearchParams({ returnUrl: portalPath, bookingKey, type: 'APPOINTMENT' });
    await page.goto(`${portal.url}/authentication?${query.toString()}`);
    await waitForHeading(page, t('authentication.patient_portal.title'));
    await enterDateOfBirthByKeyboard(page);
    // Signed in, the browser goes to the patient-portal page: the history of results, which asks
    // for the proof a result needs (decision 023) and so sends the patient on to the results
    // sign-in, without having sent an OTP.
    await waitForHeading(page, t('authentication.appointment_results.title'));
    expect(new URL(page.url()).searchParams.get('returnUrl')).toBe(`${appointmentPath}/result`);
    expect((await outboxFor(email)).some((message) => message.template === 'ACCESS_OTP')).toBe(
      false,
    );

    // The appointment itself needs the OTP: the session does not cover it, so the page asks.
    await page.goto(`${portal.url}${appointmentPath}`);
    await waitForHeading(page, t('authentication.appointment.title'));
    expect(new URL(page.url()).searchParams.get('returnUrl')).toBe(appointmentPath);
    await enterDateOfBirthByKeyboard(page);
    const otpDialog = page.getByRole('dialog', { name: t('authentication.otp_modal.title') });
    await otpDialog.waitFor();
    await screenshot(page, `access-portal-then-appointment-otp-${viewport}`);
    const code = await latestOtp(email, seen);
    await page.keyboard.press('Tab');
    await page.keyboard.type(code);
    await page.keyboard.press('Enter');
    await waitForHeading(page, t('page.appointments.title'));
    await page.getByRole('heading', { level: 2, name: /MRI/ }).waitFor();
    expect(new URL(page.url()).pathname).toBe(appointmentPath);
    await context.close();
  });

  test('a wrong date of birth too many times ends on /deny with the max-attempts message', async () => {
    const email = `robin.deny.${viewport}.${Date.now()}@example.com`;
    const bookingKey = await bookAppointment(email);
    const path = await confirmationPath(email, bookingKey);
    const { page, context } = await openPage(browser, viewport);
    await page.goto(`${portal.url}${path}`);
    await waitForHeading(page, t('authentication.appointment.title'));

    let attempts = 0;
    while (new URL(page.url()).pathname !== '/deny' && attempts < 10) {
      attempts++;
      await enterDateOfBirthByKeyboard(page, { day: '1', month: '1', year: '1950' });
      await page
        .getByRole('dialog', { name: t('authentication.dob_modal.title') })
        .getByRole('alert')
        .or(page.getByRole('heading', { level: 1, name: t('page.deny.title') }))
        .waitFor();
      if (attempts === 1) {
        await expect(
          page
            .getByRole('alert')
            .filter({ hasText: t('message.authentication_error') })
            .count(),
        ).resolves.toBe(1);
      }
    }
    // config/authentication.json: maxFailedAttemptsPerBookingKey is 5; the next attempt is refused.
    expect(attempts).toBeGreaterThanOrEqual(5);
    expect(attempts).toBeLessThanOrEqual(6);
    await waitForHeading(page, t('page.deny.title'));
    expect(new URL(page.url()).searchParams.get('maxAttempts')).toBe('true');
    await page.getByText(t('deny.max_attempts_reached')).waitFor();
    await expectNoAxeViolations(page, `deny page on ${viewport}`);
    await screenshot(page, `access-deny-max-attempts-${viewport}`);
    await context.close();
  });
});
