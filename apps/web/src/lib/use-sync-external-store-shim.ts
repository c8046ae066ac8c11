/**
 * What `use-sync-external-store/shim` gives on React 18 and later: React's own hook (the shim
 * checks for it and returns it). react-i18next imports the shim for older Reacts; aliased to
 * this in the build (vite.config.ts), the shim's CommonJS code (0.4 KB gzip) leaves every page's
 * first load.
 */
export { useSyncExternalStore } from 'react';
