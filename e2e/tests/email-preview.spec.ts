import AxeBuilder from '@axe-core/playwright';
import { messageTemplates, supportedLocales } from '@portal/contract';
import type { Page } from 'playwright-core';
import { describe, expect, test } from 'vitest';
import { screenshot, type ViewportName } from '../support/browser.ts';
import { tabTo } from '../support/patient-portal.ts';
import { expectNoAxeViolations, useSuite } from '../support/suite.ts';

/**
 * The e-mail preview (docs/product/messages.md#preview): every message the portal sends, in
 * each of the five languages, as a provider checks its wording: no raw key, no placeholder
 * left, nothing undefined; the pickers work from the keyboard; axe finds nothing, in the page
 * or the message's frame; a refusal shows in red.
 */
const suite = useSuite();
const { t, openPage } = suite;
const viewports: ViewportName[] = ['phone', 'desktop'];
const previewPath = '/api/notifications/preview_translated_email';

const wcag = ['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa', 'wcag22aa'];

/**
 * axe-core finds nothing on the page and in the message. axe cannot run inside a frame
 * sandboxed without scripts (it injects itself), so the page is checked without the frame and
 * the message's own document (the frame's srcdoc) in a page of its own.
 */
async function expectAxeClean(page: Page, screen: string): Promise<void> {
  const outside = await new AxeBuilder({ page }).withTags(wcag).exclude('iframe').analyze();
  const message = await page.context().newPage();
  try {
    await message.setContent((await page.locator('iframe').getAttribute('srcdoc')) ?? '');
    const inside = await new AxeBuilder({ page: message }).withTags(wcag).analyze();
    const violations = [...outside.violations, ...inside.violations].map(
      (violation) =>
        `${violation.id}: ${violation.help} (${violation.nodes.map((node) => node.target.join(' ')).join(', ')})`,
    );
    expect(violations, screen).toEqual([]);
  } finally {
    await message.close();
  }
}

/** Chooses a message and a language with the pickers and waits for its rendering. */
async function show(page: Page, template: string, lang: string): Promise<string> {
  await page
    .getByRole('combobox', { name: t('email_preview.template_label') })
    .selectOption(template);
  await page.getByRole('combobox', { name: t('email_preview.language_label') }).selectOption(lang);
  // What the server renders for this pair (the page may answer from its cache: no request).
  const response = await page.request.get(
    `${suite.url}${previewPath}?${new URLSearchParams({ template, lang })}`,
  );
  expect(response.status(), `${template} ${lang}`).toBe(200);
  const { content } = (await response.json()) as { content: string };
  const frame = page.locator('iframe');
  await expect.poll(() => frame.getAttribute('aria-busy')).toBeNull();
  await expect.poll(() => frame.getAttribute('srcdoc')).toContain(`<html lang="${lang}">`);
  await expect.poll(() => frame.getAttribute('srcdoc')).toContain(content);
  return ((await page.frameLocator('iframe').locator('body').textContent()) ?? '').trim();
}

describe.each(viewports)('e-mail preview at %s size', (viewport) => {
  test('the pickers work from the keyboard', async () => {
    const { page, consoleErrors, context } = await openPage(viewport);
    try {
      await page.goto(`${suite.url}/preview-email`);
      await page.getByRole('heading', { level: 1, name: t('page.preview_email.title') }).waitFor();
      await page.locator('iframe').waitFor();
      // Tab to the message picker and choose the next message with an arrow key.
      await tabTo(page, t('email_preview.template_label'));
      await page.keyboard.press('ArrowDown');
      await expect
        .poll(() => new URL(page.url()).searchParams.get('template'))
        .toBe(messageTemplates[1]);
      await page.keyboard.press('Tab');
      expect(await page.evaluate(() => document.activeElement?.id)).toBe('email-preview-lang');
      await page.keyboard.press('ArrowDown');
      await expect.poll(() => new URL(page.url()).searchParams.get('lang')).toBe('en-NZ');
      expect(consoleErrors).toEqual([]);
    } finally {
      await context.close();
    }
  });

  // Every message in every language at one size; the phone checks the page's layout with two
  // (the server's own test renders every pair: message-previews.test.ts).
  const sweptLocales = viewport === 'desktop' ? supportedLocales : (['en-AU', 'mk'] as const);
  test.each(sweptLocales)(
    'renders every message in %s with no raw key, placeholder or undefined; axe-clean',
    async (lang) => {
      const { page, consoleErrors, context } = await openPage(viewport);
      try {
        // The page in the browser's language (a ?lang= in the address would also switch the page's own).
        await page.goto(`${suite.url}/preview-email`);
        await page.locator('iframe').waitFor();
        for (const [index, template] of messageTemplates.entries()) {
          const words = await show(page, template, lang);
          const which = `${template} in ${lang}`;
          expect(words.length, which).toBeGreaterThan(20);
          expect(words, which).not.toMatch(/email\.[a-z_]+\.|\{\{|\}\}|undefined|\[object/);
          // The page and the message's frame, axe-clean (the first and a long message).
          if (index === 0 || template === 'APPOINTMENT_REMINDER') {
            await expectAxeClean(page, `${which} at ${viewport}`);
          }
        }
        if (lang === 'mk') {
          expect(await show(page, 'APPOINTMENT_CONFIRMATION', 'mk')).toContain(
            'Вашиот термин е закажан.',
          );
          await screenshot(page, `email-preview-${viewport}-mk-confirmation`);
        }
        if (lang === 'en-AU') {
          await show(page, 'APPOINTMENT_REMINDER', 'en-AU');
          await screenshot(page, `email-preview-${viewport}-en-AU-reminder`);
        }
        expect(consoleErrors).toEqual([]);
      } finally {
        await context.close();
      }
    },
    240_000,
  );

  test('shows a refusal in red as an alert', async () => {
    const { page, context } = await openPage(viewport);
    try {
      await page.goto(`${suite.url}/preview-email?template=NO_SUCH_MESSAGE&lang=en-AU`);
      const alert = page.getByRole('alert');
      await alert.waitFor();
      expect(await alert.textContent()).toContain(
        t('email_preview.error', { message: '' }).replace(/\s*$/, ''),
      );
      const color = await alert.evaluate((element) => getComputedStyle(element).color);
      const [red, green, blue] = (color.match(/\d+/g) ?? []).map(Number);
      expect(red, color).toBeGreaterThan(150);
      expect(green ?? 255, color).toBeLessThan(100);
      expect(blue ?? 255, color).toBeLessThan(100);
      expect(await page.locator('iframe').count()).toBe(0);
      await expectNoAxeViolations(page, `refusal at ${viewport}`);
      await screenshot(page, `email-preview-${viewport}-error`);
    } finally {
      await context.close();
    }
  });
});
