import type {
  AppointmentsSummaryResponse,
  ClinicSlotsResponse,
  DevOutboxMessage,
  NewBookingKeyResponse,
  Slot,
} from '@portal/contract';
import type { Page } from 'playwright-core';
import { describe, expect, test } from 'vitest';
import { screenshot, type ViewportName } from '../support/browser.ts';
import { fillDateOfBirth } from '../support/date-of-birth.ts';
import { waitForHeading } from '../support/navigation.ts';
import { getJson } from '../support/portal-api.ts';
import { expectNoAxeViolations, useSuite } from '../support/suite.ts';

/**
 * The reschedule page (docs/product/patient-portal.md#reschedule) in Chromium, on a phone and a
 * desktop: a patient booked through the API signs in from the confirmation link (date of
 * birth, OTP from the development outbox), goes from the appointment page's "Change time" to
 * the reschedule page, moves the appointment an hour later with the keyboard, and is back on
 * the appointment page with one booked appointment at the new time.
 */
const suite = useSuite();
const { t, openPage } = suite;
const clinicSlug = 'parramatta';
const examSlug = 'ct-brain';
const zone = 'Australia/Sydney';
const dateOfBirth = '1984-03-09';

const post = (path: string, body?: unknown) =>
  fetch(`${suite.url}${path}`, {
    method: 'POST',
    headers: body === undefined ? {} : { 'content-type': 'application/json' },
    body: body === undefined ? undefined : JSON.stringify(body),
  });

const dayOf = (instant: string) =>
  new Intl.DateTimeFormat('en-CA', { timeZone: zone, dateStyle: 'short' }).format(
    new Date(instant),
  );

/**
 * Books a CT brain at Parramatta three days or more ahead (outside the 24-hour reschedule
 * window), on a day with a free time an hour later; answers the booked slot and that later one.
 */
async function bookCtBrain(
  email: string,
): Promise<{ bookingKey: string; booked: Slot; later: Slot }> {
  const key = (await (await post('/api/booking-keys')).json()) as NewBookingKeyResponse;
  const from = new Date(Date.now() + 3 * 86_400_000).toISOString().slice(0, 10);
  const to = new Date(Date.now() + 20 * 86_400_000).toISOString().slice(0, 10);
  const { slots } = await getJson<ClinicSlotsResponse>(
    suite.url,
    `/api/clinics/${clinicSlug}/slots?examSlug=${examSlug}&from=${from}&to=${to}`,
  );
  const free = slots.filter((slot) => !slot.enquiry);
  for (const booked of free) {
    const hourLater = new Date(booked.start).getTime() + 3_600_000;
    const later = free.find((slot) => new Date(slot.start).getTime() === hourLater);
    if (!later || dayOf(later.start) !== dayOf(booked.start)) continue;
    const created = await post('/api/appointments', {
      bookingKey: key.bookingKey,
      items: [{ examSlug, clinicSlug, start: booked.start }],
      patientDetails: {
        firstName: 'Robin',
        lastName: 'Moves',
        dateOfBirth,
        sex: 'FEMALE',
        email,
        contactNumber: '0412345678',
        postalCode: '2150',
      },
    });
    if (created.status === 201) return { bookingKey: key.bookingKey, booked, later };
  }
  throw new Error(`no bookable ${examSlug} slot at ${clinicSlug} with one free an hour later`);
}

const outboxFor = async (email: string) =>
  (await getJson<DevOutboxMessage[]>(suite.url, '/api/dev/outbox?limit=200')).filter(
    (message) => message.recipient === email,
  );

/** The path of the confirmation message's link. */
async function confirmationPath(email: string, bookingKey: string): Promise<string> {
  let path: string | undefined;
  await expect
    .poll(
      async () => {
        const text = (await outboxFor(email)).map((message) => message.bodyText).join('\n');
        path = new RegExp(`https?://[^\\s]+(/appointments/${bookingKey})`).exec(text)?.[1];
        return path;
      },
      { timeout: 15_000 },
    )
    .toBeDefined();
  return path ?? '';
}

async function signIn(page: Page, email: string) {
  const dobDialog = page.getByRole('dialog', { name: t('authentication.dob_modal.title') });
  await dobDialog.waitFor({ timeout: 15_000 });
  await fillDateOfBirth(dobDialog, t('form.date_of_birth.label'), dateOfBirth, t);
  await dobDialog.getByRole('button', { name: t('authentication.dob_modal.submit') }).click();
  const otpDialog = page.getByRole('dialog', { name: t('authentication.otp_modal.title') });
  await otpDialog.waitFor();
  let code: string | undefined;
  await expect
    .poll(
      async () => {
        const otp = (await outboxFor(email)).find((message) => message.template === 'ACCESS_OTP');
        code = otp ? /\b(\d{6})\b/.exec(otp.bodyText)?.[1] : undefined;
        return code;
      },
      { timeout: 15_000 },
    )
    .toMatch(/^\d{6}$/);
  await otpDialog
    .getByRole('textbox', { name: t('authentication.otp_modal.label') })
    .fill(code ?? '');
  await page.keyboard.press('Enter');
}

/** A clinic-local time of day as the page writes it ("9:00 am"). */
const timeOfDay = (instant: string) =>
  new Intl.DateTimeFormat('en-AU', { hour: 'numeric', minute: '2-digit', timeZone: zone }).format(
    new Date(instant),
  );

