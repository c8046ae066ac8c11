import react from '@vitejs/plugin-react';
import { defineConfig, type Plugin } from 'vite';

const apiTarget = 'http://127.0.0.1:3000';

/**
 * @portal/contract only declares schemas and pure helpers, but its index re-exports every
 * module, and the bundler must assume top-level `z.object(...)` calls have side effects. The
 * web app uses its types and a few helpers (themeToCssVariables, isSupportedLocale), so mark
 * the package side-effect free and let tree-shaking drop zod from the browser bundle.
 */
function contractIsSideEffectFree(): Plugin {
  return {
    name: 'portal:contract-side-effect-free',
    transform(code, id) {
      if (/[\\/]packages[\\/]contract[\\/]src[\\/]/.test(id)) {
        return { code, map: null, moduleSideEffects: false };
      }
      return null;
    },
  };
}

export default defineConfig({
  plugins: [react(), contractIsSideEffectFree()],
  build: {
    outDir: 'dist',
    emptyOutDir: true,
    sourcemap: true,
    // Routes are split by the router's lazy() imports (see src/app/router.tsx).
  },
  server: {
    port: 5173,
    proxy: {
      '/api': apiTarget,
      '/healthz': apiTarget,
      '/readyz': apiTarget,
    },
  },
  preview: {
    proxy: {
      '/api': apiTarget,
      '/healthz': apiTarget,
      '/readyz': apiTarget,
    },
  },
});
