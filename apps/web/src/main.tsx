import { StrictMode, startTransition } from 'react';
import { createRoot } from 'react-dom/client';
import { App } from './app/app.tsx';
import { prepareApp } from './app/boot.ts';
import { readBootstrap } from './lib/bootstrap.ts';
import { installErrorReporting } from './lib/error-reporting.ts';
import { loadSanitizer, shellShowsHtml } from './lib/sanitizer.ts';
import './app/styles/global.css';

// First, so an error while the app starts is reported too (once the configuration says where).
installErrorReporting();

const root = document.getElementById('root');
if (!root) throw new Error('index.html has no #root element');

// A shell with configuration HTML needs the sanitizer (preloaded by index.html) before it
// renders; waiting for it here means the first render is the complete page instead of a
// loading state followed by a second, blocking render of everything.
const bootstrap = readBootstrap();
const ready =
  bootstrap && shellShowsHtml(bootstrap.config.radiology)
    ? loadSanitizer().catch(() => undefined) // Startup retries and shows its error state.
    : Promise.resolve(undefined);

void Promise.all([prepareApp(bootstrap), ready]).then(([prepared]) => {
  // As a transition the first render yields to the browser every few milliseconds instead
  // of blocking the main thread until the whole page is built.
  // #root may hold the server's static shell of the booking home (apps/server/src/plugins/
  // app-shell-prerender.ts). createRoot, not hydrateRoot: React removes that markup in the
  // same commit that inserts the app, so the two never coexist and need not match node for
  // node; the shell's CSS only has to give the header and heading the same boxes.
  startTransition(() => {
    createRoot(root).render(
      <StrictMode>
        <App prepared={prepared} />
      </StrictMode>,
    );
  });
});
