export const homeRoute = async () => ({
  Component: (await import('./routes/home-page.tsx')).HomePage,
});