/** A clinic-local day at midnight UTC, for calendar arithmetic. */
const utcDay = (instant: string | Date) => {
  const [year, month, day] = dayOf(new Date(instant).toISOString()).split('-').map(Number);
  return Date.UTC(year ?? 0, (month ?? 1) - 1, day ?? 1);
};
const mondayOf = (day: number) => day - ((new Date(day).getUTCDay() + 6) % 7) * 86_400_000;
const writeDay = (day: number, options: Intl.DateTimeFormatOptions) =>
  new Intl.DateTimeFormat('en-AU', { ...options, timeZone: 'UTC' }).format(day);

/** The calendar's name for a clinic-local day ("Monday 30 November"). */
const calendarDay = (instant: string) =>
  writeDay(utcDay(instant), { weekday: 'long', day: 'numeric', month: 'long' });

describe.each<ViewportName>(['phone', 'desktop'])('rescheduling on a %s', (viewport) => {
  test('moves the appointment to a later time and shows one booked appointment', async () => {
    const email = `robin.moves.${viewport}.${Date.now()}@example.com`;
    const { bookingKey, booked, later } = await bookCtBrain(email);
    const path = await confirmationPath(email, bookingKey);
    const { page, context, consoleErrors } = await openPage(viewport);

    // The confirmation link, then sign-in, then the appointment page.
    await page.goto(`${suite.url}${path}`);
    await signIn(page, email);
    await waitForHeading(page, t('page.appointments.title'));

    // "Change time" asks the server, then opens the reschedule page.
    await page.getByRole('button', { name: t('patient_portal.actions.change_time') }).click();
    await waitForHeading(page, t('patient_portal.reschedule.title'));
    const { pathname } = new URL(page.url());
    expect(pathname).toMatch(new RegExp(`^/appointments/${bookingKey}/reschedule/[0-9a-f-]{36}$`));
    const current = page.getByText(t('patient_portal.reschedule.current_time'), { exact: true });
    await expect
      .poll(() => current.locator('xpath=following-sibling::dd').textContent())
      .toContain(timeOfDay(booked.start));

    // The calendar opens on this week; "Next week" until the booked day's week shows.
    const thisWeek = mondayOf(utcDay(new Date()));
    const bookedWeek = mondayOf(utcDay(booked.start));
    for (let week = thisWeek + 7 * 86_400_000; week <= bookedWeek; week += 7 * 86_400_000) {
      await page.getByRole('button', { name: t('booking.calendar.next_week') }).click();
      await page
        .getByRole('heading', {
          name: t('booking.calendar.week_of', {
            day: writeDay(week, { day: 'numeric', month: 'long' }),
          }),
        })
        .waitFor();
    }
    await page.getByRole('button', { name: new RegExp(`^${calendarDay(booked.start)},`) }).click();
    const times = page.getByRole('region', {
      name: t('patient_portal.reschedule.times_on', { day: calendarDay(booked.start) }),
    });
    const laterTime = times.getByRole('button', { name: new RegExp(`${timeOfDay(later.start)}`) });
    await laterTime.waitFor({ timeout: 15_000 });
    await expect.poll(() => times.getAttribute('aria-busy')).toBe('false');
    await expectNoAxeViolations(page, `reschedule page on ${viewport}`);
    await screenshot(page, `patient-portal-reschedule-${viewport}`);

    // Keyboard only: the time, then the confirm modal's first button.
    await laterTime.focus();
    await page.keyboard.press('Enter');
    const dialog = page.getByRole('alertdialog', {
      name: t('patient_portal.reschedule.confirm_title'),
    });
    await dialog.waitFor();
    await expect.poll(() => dialog.textContent()).toContain(timeOfDay(later.start));
    await expectNoAxeViolations(page, `reschedule confirm modal on ${viewport}`);
    await screenshot(page, `patient-portal-reschedule-confirm-${viewport}`);
    await page.keyboard.press('Tab');
    await expect
      .poll(() => page.evaluate(() => document.activeElement?.textContent))
      .toBe(t('patient_portal.reschedule.confirm'));
    await page.keyboard.press('Enter');

    // Back on the appointment page, which says where it moved; one booked appointment.
    await expect
      .poll(() => new URL(page.url()).pathname, { timeout: 15_000 })
      .toBe(`/appointments/${bookingKey}`);
    const notice = page.getByRole('status').filter({
      hasText: t('patient_portal.reschedule.moved', { time: '' }).replace(/\s*\.$/, ''),
    });
    await expect
      .poll(() => notice.textContent(), { timeout: 15_000 })
      .toContain(timeOfDay(later.start));
    const main = page.getByRole('main');
    await expect.poll(() => main.getByRole('article').count()).toBe(1);
    await expect
      .poll(() =>
        main.getByText(t('patient_portal.appointment_status.BOOKED'), { exact: true }).count(),
      )
      .toBe(1);
    expect(await main.getByRole('article').textContent()).toContain(timeOfDay(later.start));
    await expectNoAxeViolations(page, `appointment page after the move on ${viewport}`);
    await screenshot(page, `patient-portal-rescheduled-${viewport}`);

    // The server agrees: the old appointment RESCHEDULED, replaced by a BOOKED one an hour later.
    const summary = (await (
      await page.request.get(`${suite.url}/api/secured/appointments/${bookingKey}`)
    ).json()) as AppointmentsSummaryResponse;
    const statuses = summary.appointments.map(({ status, startsAt }) => ({
      status,
      start: new Date(startsAt).getTime(),
    }));
    expect(statuses).toEqual(
      expect.arrayContaining([
        { status: 'RESCHEDULED', start: new Date(booked.start).getTime() },
        { status: 'BOOKED', start: new Date(later.start).getTime() },
      ]),
    );
    expect(statuses).toHaveLength(2);
    expect(
      consoleErrors.filter(
        (message) =>
          !message.startsWith('Failed to load resource: the server responded with a status of 401'),
      ),
    ).toEqual([]);
    await context.close();
  });
});
