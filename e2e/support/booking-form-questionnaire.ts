import type { Locator, Page } from 'playwright-core';

/** The demo BOOKING_FORM questionnaire's title (config/questionnaires/booking-form.json). */
export const bookingFormTitle = 'A few details for your booking';

/**
 * The patient form opens with the booking form's questionnaire (a general one, so every
 * booking has it): answered as a patient would, with a paper referral and, unless told,
 * no Medicare card. SurveyJS is a lazy chunk, so its questions can take a while to show.
 */
export async function answerBookingForm(
  page: Page | Locator,
  options: { medicare?: boolean } = {},
) {
  const dialog = page.getByRole('dialog', { name: bookingFormTitle });
  await dialog.getByRole('button', { name: 'Complete' }).waitFor({ timeout: 20_000 });
  const question = (title: RegExp) => dialog.locator('.sd-question').filter({ hasText: title });
  await question(/referral/)
    .getByText('Yes, on paper', { exact: true })
    .click();
  await question(/Medicare card/)
    .getByText(options.medicare ? 'Yes' : 'No', { exact: true })
    .click();
  await dialog.getByRole('button', { name: 'Complete' }).click();
  await dialog.waitFor({ state: 'detached', timeout: 15_000 });
}
