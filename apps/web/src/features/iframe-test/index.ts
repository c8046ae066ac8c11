export { defaultEmbedLink, parseEmbedLink } from './routes/embed-link.ts';

export const iframeTestRoute = async () => ({
  Component: (await import('./routes/iframe-test-page.tsx')).IframeTestPage,
});
