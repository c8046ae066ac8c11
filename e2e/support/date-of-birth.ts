import type { Locator, Page } from 'playwright-core';
import type { Translate } from './portal-api.ts';

/**
 * Types a `YYYY-MM-DD` date into the portal's date-of-birth field (three labelled boxes in a
 * group named by its legend), the way a person would, whatever order the locale shows them in.
 */
export async function fillDateOfBirth(
  scope: Page | Locator,
  legend: string,
  isoDate: string,
  t: Translate,
): Promise<void> {
  const [year = '', month = '', day = ''] = isoDate.split('-');
  const group = scope.getByRole('group', { name: legend });
  await group.getByRole('textbox', { name: t('form.date_of_birth.day') }).fill(day);
  await group.getByRole('textbox', { name: t('form.date_of_birth.month') }).fill(month);
  await group.getByRole('textbox', { name: t('form.date_of_birth.year') }).fill(year);
}
