import { existsSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import fastifyStatic from '@fastify/static';
import { errorCodes } from '@portal/contract';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import fp from 'fastify-plugin';
import { sendError, sendNotFound } from './error-handler.ts';
import { escapeHtml, type IndexHtmlInput, renderIndexHtml } from './index-html.ts';

export interface WebAppOptions extends IndexHtmlInput {
  distDir: string;
}

/** Vite puts content-hashed files under assets/ (`index-B1c2D3e4.js`): safe to cache forever. */
const hashedAsset = /^\/?assets\/.+[-.][A-Za-z0-9_-]{8,}\.[a-z0-9]+$/;

export function cacheControlFor(relativePath: string): string {
  return hashedAsset.test(relativePath.replace(/\\/g, '/'))
    ? 'public, max-age=31536000, immutable'
    : 'public, max-age=300';
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
    const indexHtml = built ? renderIndexHtml(readFileSync(indexPath, 'utf8'), options) : null;
    if (!built)
      app.log.warn({ distDir: options.distDir }, 'web app not built; app routes answer 503');

    if (built) {
      await app.register(fastifyStatic, {
        root: options.distDir,
        prefix: '/',
        index: false,
        wildcard: true,
        cacheControl: false,
        // index.html is only ever served rendered, through the fallback below.
        allowedPath: (pathName) => pathName !== '/index.html',
        setHeaders: (response, filePath) => {
          response.header(
            'cache-control',
            cacheControlFor(filePath.slice(options.distDir.length + 1)),
          );
        },
      });
    }

    const serveApp = (request: FastifyRequest, reply: FastifyReply) => {
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
      return reply
        .status(200)
        .header('cache-control', 'no-cache')
        .type('text/html; charset=utf-8')
        .send(indexHtml);
    };

    // The root is a directory to the static handler; answer it with the app directly.
    app.get('/', { schema: { hide: true } }, serveApp);
    app.setNotFoundHandler((request: FastifyRequest, reply: FastifyReply) =>
      isAppRoute(request) ? serveApp(request, reply) : sendNotFound(reply),
    );
  },
  { name: 'web-app' },
);
