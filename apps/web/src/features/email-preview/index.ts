/** The e-mail preview page (/preview-email): docs/product/messages.md#preview. */
export const emailPreviewRoute = async () => ({
  Component: (await import('./routes/email-preview-page.tsx')).EmailPreviewPage,
});
