import { loadSanitizer } from '../../lib/sanitizer.ts';

/**
 * Report-quality feedback (docs/product/images.md#report-quality-feedback): the referrer's
 * feedback page, with the questionnaires feature's survey inline, and its FAQ. Both load on
 * demand; SurveyJS only once a questionnaire shows, DOMPurify with the FAQ (its HTML).
 */
export const reportFeedbackRoutes = {
  /** /referrer/report-feedback?imsec= or ?accession= */
  feedback: async () => ({
    Component: (await import('./routes/report-feedback-page.tsx')).ReportFeedbackPage,
  }),
  /** /referrer/report-feedback/faq (the feedback page's query, kept for the way back) */
  faq: async () => {
    const [page] = await Promise.all([
      import('./routes/report-feedback-faq-page.tsx'),
      loadSanitizer(),
    ]);
    return { Component: page.ReportFeedbackFaqPage };
  },
};
