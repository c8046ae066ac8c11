/** The deny page (spec 1 §2, §4), loaded on demand. */
export const denyRoute = async () => ({
  Component: (await import('./routes/deny-page.tsx')).DenyPage,
});
