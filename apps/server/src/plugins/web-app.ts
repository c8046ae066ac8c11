import { existsSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { brotliCompressSync, constants, gzipSync } from 'node:zlib';
import fastifyStatic from '@fastify/static';
import {
  bannerFingerprint,
  closedBannerCookieName,
  errorCodes,
  type PortalBootstrap,
} from '@portal/contract';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import fp from 'fastify-plugin';
import { escapeHtml } from '../escape-html.ts';
import { prerenderTargetOf, renderAppShell } from './app-shell-prerender.ts';
import { sendError, sendNotFound } from './error-handler.ts';
import {
  appLoaderPath,
  type IndexHtmlInput,
  isBookingHomeUrl,
  renderIndexHtml,
} from './index-html.ts';

export interface WebAppOptions extends IndexHtmlInput {
  distDir: string;
  /**
   * The start-up data for a request's `lang` query parameter (absent: the provider's locale),
   * inlined into index.html so the app renders without fetching it (docs/decisions/007).
   */
  bootstrapFor?: (lang: string | undefined) => PortalBootstrap;
}

/** Vite puts content-hashed files under assets/ (`index-B1c2D3e4.js`): safe to cache forever. */
const hashedAsset = /^\/?assets\/.+[-.][A-Za-z0-9_-]{8,}\.[a-z0-9]+$/;

/** apps/web/public/embed.js: the script a provider's page runs beside its frame. */
export const embedScript = 'embed.js';

export function cacheControlFor(relativePath: string): string {
  // A precompressed copy (`index-B1c2D3e4.js.br`) is cached like the file it compresses.
  const path = relativePath.replace(/\\/g, '/').replace(/\.(br|gz)$/, '');
  return hashedAsset.test(path) ? 'public, max-age=31536000, immutable' : 'public, max-age=300';
}

type HtmlEncoding = 'br' | 'gzip' | 'identity';

/** The best encoding of index.html that a request accepts (brotli, then gzip, else none). */
export function htmlEncodingFor(acceptEncoding: string | undefined): HtmlEncoding {
  const accepted = new Set(
    (acceptEncoding ?? '')
      .split(',')
      .map((part) => part.trim().toLowerCase().split(';'))
      .filter(([, q]) => !q || !/^\s*q=0(\.0*)?\s*$/.test(q))
      .map(([coding]) => coding),
  );
  if (accepted.has('br')) return 'br';
  if (accepted.has('gzip')) return 'gzip';
  return 'identity';
}

interface RenderedIndex {
  identity: string;
  br: Buffer;
  gzip: Buffer;
}

const notBuiltMessage =
  'The web app has not been built yet. Run `npm run build` in the repository root, then restart the server.';

function isAppRoute(request: FastifyRequest): boolean {
  const path = request.url.split('?')[0] ?? '/';
  return (
    (request.method === 'GET' || request.method === 'HEAD') &&
    !path.startsWith('/api/') &&
    path !== '/api' &&
    // A missing build file is a 404, not the app shell.
    !path.startsWith('/assets/')
  );
}

/**
 * Serves the built single-page app: static files from apps/web/dist, and
 * index.html (with the provider's head injected) for every other GET that
 * is not an API call, including /iframe/... routes. Without a build the
 * server still runs the API and explains what to do on app routes.
 */
export const webAppPlugin = fp<WebAppOptions>(
  async (app: FastifyInstance, options) => {
    const indexPath = join(options.distDir, 'index.html');
    const built = existsSync(indexPath);
    const template = built ? readFileSync(indexPath, 'utf8') : null;
    const appLoader = existsSync(join(options.distDir, appLoaderPath.slice(1)));
    // One rendering per locale and prerendered page kind, made on first use: configuration changes only with a restart.
    // It is compressed then too (with the inlined data it is tens of kilobytes).
    const rendered = new Map<string, RenderedIndex>();
    const indexHtmlFor = (request: FastifyRequest): RenderedIndex | null => {
      if (template === null) return null;
      const lang = new URLSearchParams(request.url.split('?')[1] ?? '').get('lang') ?? undefined;
      const bootstrap = options.bootstrapFor?.(lang);
      // A handful of variants at most: the prerendered page kinds times the locales, with the
      // banner or without it for a visitor who closed it.
      const target = bootstrap ? prerenderTargetOf(request.url) : null;
      const bannerClosed =
        target !== null &&
        bootstrap !== undefined &&
        request.cookies?.[closedBannerCookieName] ===
          bannerFingerprint(bootstrap.config.radiology.bannerMessage);
      const onHome = isBookingHomeUrl(request.url);
      const key = `${bootstrap?.locale ?? ''} ${target ?? ''} ${bannerClosed} ${onHome}`;
      let html = rendered.get(key);
      if (html === undefined) {
        const shell = bootstrap && target ? renderAppShell(target, bootstrap, bannerClosed) : null;
        const identity = renderIndexHtml(template, options, bootstrap, shell, appLoader, onHome);
        html = {
          identity,
          br: brotliCompressSync(identity, {
            params: { [constants.BROTLI_PARAM_MODE]: constants.BROTLI_MODE_TEXT },
          }),
          gzip: gzipSync(identity),
        };
        rendered.set(key, html);
      }
      return html;
    };
    if (!built)
      app.log.warn({ distDir: options.distDir }, 'web app not built; app routes answer 503');

    if (built) {
      await app.register(fastifyStatic, {
        root: options.distDir,
        prefix: '/',
        index: false,
        wildcard: true,
        cacheControl: false,
        // The build writes .br and .gz beside each text asset (apps/web/vite.config.ts).
        preCompressed: true,
        // index.html is only ever served rendered, through the fallback below.
        allowedPath: (pathName) => pathName !== '/index.html',
        setHeaders: (response, filePath) => {
          const relativePath = filePath.slice(options.distDir.length + 1);
          response.header('cache-control', cacheControlFor(relativePath));
          // The embedding snippet is loaded by providers' own pages (docs/product/embedding.md).
          if (relativePath.replace(/\.(br|gz)$/, '') === embedScript) {
            response.header('cross-origin-resource-policy', 'cross-origin');
          }
        },
      });
    }

    const serveApp = (request: FastifyRequest, reply: FastifyReply) => {
      const indexHtml = indexHtmlFor(request);
      if (indexHtml === null) {
        if (request.headers.accept?.includes('text/html')) {
          return reply
            .status(503)
            .header('cache-control', 'no-store')
            .type('text/html; charset=utf-8')
            .send(
              `<!doctype html><html lang="en"><head><meta charset="utf-8"><title>Web app not built</title></head><body><h1>Web app not built</h1><p>${escapeHtml(notBuiltMessage)}</p></body></html>`,
            );
        }
        return sendError(reply, 503, errorCodes.unavailable, notBuiltMessage);
      }
      const encoding = htmlEncodingFor(request.headers['accept-encoding']);
      reply
        .status(200)
        .header('cache-control', 'no-cache')
        // The prerendered home differs with the closed-banner cookie.
        .header('vary', 'accept-encoding, cookie')
        .type('text/html; charset=utf-8');
      if (encoding === 'identity') return reply.send(indexHtml.identity);
      return reply.header('content-encoding', encoding).send(indexHtml[encoding]);
    };

    // The root is a directory to the static handler; answer it with the app directly.
    app.get('/', { schema: { hide: true } }, serveApp);
    app.setNotFoundHandler((request: FastifyRequest, reply: FastifyReply) =>
      isAppRoute(request) ? serveApp(request, reply) : sendNotFound(reply),
    );
  },
  { name: 'web-app' },
);
