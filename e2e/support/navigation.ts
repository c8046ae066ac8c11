import type { Locator, Page } from 'playwright-core';
import type { ViewportName } from './browser.ts';
import type { Translate } from './portal-api.ts';

/**
 * Where a person finds the About/Contact/Terms/Privacy links: the collapsible
 * menu on a phone, the footer on a desktop (docs/product/shell-and-configuration.md#shell-layout).
 */
export async function siteLinks(
  page: Page,
  viewport: ViewportName,
  t: Translate,
): Promise<Locator> {
  if (viewport === 'phone') {
    await page.getByRole('button', { name: t('action.menu') }).click();
    const menu = page.getByRole('navigation', { name: t('nav.main') });
    await menu.waitFor();
    return menu;
  }
  const footer = page.getByRole('contentinfo');
  await footer.waitFor();
  return footer;
}

export async function waitForHeading(page: Page, name: string): Promise<void> {
  await page.getByRole('heading', { level: 1, name }).waitFor({ timeout: 15_000 });
}
