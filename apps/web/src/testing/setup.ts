import '@testing-library/jest-dom/vitest';
import { cleanup } from '@testing-library/react';
import { afterEach, beforeEach } from 'vitest';
import { setViewportWidth } from './viewport.ts';

beforeEach(() => {
  setViewportWidth(1366);
});

afterEach(() => {
  cleanup();
  sessionStorage.clear();
  document.head.innerHTML = '';
  document.documentElement.removeAttribute('style');
});

// jsdom does not scroll; the router's ScrollRestoration calls this on every navigation.
window.scrollTo = () => {};
