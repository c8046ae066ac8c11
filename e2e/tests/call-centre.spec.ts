import type {
  AppointmentsSummaryResponse,
  CallCentreState,
  DevOutboxMessage,
} from '@portal/contract';
import type { Page } from 'playwright-core';
import { describe, expect, test } from 'vitest';
import { screenshot, type ViewportName } from '../support/browser.ts';
import { typeDate, typeTime } from '../support/keyboard-entry.ts';
import {
  bookThroughApi,
  focusedName,
  focusIsVisible,
  signInFromConfirmation,
  tabTo,
} from '../support/patient-portal.ts';
import { getJson } from '../support/portal-api.ts';
import { expectNoAxeViolations, useSuite } from '../support/suite.ts';

/**
 * Contact the call centre (docs/product/contact-the-clinic.md), keyboard only (dates and times
 * typed into the native boxes), on a phone and a desktop: a message and a callback request from the appointment page reach the development
 * outbox addressed to the call centre with the booking reference the server added; the page
 * acknowledges each; one message more than the daily limit is refused with a clear message and
 * nothing more is sent.
 */
const suite = useSuite();
const { t, openPage } = suite;
const viewports: ViewportName[] = ['phone', 'desktop'];
const callCentre = 'call-centre@demo-radiology.example';

const callCentreMail = async (reference: string) =>
  (await getJson<DevOutboxMessage[]>(suite.url, '/api/dev/outbox?limit=200')).filter(
    (message) => message.recipient === callCentre && message.bodyText.includes(reference),
  );

async function get<T>(page: Page, path: string): Promise<T> {
  const response = await page.request.get(`${suite.url}${path}`);
  expect(response.status()).toBe(200);
  return (await response.json()) as T;
}

/** The next day (clinic-local) with opening hours, and an hour inside them. */
function windowIn(state: CallCentreState) {
  for (let offset = 2; offset < 14; offset++) {
    const date = new Date(Date.now() + offset * 86_400_000).toISOString().slice(0, 10);
    const weekday = new Date(`${date}T12:00:00Z`).getUTCDay() || 7;
    const hours = state.openingHours.find((h) => h.weekday === weekday);
    if (hours) {
      const start = Number(hours.opens.slice(0, 2)) + 1;
      const pad = (n: number) => String(n).padStart(2, '0');
      return { date, from: `${pad(start)}:00`, to: `${pad(start + 1)}:00` };
    }
  }
  throw new Error('the clinic has no opening hours');
}

