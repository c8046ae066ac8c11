import type { ClinicListResponse, Region } from '@portal/contract';
import type { Page } from 'playwright-core';
import { beforeAll, describe, expect, test } from 'vitest';
import { screenshot, type ViewportName } from '../support/browser.ts';
import { waitForHeading } from '../support/navigation.ts';
import { getJson } from '../support/portal-api.ts';
import { expectNoAxeViolations, sharedPortalUrl, useSuite } from '../support/suite.ts';

const portalUrl = sharedPortalUrl();
const { t, openPage } = useSuite();
let regions: Region[];

beforeAll(async () => {
  regions = await getJson<Region[]>(portalUrl, '/api/regions');
});

/** Map tiles come from the internet, which this machine does not have: their failures are expected. */
const isTileFailure = (message: string) =>
  /Failed to load resource|ERR_NAME_NOT_RESOLVED|ERR_INTERNET_DISCONNECTED|ERR_CONNECTION/.test(
    message,
  );

const clinicNames = async (page: Page) =>
  page
    .getByRole('region', { name: t('page.select_region.clinics_heading') })
    .getByRole('listitem')
    .getByRole('heading', { level: 3 })
    .allTextContents();

const search = (page: Page) => new URL(page.url()).searchParams;

describe.each<ViewportName>(['phone', 'desktop'])('the clinic map on a %s', (viewport) => {
  test('region, postcode search and clinic selection, kept in the URL; the list works without map tiles', async () => {
    const region = regions.find((r) => r.slug === 'sydney') ?? regions[0];
    if (!region) throw new Error('the demo provider has no regions');
    const { page, context, consoleErrors } = await openPage(viewport);
    await page.goto(`${portalUrl}/select-region`);
    await waitForHeading(page, t('page.select_region.title'));

    // Choose a region: its clinics, nearest the region's centre first.
    await page
      .getByRole('combobox', { name: t('page.select_region.region_label') })
      .selectOption({ label: region.name });
    await page.waitForURL((url) => url.searchParams.get('regionSlug') === region.slug);
    await page
      .getByText(t('page.select_region.ordered_from_region', { region: region.name }))
      .waitFor();
    const expected = await getJson<ClinicListResponse>(
      portalUrl,
      `/api/clinics?regionSlug=${region.slug}&latitude=${region.location.latitude}&longitude=${region.location.longitude}`,
    );
    expect(expected.clinics.length).toBeGreaterThan(1);
    const distances = expected.clinics.map((clinic) => clinic.distanceKm ?? 0);
    expect(distances).toEqual([...distances].sort((a, b) => a - b));
    await expect.poll(() => clinicNames(page)).toEqual(expected.clinics.map((c) => c.name));
    await screenshot(page, `clinic-map-region-${viewport}`);

    // Search a postcode: the nearest clinic to it comes first, the place is in the URL.
    await page.getByRole('searchbox', { name: t('page.select_region.search_label') }).fill('2150');
    await page.getByRole('button', { name: t('page.select_region.search_button') }).click();
    await page.waitForURL((url) => url.searchParams.has('lat') && url.searchParams.has('lng'));
    expect(search(page).get('regionSlug')).toBeNull();
    await expect.poll(async () => (await clinicNames(page))[0]).toBe('Parramatta');

    // The map loaded (Leaflet, in its own chunk) and names itself; without tiles it says so.
    const map = page.getByRole('region', { name: t('page.select_region.map_label') });
    await map.waitFor();
    await page.getByText(t('page.select_region.map_tiles_failed')).waitFor({ timeout: 20_000 });

    // Choosing a clinic on the map selects it in the list, which takes focus.
    await map.getByRole('img', { name: 'Parramatta' }).click();
    await page.waitForURL((url) => url.searchParams.get('clinic') === 'parramatta');
    await expect
      .poll(() => page.evaluate(() => document.activeElement?.textContent ?? ''))
      .toBe('Parramatta');

    // Select another clinic from the list: the URL names it and the list marks it.
    const second = (await clinicNames(page))[1] ?? '';
    const show = page.getByRole('button', {
      name: `${t('page.select_region.show_on_map')} ${t('page.select_region.at_clinic', { name: second })}`,
    });
    await show.click();
    await page.waitForURL((url) => !['parramatta', null].includes(url.searchParams.get('clinic')));
    const selectedSlug = search(page).get('clinic');
    // The URL changes first; the list re-renders right after it.
    await expect.poll(() => show.getAttribute('aria-pressed')).toBe('true');
    await map.getByRole('img', { name: second }).waitFor();

    // Book here leads into the booking flow with that clinic.
    const book = page
      .locator('li[aria-current="true"]')
      .getByRole('link', { name: new RegExp(`^${t('page.select_region.book_here')}`) });
    expect(await book.getAttribute('href')).toBe(`/?clinic=${selectedSlug}`);

    // Reload keeps the selection (the URL is the state).
    const before = page.url();
    await page.reload();
    await waitForHeading(page, t('page.select_region.title'));
    expect(page.url()).toBe(before);
    await page.locator('li[aria-current="true"]').getByRole('heading', { name: second }).waitFor();
    await page.getByText(t('page.select_region.map_tiles_failed')).waitFor({ timeout: 20_000 });

    await expectNoAxeViolations(page, `clinic map on ${viewport}`);
    await screenshot(page, `clinic-map-selected-${viewport}`);
    expect(consoleErrors.filter((message) => !isTileFailure(message))).toEqual([]);
    await context.close();
  });
});
