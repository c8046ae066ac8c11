import { loadSanitizer } from '../../lib/sanitizer.ts';

/**
 * Route modules of the static pages, loaded on demand
 * (docs/product/shell-and-configuration.md#static-and-test-pages). The pages that show
 * configuration HTML load the sanitizer with their module.
 */
export const staticPageRoutes = {
  about: async () => {
    const [page] = await Promise.all([import('./routes/about-page.tsx'), loadSanitizer()]);
    return { Component: page.AboutPage };
  },
  contact: async () => {
    const [page] = await Promise.all([import('./routes/contact-page.tsx'), loadSanitizer()]);
    return { Component: page.ContactPage };
  },
  terms: async () => {
    const [page] = await Promise.all([import('./routes/terms-page.tsx'), loadSanitizer()]);
    return { Component: page.TermsPage };
  },
  privacy: async () => ({ Component: (await import('./routes/privacy-page.tsx')).PrivacyPage }),
};
