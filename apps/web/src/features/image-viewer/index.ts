/**
 * Images (docs/product/image-viewer-web.md): the image viewer report page `/referrer-report`
 * with its embedded zero-footprint viewer (decision 030), the external radiologist's
 * `/referrer-access`, the referrer's quick report `/referrer/quick-report`, and a result's View
 * images button for the results pages.
 */
export { ViewImagesButton } from './components/view-images-button.tsx';

export const imageViewerRoutes = {
  /** /referrer-report?imsec&repositorySource: the viewer for one study's link. */
  report: async () => ({
    Component: (await import('./routes/referrer-report-page.tsx')).ReferrerReportPage,
  }),
  /** /referrer/quick-report?imsec&repositorySource: the released report of the link's study. */
  quickReport: async () => ({
    Component: (await import('./routes/quick-report-page.tsx')).QuickReportPage,
  }),
  /** /referrer-access: input, username and email, then the viewer. */
  referrerAccess: async () => ({
    Component: (await import('./routes/referrer-access-page.tsx')).ReferrerAccessPage,
  }),
};
