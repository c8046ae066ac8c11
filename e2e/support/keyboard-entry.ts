import type { Locator, Page } from 'playwright-core';

// Chromium lays out its native date and time boxes in the browser's own language, not the
// page's or the context's locale (here month/day/year and a 12-hour clock, whatever `locale`
// the context has). The page cannot read that order, so the date is typed in the likely
// orders until the box holds it: each attempt is keys only, as a person would press them.
const dateOrders = [
  ['month', 'day', 'year'],
  ['day', 'month', 'year'],
  ['year', 'month', 'day'],
] as const;

/** Types a `YYYY-MM-DD` date into `box` (already focused) with the keyboard. */
export async function typeDate(page: Page, box: Locator, isoDate: string): Promise<void> {
  const [year = '', month = '', day = ''] = isoDate.split('-');
  const parts = { year, month, day };
  for (const order of dateOrders) {
    for (const part of order) await page.keyboard.type(parts[part]);
    if ((await box.inputValue()) === isoDate) return;
    // Clear each part from the last back to the first, leaving the focus on the first.
    for (let index = 0; index < order.length; index += 1) {
      await page.keyboard.press('Backspace');
      if (index < order.length - 1) await page.keyboard.press('Shift+Tab');
    }
  }
  throw new Error(`the date box never took ${isoDate} (it holds "${await box.inputValue()}")`);
}

/** Types an `HH:mm` time into `box` (already focused) with the keyboard: 24-hour, then 12-hour. */
export async function typeTime(page: Page, box: Locator, time: string): Promise<void> {
  const [hours = 0, minutes = 0] = time.split(':').map(Number);
  const pad = (value: number) => String(value).padStart(2, '0');
  await page.keyboard.type(
    `${pad(hours % 12 === 0 ? 12 : hours % 12)}${pad(minutes)}${hours < 12 ? 'a' : 'p'}`,
  );
  if ((await box.inputValue()) === time) return;
  throw new Error(`the time box never took ${time} (it holds "${await box.inputValue()}")`);
}
