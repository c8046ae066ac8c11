import type { DevOutboxMessage, NewBookingKeyResponse } from '@portal/contract';
import { describe, expect, test } from 'vitest';
import { useBookingJourney } from '../support/booking-journey.ts';
import { screenshot } from '../support/browser.ts';
import { fillDateOfBirth } from '../support/date-of-birth.ts';
import { getJson } from '../support/portal-api.ts';
import { answer, questionnaire } from '../support/questionnaire-modal.ts';
import { expectNoAxeViolations, sharedPortalUrl } from '../support/suite.ts';

/**
 * A questionnaire reached from a link, outside the booking flow
 * (docs/product/questionnaires.md#the-questionnaires-page): the patient-cancel one, behind
 * the sign-in its secured calls ask for, sets the appointment CANCELED.
 */
const portalUrl = sharedPortalUrl();
const { t, openPage, examNamed, firstSlot } = useBookingJourney();

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
    const { page, context, consoleErrors } = await openPage('desktop');
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
