import { readdirSync, readFileSync, writeFileSync } from 'node:fs';
import { join, resolve } from 'node:path';
import { brotliCompressSync, constants, gzipSync } from 'node:zlib';
import react from '@vitejs/plugin-react';
import { defineConfig, type Plugin, type ResolvedConfig } from 'vite';

const apiTarget = 'http://127.0.0.1:3000';

/** DOMPurify's chunk: sanitize-<hash>.js. */
const sanitizeChunk = 'sanitize';

/**
 * DOMPurify loads on demand (src/lib/sanitizer.ts), in the chunk named `sanitize` (see
 * codeSplitting below). index.html gets a marker naming that chunk; the server turns it into a
 * modulepreload when the provider's shell shows configuration HTML (banner, header message,
 * footer), and removes it otherwise. (The booking home, the most visited page, is in the entry
 * itself: see src/features/booking/index.ts.)
 */
function sanitizerChunkMarker(): Plugin {
  return {
    name: 'portal:sanitizer-chunk-marker',
    apply: 'build',
    transformIndexHtml: {
      order: 'post',
      handler(_html, { bundle }) {
        if (!bundle) return [];
        const sanitizer = Object.values(bundle).find(
          (output) => output.type === 'chunk' && output.name === sanitizeChunk,
        );
        if (!sanitizer) throw new Error(`sanitizerChunkMarker: no chunk named ${sanitizeChunk}`);
        return [
          {
            tag: 'meta',
            attrs: { name: 'portal-sanitizer-chunk', content: `/${sanitizer.fileName}` },
            injectTo: 'head',
          },
        ];
      },
    },
  };
}

/**
 * Writes `.br` and `.gz` beside every text asset, once, at maximum compression: the server
 * sends them to browsers that accept them (@fastify/static preCompressed), so no request pays
 * for compression and none gets the uncompressed files. index.html is rendered per request
 * and compressed by the server.
 */
function precompressAssets(): Plugin {
  let config: ResolvedConfig;
  return {
    name: 'portal:precompress-assets',
    apply: 'build',
    configResolved(resolved) {
      config = resolved;
    },
    closeBundle() {
      const dir = resolve(config.root, config.build.outDir, config.build.assetsDir);
      for (const name of readdirSync(dir)) {
        if (!/\.(js|css|svg|json)$/.test(name)) continue;
        const file = join(dir, name);
        const content = readFileSync(file);
        if (content.length < 1024) continue;
        writeFileSync(`${file}.gz`, gzipSync(content, { level: 9 }));
        writeFileSync(
          `${file}.br`,
          brotliCompressSync(content, {
            params: {
              [constants.BROTLI_PARAM_QUALITY]: constants.BROTLI_MAX_QUALITY,
              [constants.BROTLI_PARAM_SIZE_HINT]: content.length,
            },
          }),
        );
      }
    },
  };
}

export default defineConfig(() => ({
  // @portal/contract declares `sideEffects: false`, so tree-shaking keeps zod out of pages
  // that only use its types and pure helpers.
  plugins: [react(), sanitizerChunkMarker(), precompressAssets()],
  build: {
    outDir: 'dist',
    emptyOutDir: true,
    sourcemap: true,
    // Routes are split by the router's lazy() imports (see src/app/router.tsx). React DOM gets
    // a chunk of its own, so public/app-loader.js can evaluate it in a task apart from the app
    // (it is three quarters of the entry's code). DOMPurify, imported only by
    // src/lib/sanitizer.ts's import(), gets a stable name for the marker above.
    rolldownOptions: {
      output: {
        codeSplitting: {
          groups: [
            { name: 'react-dom', test: /node_modules[\\/](react-dom|scheduler)[\\/]/ },
            { name: sanitizeChunk, test: /node_modules[\\/]dompurify[\\/]/ },
          ],
        },
      },
    },
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
}));