describe.each(viewports)('contact the call centre (%s)', (viewport) => {
  test('a message and a callback request, acknowledged; one over the limit refused', async () => {
    const patient = await bookThroughApi(suite.url, {
      examSlug: 'abdominal-ultrasound',
      lastName: `Callcentre${viewport}`,
      window: { fromDays: 3, toDays: 25 },
      pick: viewport === 'phone' ? 6 : 7,
    });
    const { page, context, consoleErrors } = await openPage(viewport);
    await signInFromConfirmation(page, suite.url, patient, t);
    const base = `/api/secured/appointments/${patient.bookingKey}`;
    // The server adds the booking reference the page shows (the key) and the appointment's id.
    const reference = patient.bookingKey;
    const summary = await get<AppointmentsSummaryResponse>(page, base);
    const appointmentId = summary.appointments[0]!.id;
    const card = page.getByRole('region', { name: t('call_centre.heading') });
    const messageButton = card.getByRole('button', { name: t('call_centre.message_button') });
    // The card loads when scrolled near (docs/decisions/026).
    await page.mouse.wheel(0, 6000);
    await messageButton.waitFor();

    // Keyboard only: the message.
    await messageButton.focus();
    await page.keyboard.press('Enter');
    const dialog = page.getByRole('dialog', { name: t('call_centre.message_title') });
    await dialog.waitFor();
    await tabTo(page, t('call_centre.topic_label'), { visible: true });
    await page.keyboard.press('ArrowDown');
    await page.keyboard.press('ArrowDown');
    await tabTo(page, t('call_centre.message'));
    await page.keyboard.type('Can I park at the clinic? <script>alert(1)</script>');
    await expectNoAxeViolations(page, `message form (${viewport})`);
    await screenshot(page, `call-centre-message-form-${viewport}`, { viewport: true });
    await tabTo(page, t('call_centre.send'));
    await page.keyboard.press('Enter');
    await card.getByRole('status').getByText(t('call_centre.message_sent')).waitFor();
    expect(await focusedName(page)).toBe(t('call_centre.heading'));
    await expectNoAxeViolations(page, `message sent (${viewport})`);
    await screenshot(page, `call-centre-message-sent-${viewport}`, { viewport: true });
    await expect.poll(async () => (await callCentreMail(reference)).length).toBe(1);
    const [mail] = await callCentreMail(reference);
    expect(mail!.template).toBe('CALL_CENTRE_MESSAGE');
    expect(mail!.bodyText).toContain(`Booking reference: ${reference}`);
    expect(mail!.bodyText).toContain(appointmentId);
    expect(mail!.bodyHtml).toContain('&lt;script&gt;');

    // Keyboard only: the callback request, in the clinic's opening hours.
    const state = await get<CallCentreState>(page, `${base}/call_centre`);
    const window = windowIn(state);
    await tabTo(page, t('call_centre.callback_button'));
    await page.keyboard.press('Enter');
    const callback = page.getByRole('dialog', { name: t('call_centre.callback_title') });
    await callback.waitFor();
    await tabTo(page, t('call_centre.phone'));
    expect(await focusIsVisible(page)).toBe(true);
    for (const part of ['date', 'from', 'to'] as const) {
      await tabTo(page, t(`call_centre.${part}`));
      const box = callback.getByLabel(t(`call_centre.${part}`), { exact: true });
      await (part === 'date'
        ? typeDate(page, box, window.date)
        : typeTime(page, box, window[part]));
    }
    await expectNoAxeViolations(page, `callback form (${viewport})`);
    await screenshot(page, `call-centre-callback-form-${viewport}`, { viewport: true });
    await tabTo(page, t('call_centre.send'));
    await page.keyboard.press('Enter');
    await card.getByRole('status').getByText(t('call_centre.callback_sent')).waitFor();
    await card.getByRole('heading', { name: t('call_centre.pending_heading') }).waitFor();
    await expectNoAxeViolations(page, `callback pending (${viewport})`);
    await screenshot(page, `call-centre-callback-pending-${viewport}`);
    await expect
      .poll(async () => (await callCentreMail(reference)).map((m) => m.template).sort())
      .toEqual(['CALLBACK_REQUEST', 'CALL_CENTRE_MESSAGE']);

    // Two more messages reach the limit; the next one through the form is refused.
    for (const text of ['Second', 'Third']) {
      const sent = await page.request.post(`${suite.url}${base}/call_centre_messages`, {
        data: { topic: 'OTHER', message: text },
      });
      expect(sent.status()).toBe(201);
    }
    await tabTo(page, t('call_centre.message_button'));
    await page.keyboard.press('Enter');
    await dialog.waitFor();
    await dialog
      .getByRole('combobox', { name: t('call_centre.topic_label') })
      .selectOption('OTHER');
    await dialog.getByRole('textbox', { name: t('call_centre.message') }).fill('One too many');
    await dialog.getByRole('button', { name: t('call_centre.send') }).click();
    await dialog.getByRole('alert').getByText(t('call_centre.error.limit_reached')).waitFor();
    await expectNoAxeViolations(page, `limit reached (${viewport})`);
    await screenshot(page, `call-centre-limit-${viewport}`, { viewport: true });
    expect((await callCentreMail(reference)).length).toBe(4);

    expect(consoleErrors.filter((message) => !/status of (401|429)/.test(message))).toEqual([]);
    await context.close();
  });
});
