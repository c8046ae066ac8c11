import type { ClinicSlotsResponse, NewBookingKeyResponse } from '@portal/contract';
import { describe, expect, test } from 'vitest';
import { closeAll, patientFor, useBookingJourney } from '../support/booking-journey.ts';
import { screenshot, type ViewportName } from '../support/browser.ts';
import { waitForHeading } from '../support/navigation.ts';
import { getJson } from '../support/portal-api.ts';
import { expectNoAxeViolations, sharedPortalUrl } from '../support/suite.ts';

/**
 * A slot lost to someone else (docs/product/booking.md#errors): when the patient's hold is
 * refused, and when the appointment itself is refused at submit. Either way the static error
 * modal shows and the patient goes back to the times.
 */
const portalUrl = sharedPortalUrl();
const {
  t,
  examNamed,
  locatedPatient,
  chooseExam,
  continueFromHome,
  nearestClinics,
  waitForClinics,
  waitForSlots,
  fillPatientForm,
  outboxFor,
} = useBookingJourney();

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

describe.each<ViewportName>(['phone', 'desktop'])('booking on a %s', (viewport) => {
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

    // Back at the times, with no time chosen and the form step gone from the URL. The day may
    // show no other time (the patient's own hold still keeps the one chosen: on a short day late
    // in its hours, such as a Saturday morning in Sydney, it was the last), so the list is
    // waited for, not a time in it.
    await waitForHeading(page, t('booking.slots.title', { clinic: clinic.name }));
    await expect.poll(() => list.getAttribute('aria-busy')).toBe('false');
    const search = new URL(page.url()).searchParams;
    expect(search.get('slots')).toBeNull();
    expect(search.get('step')).toBeNull();
    expect(await list.locator('[aria-pressed="true"]').count()).toBe(0);
    expect(consoleErrors.filter((message) => !isExpectedResourceError(409)(message))).toEqual([]);
    await closeAll(context);
  });
});
