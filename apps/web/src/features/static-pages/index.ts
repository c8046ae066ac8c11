/** Route modules of the static pages, loaded on demand (spec 1 §2 "Static and special pages"). */
export const staticPageRoutes = {
  about: async () => ({ Component: (await import('./routes/about-page.tsx')).AboutPage }),
  contact: async () => ({ Component: (await import('./routes/contact-page.tsx')).ContactPage }),
  terms: async () => ({ Component: (await import('./routes/terms-page.tsx')).TermsPage }),
  privacy: async () => ({ Component: (await import('./routes/privacy-page.tsx')).PrivacyPage }),
};
