import { errorCodes } from '@portal/contract';
import type { FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';
import { DomainError } from '../domain-error.ts';

/**
 * READ_ONLY=true refuses a write: 503 because a maintenance window is what HTTP names it for,
 * with Retry-After (docs/decisions/036-read-only-mode.md).
 */
export class ReadOnlyError extends DomainError {
  readonly statusCode = 503;
  readonly code: string = errorCodes.readOnly;
}

/** Seconds a refused client is told to wait; the window's real length is not known here. */
export const readOnlyRetryAfterSeconds = 600;

const writeMethods = new Set(['POST', 'PUT', 'PATCH', 'DELETE']);

/**
 * The writes a patient (or staff member reading images) still needs during the window: signing
 * in and out, and the POSTs that only read. They change access bookkeeping (sessions, one-time
 * passwords, attempts, the audit), never a booking, appointment, document or answer
 * (docs/decisions/036-read-only-mode.md lists why each is here).
 */
export const readOnlyExceptions: ReadonlySet<string> = new Set([
  'POST /api/authentication',
  'POST /api/authentication/otp',
  'POST /api/authentication/otp/validate',
  'POST /api/authentication/captcha',
  'POST /api/authentication/logout',
  'POST /api/sso/nonce',
  'POST /api/sso/session',
  'DELETE /api/sso/session',
  'POST /api/secured/appointments/:bookingKey/result/patient_match',
  'POST /api/image_viewer/generate',
  'POST /api/image_viewer/direct',
  'POST /api/appointment-links/lookup',
]);

export interface ReadOnlyOptions {
  readOnly: boolean;
}

/**
 * With READ_ONLY=true every POST, PUT, PATCH and DELETE under /api/ is refused in onRequest,
 * before authentication, body parsing and the handler, so nothing it would change changes.
 * Reads (and the exceptions above) go on. An exception that names no route fails the start:
 * a renamed route must not silently become refused (or allowed).
 */
export const readOnlyPlugin = fp<ReadOnlyOptions>(
  async (app: FastifyInstance, options) => {
    if (!options.readOnly) return;
    const routes = new Set<string>();
    app.addHook('onRoute', (route) => {
      const methods = Array.isArray(route.method) ? route.method : [route.method];
      for (const method of methods) routes.add(`${method} ${route.url}`);
    });
    app.addHook('onReady', async () => {
      const unknown = [...readOnlyExceptions].filter((exception) => !routes.has(exception));
      if (unknown.length > 0) {
        throw new Error(`read-only exceptions without a route: ${unknown.join(', ')}`);
      }
    });
    app.addHook('onRequest', async (request, reply) => {
      const route = request.routeOptions.url;
      // An address without a route keeps its 404.
      if (route === undefined || !writeMethods.has(request.method)) return;
      if (!route.startsWith('/api/') || readOnlyExceptions.has(`${request.method} ${route}`)) {
        return;
      }
      reply.header('retry-after', String(readOnlyRetryAfterSeconds));
      throw new ReadOnlyError(
        'The portal is in read-only mode for maintenance: nothing can be changed right now. Please try again later.',
      );
    });
  },
  { name: 'read-only' },
);
