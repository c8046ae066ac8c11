/** The deny page (docs/product/authentication.md#deny-page), loaded on demand. */
export const denyRoute = async () => ({
  Component: (await import('./routes/deny-page.tsx')).DenyPage,
});
