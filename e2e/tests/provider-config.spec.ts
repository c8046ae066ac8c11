import { describe, expect, test } from 'vitest';
import { screenshot, type ViewportName } from '../support/browser.ts';
import { siteLinks } from '../support/navigation.ts';
import { useSuite } from '../support/suite.ts';

// A provider whose static pages live on its own website, with no admin link.
const external = {
  aboutUrl: 'https://provider.example/about-us',
  contactUrl: 'https://provider.example/contact-us',
  termsAndConditionsUrl: 'https://provider.example/terms',
  privacyPolicyUrl: 'https://provider.example/privacy',
};

const portal = useSuite({
  portal: {
    name: 'external-urls',
    configOverrides: {
      'radiology.json': external,
      'application.json': { showLinkToAdminPanel: false },
    },
  },
});
const { t } = portal;

describe.each<ViewportName>(['phone', 'desktop'])(
  'configured external pages on a %s',
  (viewport) => {
    test('About, Contact, Terms and Privacy links go to the configured URLs', async () => {
      const { page, context } = await portal.openPage(viewport);
      await page.goto(`${portal.url}/`);
      await page.getByRole('heading', { level: 1 }).waitFor();
      const links = await siteLinks(page, viewport, t);
      const expected = [
        ['nav.about', external.aboutUrl],
        ['nav.contact', external.contactUrl],
        ['nav.terms', external.termsAndConditionsUrl],
        ['nav.privacy', external.privacyPolicyUrl],
      ] as const;
      for (const [key, url] of expected) {
        const link = links.getByRole('link', { name: new RegExp(`^${t(key)}\\b`) });
        expect(await link.getAttribute('href'), key).toBe(url);
      }
      expect(await page.getByRole('link', { name: t('action.login') }).count()).toBe(0);
      await screenshot(page, `external-links-${viewport}`);
      await context.close();
    });
  },
);
