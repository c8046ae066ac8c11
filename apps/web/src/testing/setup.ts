import '@testing-library/jest-dom/vitest';
import { cleanup, configure } from '@testing-library/react';
import { afterEach, beforeAll, beforeEach } from 'vitest';
import { loadSanitizer } from '../lib/sanitizer.ts';
import { setViewportWidth } from './viewport.ts';

// Pages and the staff menu are lazy chunks; on a loaded 2-core machine their first import
// can take longer than Testing Library's default 1 s wait for a `findBy` query.
configure({ asyncUtilTimeout: 5000 });

// Startup loads DOMPurify before the shell renders configuration HTML; tests render the
// shell without Startup.
beforeAll(async () => {
  await loadSanitizer();
});

beforeEach(() => {
  setViewportWidth(1366);
});

// Files share one jsdom per worker (vitest.shared.ts): whatever a test leaves on the document,
// the storages or the URL would reach the next file, in an order that changes from run to run.
afterEach(() => {
  cleanup();
  sessionStorage.clear();
  localStorage.clear();
  window.history.replaceState(null, '', '/');
  for (const cookie of document.cookie.split(';')) {
    const name = cookie.split('=')[0]?.trim();
    // biome-ignore lint/suspicious/noDocumentCookie: jsdom's cookie jar, emptied between tests.
    if (name) document.cookie = `${name}=; path=/; expires=Thu, 01 Jan 1970 00:00:00 GMT`;
  }
  document.head.innerHTML = '';
  for (const { name } of [...document.documentElement.attributes]) {
    document.documentElement.removeAttribute(name);
  }
});

// jsdom does not scroll; the router's ScrollRestoration calls this on every navigation.
window.scrollTo = () => {};
