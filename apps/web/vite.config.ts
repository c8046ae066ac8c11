import { existsSync, readdirSync, readFileSync, writeFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { join, resolve } from 'node:path';
import { brotliCompressSync, constants, gzipSync } from 'node:zlib';
import react from '@vitejs/plugin-react';
import { defineConfig, type Plugin, type ResolvedConfig } from 'vite';

const apiTarget = 'http://127.0.0.1:3000';
/**
 * React Router 7's package exports name only its development build (with its development
 * warnings), whatever the mode: a known upstream issue (remix-run/react-router#14102). The
 * production build takes its production files, which sit beside them; a layout change in a
 * later version fails the build here rather than shipping the development files.
 */
function reactRouterProductionBuild(): string {
  const development = createRequire(import.meta.url).resolve('react-router');
  const production = development.replace(
    /dist[\\/]development[\\/]index\.m?js$/,
    'dist/production/index.mjs',
  );
  if (production === development || !existsSync(production)) {
    throw new Error(`react-router: no production build beside ${development}`);
  }
  return production;
}

/** DOMPurify's chunk: sanitize-<hash>.js. */
const sanitizeChunk = 'sanitize';

/**
 * DOMPurify loads on demand (src/lib/sanitizer.ts), in the chunk named `sanitize` (see
 * codeSplitting below). index.html gets a marker naming that chunk; the server turns it into a
 * modulepreload when the provider's shell shows configuration HTML (banner, header message,
 * footer), and removes it otherwise.
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

/** The booking home's route module, loaded with import() by src/features/booking/index.ts. */
const homeModule = /[\\/]features[\\/]booking[\\/]routes[\\/]booking-home-route\.ts$/;

/**
 * The booking home is a route chunk of its own, so the other pages (a patient's appointment
 * opened from a message, above all) do not download it with the entry. index.html gets a marker
 * naming the home's chunk and the chunks it imports beyond the entry's; the server turns it
 * into modulepreloads on the home's paths, so the home loads it alongside the entry as when it
 * was part of it, and removes it elsewhere (apps/server/src/plugins/index-html.ts).
 */
function homeChunkMarker(): Plugin {
  return {
    name: 'portal:home-chunk-marker',
    apply: 'build',
    transformIndexHtml: {
      order: 'post',
      handler(_html, { bundle }) {
        if (!bundle) return [];
        const chunks = Object.values(bundle).filter((output) => output.type === 'chunk');
        const byName = new Map(chunks.map((chunk) => [chunk.fileName, chunk]));
        const staticGraph = (fileName: string, into = new Set<string>()) => {
          if (into.has(fileName)) return into;
          into.add(fileName);
          for (const imported of byName.get(fileName)?.imports ?? []) staticGraph(imported, into);
          return into;
        };
        const entry = chunks.find((chunk) => chunk.isEntry);
        const home = chunks.find((chunk) => homeModule.test(chunk.facadeModuleId ?? ''));
        if (!entry || !home) throw new Error('homeChunkMarker: no entry or booking home chunk');
        const entryGraph = staticGraph(entry.fileName);
        // Dependencies first, the home's own chunk last (public/app-loader.js evaluates in order).
        const files = [...staticGraph(home.fileName)].filter((file) => !entryGraph.has(file));
        files.reverse();
        return [
          {
            tag: 'meta',
            attrs: {
              name: 'portal-home-chunks',
              content: files.map((file) => `/${file}`).join(' '),
            },
            injectTo: 'head',
          },
        ];
      },
    },
  };
}

/**
 * A lazy chunk's import() carries the list of files to preload with it (`__vite__mapDeps`), and
 * Vite lists every chunk the imported one needs, the entry's own static graph included. Those
 * are always loaded before any code runs (the entry needs them to start), so naming them only
 * adds bytes, uncompressible hashed names mostly, to every chunk that loads another: the
 * appointment page's documents section named seven of them for its four modals. The entry's
 * graph is read from the bundle before Vite writes the lists (this plugin's generateBundle
 * runs before Vite's own post plugins) and left out of them; CSS is never passed here.
 */
function entryGraphPreloads() {
  let entryGraph = new Set<string>();
  const plugin: Plugin = {
    name: 'portal:entry-graph-preloads',
    apply: 'build',
    generateBundle(_options, bundle) {
      const chunks = new Map(
        Object.values(bundle).flatMap((output) =>
          output.type === 'chunk' ? [[output.fileName, output] as const] : [],
        ),
      );
      const entry = [...chunks.values()].find((chunk) => chunk.isEntry);
      if (!entry) throw new Error('entryGraphPreloads: no entry chunk');
      const graph = new Set<string>();
      const visit = (fileName: string) => {
        if (graph.has(fileName)) return;
        graph.add(fileName);
        for (const imported of chunks.get(fileName)?.imports ?? []) visit(imported);
      };
      visit(entry.fileName);
      entryGraph = graph;
    },
  };
  const resolveDependencies = (
    _file: string,
    deps: string[],
    context: { hostType: 'html' | 'js' },
  ) => {
    // index.html's modulepreload links are the entry graph itself: they must stay, or the
    // browser finds react-dom and the rest only after the entry has loaded (a waterfall).
    if (context.hostType === 'html') return deps;
    if (entryGraph.size === 0) throw new Error('entryGraphPreloads: the entry graph is unknown');
    return deps.filter((dep) => !entryGraph.has(dep));
  };
  return { plugin, resolveDependencies };
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

const preloads = entryGraphPreloads();

export default defineConfig(({ command }) => ({
  resolve: {
    // Only for `vite build`: the dev server and the web tests keep the development warnings.
    alias:
      command === 'build'
        ? [
            { find: /^react-router$/, replacement: reactRouterProductionBuild() },
            {
              find: /^use-sync-external-store\/shim(\/index\.js)?$/,
              replacement: resolve(import.meta.dirname, 'src/lib/use-sync-external-store-shim.ts'),
            },
          ]
        : [],
  },
  // @portal/contract declares `sideEffects: false`, so tree-shaking keeps zod out of pages
  // that only use its types and pure helpers.
  plugins: [
    react(),
    sanitizerChunkMarker(),
    homeChunkMarker(),
    preloads.plugin,
    precompressAssets(),
  ],
  build: {
    modulePreload: { resolveDependencies: preloads.resolveDependencies },
    outDir: 'dist',
    emptyOutDir: true,
    sourcemap: true,
    // Routes are split by the router's lazy() imports (see src/app/router.tsx). React DOM gets
    // a chunk of its own, so public/app-loader.js can evaluate it in a task apart from the app
    // (it is three quarters of the entry's code), and so do the other large libraries every
    // page starts with, React Router and i18next. DOMPurify, imported only by
    // src/lib/sanitizer.ts's import(), gets a stable name for the marker above.
    // The rest of the start-up code that route chunks share with the entry (the JSX runtime,
    // React Query and react-i18next's hooks, the API client, the config, the patient session's
    // keys) is one chunk, `app-shared`: by default each set of chunks sharing modules gets a
    // chunk of its own, and every page loaded seven small ones, each with its own imports,
    // exports and compression (1.4-1.7 KB gzip more on every page). Every page loads them with
    // the entry, so none gets code it did not load before.
    rolldownOptions: {
      output: {
        codeSplitting: {
          groups: [
            { name: 'react-dom', test: /node_modules[\\/](react-dom|scheduler)[\\/]/ },
            { name: sanitizeChunk, test: /node_modules[\\/]dompurify[\\/]/ },
            { name: 'react-router', test: /node_modules[\\/]react-router[\\/]/ },
            { name: 'i18next', test: /node_modules[\\/]i18next[\\/]/ },
            // The entry's static graph ($initial), where a route chunk imports it too; after the
            // groups above, which keep their modules.
            { name: 'app-shared', tags: ['$initial'], minShareCount: 2 },
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
