import { readdirSync, readFileSync, writeFileSync } from 'node:fs';
import { join, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import { brotliCompressSync, constants, gzipSync } from 'node:zlib';
import react from '@vitejs/plugin-react';
import { defineConfig, type HtmlTagDescriptor, type Plugin, type ResolvedConfig } from 'vite';

const apiTarget = 'http://127.0.0.1:3000';

/**
 * The booking home is the most visited page: index.html preloads its route chunk (with the
 * chunks it imports and its CSS), so the browser fetches it alongside the entry instead of
 * after the entry has run and the router has asked for it. Other routes still load on demand.
 */
function preloadRouteChunks(routeModules: string[]): Plugin {
  return {
    name: 'portal:preload-route-chunks',
    apply: 'build',
    transformIndexHtml: {
      order: 'post',
      handler(_html, { bundle }) {
        if (!bundle) return [];
        const chunks = Object.values(bundle).filter((output) => output.type === 'chunk');
        const entry = chunks.find((chunk) => chunk.isEntry);
        const alreadyLoaded = new Set([entry?.fileName, ...(entry?.imports ?? [])]);
        const scripts = new Set<string>();
        const styles = new Set<string>();
        const visit = (fileName: string) => {
          const chunk = chunks.find((candidate) => candidate.fileName === fileName);
          if (!chunk || alreadyLoaded.has(fileName) || scripts.has(fileName)) return;
          scripts.add(fileName);
          for (const css of chunk.viteMetadata?.importedCss ?? []) styles.add(css);
          for (const imported of chunk.imports) visit(imported);
        };
        for (const module of routeModules) {
          const route = chunks.find((chunk) => chunk.facadeModuleId?.endsWith(module));
          if (!route) throw new Error(`preloadRouteChunks: no chunk for ${module}`);
          visit(route.fileName);
        }
        const base = '/';
        // DOMPurify loads on demand (src/lib/sanitizer.ts). The server turns this marker into a
        // modulepreload when the provider's shell shows configuration HTML (banner, header
        // message, footer), and removes it otherwise.
        const sanitizer = chunks.find((chunk) =>
          chunk.facadeModuleId?.endsWith('src/lib/sanitize.ts'),
        );
        if (!sanitizer) throw new Error('preloadRouteChunks: no chunk for src/lib/sanitize.ts');
        return [
          {
            tag: 'meta',
            attrs: { name: 'portal-sanitizer-chunk', content: `${base}${sanitizer.fileName}` },
            injectTo: 'head',
          },
          ...[...styles].map<HtmlTagDescriptor>((file) => ({
            tag: 'link',
            attrs: { rel: 'stylesheet', crossorigin: true, href: `${base}${file}` },
            injectTo: 'head',
          })),
          ...[...scripts].map<HtmlTagDescriptor>((file) => ({
            tag: 'link',
            attrs: { rel: 'modulepreload', crossorigin: true, href: `${base}${file}` },
            injectTo: 'head',
          })),
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

export default defineConfig(({ command }) => ({
  // @portal/contract declares `sideEffects: false`, so tree-shaking keeps zod out of pages
  // that only use its types and pure helpers.
  plugins: [
    react(),
    preloadRouteChunks(['src/features/booking/routes/booking-home-page.tsx']),
    precompressAssets(),
  ],
  resolve: {
    // react-router's package exports only its development build (dev warnings on); the
    // production build beside it differs by ENABLE_DEV_WARNINGS = false, which lets the
    // minifier drop the warnings. Build only: tests and the dev server keep the warnings.
    alias:
      command === 'build'
        ? [
            {
              find: /^react-router$/,
              replacement: fileURLToPath(
                new URL(
                  '../../node_modules/react-router/dist/production/index.mjs',
                  import.meta.url,
                ),
              ),
            },
          ]
        : [],
  },
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
}));
