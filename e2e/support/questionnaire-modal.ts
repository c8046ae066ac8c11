import type { Locator, Page } from 'playwright-core';
import { expect } from 'vitest';

/**
 * The questionnaire modal (docs/product/questionnaires.md#the-modal), once SurveyJS (a chunk
 * of its own) has rendered its questions.
 */
export async function questionnaire(page: Page, title: string): Promise<Locator> {
  const dialog = page.getByRole('dialog', { name: title });
  await dialog.waitFor({ timeout: 20_000 });
  await dialog.getByRole('button', { name: 'Complete' }).waitFor({ timeout: 20_000 });
  return dialog;
}

/**
 * One question, answered as a person would: by its group's name (the question) and a click
 * on the option's label (SurveyJS hides the native radio behind its own drawing).
 */
export async function answer(dialog: Locator, question: RegExp, option: string) {
  const group = dialog.getByRole('radiogroup', { name: question });
  await group.getByText(option, { exact: true }).click();
  await expect
    .poll(() => group.getByRole('radio', { name: option, exact: true }).isChecked())
    .toBe(true);
}
