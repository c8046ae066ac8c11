import { beforeAll, describe, expect, test } from 'vitest';
import { screenshot, type ViewportName } from '../support/browser.ts';
import { siteLinks, waitForHeading } from '../support/navigation.ts';
import { type ProviderFacts, providerFacts } from '../support/portal-api.ts';
import { expectNoAxeViolations, sharedPortalUrl, useSuite } from '../support/suite.ts';

const portalUrl = sharedPortalUrl();
const { t, openPage } = useSuite();
let facts: ProviderFacts;

beforeAll(async () => {
  facts = await providerFacts(portalUrl);
});

const staticPages = [
  {
    path: '/about',
    link: 'nav.about',
    externalUrl: () => facts.radiology.aboutUrl,
    heading: () => t('page.about.title', { name: facts.radiology.name }),
  },
  {
    path: '/contact',
    link: 'nav.contact',
    externalUrl: () => facts.radiology.contactUrl,
    heading: () => t('page.contact.title'),
  },
  {
    path: '/terms',
    link: 'nav.terms',
    externalUrl: () => facts.radiology.termsAndConditionsUrl,
    heading: () => t('page.terms.title'),
  },
  {
    path: '/privacy',
    link: 'nav.privacy',
    externalUrl: () => facts.radiology.privacyPolicyUrl,
    heading: () => t('page.privacy.title'),
  },
] as const;

describe.each<ViewportName>(['phone', 'desktop'])('the shell on a %s', (viewport) => {
  test('home shows the provider in the title, the header logo and the copyright line', async () => {
    const { page, context, consoleErrors } = await openPage(viewport);
    await page.goto(`${portalUrl}/`);
    await page.getByRole('heading', { level: 1 }).waitFor();

    expect(await page.title()).toContain(facts.radiology.name);
    if (facts.application.metaTitle)
      expect(await page.title()).toContain(facts.application.metaTitle);

    const logo = page
      .getByRole('banner')
      .getByRole('img', { name: t('header.logo_alt', { name: facts.radiology.name }) });
    await logo.waitFor();
    const logoLoaded = await logo.evaluate(
      (image) => image instanceof HTMLImageElement && image.complete && image.naturalWidth > 0,
    );
    expect(logoLoaded).toBe(true);

    const copyright = t('footer.copyright', {
      year: new Date().getFullYear(),
      longName: facts.radiology.longName,
    });
    await page.getByRole('contentinfo').getByText(copyright).waitFor();

    await screenshot(page, `home-${viewport}`);
    expect(consoleErrors).toEqual([]);
    await context.close();
  });

  test('About, Contact, Terms and Privacy are reachable from the navigation', async () => {
    const { page, context } = await openPage(viewport);
    for (const staticPage of staticPages) {
      await page.goto(`${portalUrl}/`);
      await page.getByRole('heading', { level: 1 }).waitFor();
      const links = await siteLinks(page, viewport, t);
      const link = links.getByRole('link', { name: new RegExp(`^${t(staticPage.link)}\\b`) });
      const externalUrl = staticPage.externalUrl();
      if (externalUrl) {
        // A configured external page is linked, not opened (the test machine has no internet).
        expect(await link.getAttribute('href')).toBe(externalUrl);
        await page.goto(`${portalUrl}${staticPage.path}`);
      } else {
        await link.click();
      }
      await waitForHeading(page, staticPage.heading());
      expect(new URL(page.url()).pathname).toBe(staticPage.path);
      await screenshot(page, `${staticPage.path.slice(1)}-${viewport}`);
    }
    await context.close();
  });

  test('kiosk mode hides the admin login and the footer links, and keeps kiosk mode on links', async () => {
    const { page, context } = await openPage(viewport);
    await page.goto(`${portalUrl}/?kioskMode=true`);
    await page.getByRole('heading', { level: 1 }).waitFor();

    const logoLink = page.getByRole('banner').getByRole('link', {
      name: t('header.logo_alt', { name: facts.radiology.name }),
    });
    const logoHref = new URL((await logoLink.getAttribute('href')) ?? '', portalUrl);
    expect(logoHref.pathname).toBe('/kiosk');
    expect(logoHref.searchParams.get('kioskMode')).toBe('true');

    if (viewport === 'phone') {
      const menu = await siteLinks(page, viewport, t);
      expect(await menu.getByRole('link', { name: t('action.login') }).count()).toBe(0);
      const aboutHref = await menu
        .getByRole('link', { name: t('nav.about'), exact: true })
        .getAttribute('href');
      expect(new URL(aboutHref ?? '', portalUrl).searchParams.get('kioskMode')).toBe('true');
    } else {
      expect(await page.getByRole('link', { name: t('action.login') }).count()).toBe(0);
      expect(await page.getByRole('contentinfo').getByRole('link').count()).toBe(0);
    }
    await screenshot(page, `kiosk-${viewport}`);
    await context.close();
  });

  test('iframe routes render inside the iframe test page', async () => {
    const { page, context } = await openPage(viewport);
    await page.goto(`${portalUrl}/iframe-test?link=/iframe/about`);
    const frame = page.frameLocator('iframe');
    await frame
      .getByRole('heading', {
        level: 1,
        name: t('page.about.title', { name: facts.radiology.name }),
      })
      .waitFor({ timeout: 15_000 });
    // The embedded page is the bare iframe shell: no site header or footer inside the frame.
    expect(await frame.getByRole('contentinfo').count()).toBe(0);
    await screenshot(page, `iframe-test-${viewport}`);

    await page.goto(`${portalUrl}/iframe-test`);
    const src = await page.locator('iframe').getAttribute('src');
    expect(src).toBe('/iframe/select-region');
    await context.close();
  });
});

describe('accessibility', () => {
  test.each(['/', '/about', '/contact', '/terms', '/privacy'])(
    'axe finds no violations on %s',
    async (path) => {
      for (const viewport of ['phone', 'desktop'] as const) {
        const { page, context } = await openPage(viewport);
        await page.goto(`${portalUrl}${path}`);
        await page.getByRole('heading', { level: 1 }).waitFor();
        await expectNoAxeViolations(page, `${path} on ${viewport}`);
        await context.close();
      }
    },
  );
});
